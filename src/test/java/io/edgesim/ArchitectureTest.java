package io.edgesim;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The arrows of the architecture: the model (src/main/java/io/edgesim/model/**) imports nothing of Pekko, Akka, the
 * engines, the scenario language, the traffic generators, the reports or the CLI, and never reads a clock (time is
 * a parameter); inside the cluster engine, each part names only the parts below it (delivery, then node, then
 * actors, then the run wiring in engine.cluster itself); inside the scenario language, config (the HOCON source,
 * getters and layering) names none of the readers built on it, and the tier, region and trace readers name only
 * config and InputException, not one another nor the scenario readers above them; outside the scenario language
 * nothing names its config or tier machinery. Comments and string literals are ignored; each violation is reported
 * as file:line.
 */
class ArchitectureTest {

    private static final Path MODEL = Path.of("src", "main", "java", "io", "edgesim", "model");

    /** Something the model must not mention, and the reason a failure gives. */
    private record Rule(String reason, Pattern pattern) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule("depends on Pekko", Pattern.compile("(?<![\\w.])org\\.apache\\.pekko\\b")),
            new Rule("depends on Akka", Pattern.compile("(?<![\\w.])akka\\.")),
            new Rule("depends on an outer package", Pattern.compile(
                    "(?<![\\w.])io\\.edgesim\\.(engine|scenario|traffic|report|serve|cli)\\b")),
            new Rule("reads the wall clock", Pattern.compile("\\bSystem\\s*\\.\\s*(currentTimeMillis|nanoTime)\\b"
                    + "|\\b(Instant|LocalDate|LocalDateTime|LocalTime|ZonedDateTime|OffsetDateTime)\\s*\\.\\s*now\\b"
                    + "|\\bClock\\b")));

    private static final Path CLUSTER = Path.of("src", "main", "java", "io", "edgesim", "engine", "cluster");
    // a class of engine.cluster itself (the run wiring), named with its package
    private static final String CLUSTER_TOP = "(?<![\\w.])io\\.edgesim\\.engine\\.cluster\\.[A-Z]";

    /** The parts of the cluster engine, each with what it must not name: the parts above it. */
    private static final List<Part> CLUSTER_PARTS = List.of(
            new Part("delivery", new Rule("names a part above delivery", Pattern.compile(
                    "(?<![\\w.])io\\.edgesim\\.engine\\.cluster\\.(node|actors)\\b|" + CLUSTER_TOP))),
            new Part("node", new Rule("names a part above node", Pattern.compile(
                    "(?<![\\w.])io\\.edgesim\\.engine\\.cluster\\.actors\\b|" + CLUSTER_TOP))),
            new Part("actors", new Rule("names the run wiring above actors", Pattern.compile(CLUSTER_TOP))));

    /** A folder of a layered package and what its sources must not name. */
    private record Part(String folder, Rule rule) {
    }

    private static final Path MAIN = Path.of("src", "main", "java", "io", "edgesim");
    private static final Path SCENARIO = MAIN.resolve("scenario");
    // a class of the scenario package itself other than InputException, the bad input every part throws
    private static final String SCENARIO_TOP = "(?<![\\w.])io\\.edgesim\\.scenario\\.(?!InputException\\b)[A-Z]";
    private static final String SCENARIO_PART = "(?<![\\w.])io\\.edgesim\\.scenario\\.";

    /** The parts of the scenario language below its readers, each with what it must not name. */
    private static final List<Part> SCENARIO_PARTS = List.of(
            new Part("config", new Rule("names a reader built on config", Pattern.compile(
                    SCENARIO_PART + "(tier|region|trace)\\b|" + SCENARIO_TOP))),
            new Part("tier", new Rule("names a scenario part other than config", Pattern.compile(
                    SCENARIO_PART + "(region|trace)\\b|" + SCENARIO_TOP))),
            new Part("region", new Rule("names a scenario part other than config", Pattern.compile(
                    SCENARIO_PART + "(tier|trace)\\b|" + SCENARIO_TOP))),
            new Part("trace", new Rule("names a scenario part other than config", Pattern.compile(
                    SCENARIO_PART + "(tier|region)\\b|" + SCENARIO_TOP))));

    private static final Rule NAMES_SERVE = new Rule("names serve, which only the command line uses",
            Pattern.compile("(?<![\\w.])io\\.edgesim\\.serve\\b"));
    private static final Rule SERVE_NAMES_CLI = new Rule("names the command line above serve",
            Pattern.compile("(?<![\\w.])io\\.edgesim\\.cli\\b"));

    private static final Rule SCENARIO_MACHINERY = new Rule("names the scenario language's reading machinery",
            Pattern.compile(SCENARIO_PART + "(config|tier)\\b"));

    @Test
    void modelImportsNoEngineNorPekkoAndReadsNoClock() throws IOException {
        List<Path> sources = javaSources(MODEL);
        assertThat(sources).as("model sources under " + MODEL.toAbsolutePath()).hasSizeGreaterThan(10);

        List<String> violations = new ArrayList<>();
        for (Path source : sources) {
            violations.addAll(violations(source.toString(), read(source), RULES));
        }

        assertThat(violations).as("model code crossing the architecture's arrows").isEmpty();
    }

    @Test
    void clusterEnginePartsNameOnlyThePartsBelowThem() throws IOException {
        List<String> violations = partViolations(CLUSTER, "engine.cluster.", CLUSTER_PARTS);

        assertThat(violations).as("cluster engine code pointing up its layers").isEmpty();
    }

    @Test
    void serveIsNamedOnlyByTheCommandLineAndNamesNoCommand() throws IOException {
        Path serve = MAIN.resolve("serve");
        Path cli = MAIN.resolve("cli");
        assertThat(javaSources(serve)).as("serve sources under " + serve.toAbsolutePath()).isNotEmpty();
        List<String> violations = new ArrayList<>();
        for (Path source : javaSources(MAIN)) {
            if (source.startsWith(serve)) {
                violations.addAll(violations(source.toString(), read(source), List.of(SERVE_NAMES_CLI)));
            } else if (!source.startsWith(cli)) {
                violations.addAll(violations(source.toString(), read(source), List.of(NAMES_SERVE)));
            }
        }

        assertThat(violations).as("code pointing at serve, or serve at the command line").isEmpty();
    }

    @Test
    void scenarioPartsNameOnlyConfigBelowThem() throws IOException {
        List<String> violations = partViolations(SCENARIO, "scenario.", SCENARIO_PARTS);
        for (Path source : javaSources(MAIN)) {
            if (!source.startsWith(SCENARIO)) {
                violations.addAll(violations(source.toString(), read(source), List.of(SCENARIO_MACHINERY)));
            }
        }

        assertThat(violations).as("scenario code pointing up its layers").isEmpty();
    }

    @Test
    void scenarioRulesCatchANameOfAReaderAbove() {
        String source = String.join("\n",
                "package io.edgesim.scenario.tier;",
                "import io.edgesim.scenario.InputException;",
                "import io.edgesim.scenario.config.ConfigReader;",
                "import io.edgesim.scenario.region.RegionsLoader;",
                "import io.edgesim.scenario.ClientSpec;");

        assertThat(violations("T.java", source, List.of(SCENARIO_PARTS.get(1).rule()))).containsExactly(
                "T.java:4: names a scenario part other than config: import io.edgesim.scenario.region.RegionsLoader;",
                "T.java:5: names a scenario part other than config: import io.edgesim.scenario.ClientSpec;");
    }

    @Test
    void clusterRulesCatchAnImportOfAPartAbove() {
        String source = String.join("\n",
                "package io.edgesim.engine.cluster.node;",
                "import io.edgesim.engine.cluster.delivery.DeadlineDelivery;",
                "import io.edgesim.engine.cluster.actors.PopActor;",
                "import io.edgesim.engine.cluster.TrafficFeeder;");

        assertThat(violations("N.java", source, List.of(CLUSTER_PARTS.get(1).rule()))).containsExactly(
                "N.java:3: names a part above node: import io.edgesim.engine.cluster.actors.PopActor;",
                "N.java:4: names a part above node: import io.edgesim.engine.cluster.TrafficFeeder;");
    }

    @Test
    void scannerReportsFileAndLineButIgnoresCommentsAndStrings() {
        String source = String.join("\n",
                "package io.edgesim.model.x;",
                "// System.nanoTime() is only mentioned here",
                "import org.apache.pekko.actor.typed.ActorRef;",
                "/* io.edgesim.engine in a block",
                "   comment, Clock too */ class X {",
                "  String s = \"Instant.now() in a string \\\" Clock\";",
                "  long t = System . nanoTime();",
                "  java.time.Clock clock;",
                "}");

        assertThat(violations("X.java", source, RULES)).containsExactly(
                "X.java:3: depends on Pekko: import org.apache.pekko.actor.typed.ActorRef;",
                "X.java:7: reads the wall clock: long t = System . nanoTime();",
                "X.java:8: reads the wall clock: java.time.Clock clock;");
    }

    /** The violations of each part's rule in its folder under {@code root} (the package {@code name} + folder). */
    private static List<String> partViolations(Path root, String name, List<Part> parts) throws IOException {
        List<String> violations = new ArrayList<>();
        for (Part part : parts) {
            List<Path> sources = javaSources(root.resolve(part.folder()));
            assertThat(sources).as("sources of " + name + part.folder()).hasSizeGreaterThan(3);
            for (Path source : sources) {
                violations.addAll(violations(source.toString(), read(source), List.of(part.rule())));
            }
        }
        return violations;
    }

    private static List<Path> javaSources(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String read(Path source) {
        try {
            return Files.readString(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "file:line: reason: code" for each line of {@code source} that breaks one of {@code rules}. */
    private static List<String> violations(String file, String source, List<Rule> rules) {
        String[] code = codeOnly(source).split("\n", -1);
        String[] original = source.split("\n", -1);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < code.length; i++) {
            for (Rule rule : rules) {
                if (rule.pattern().matcher(code[i]).find()) {
                    found.add(file + ":" + (i + 1) + ": " + rule.reason() + ": " + original[i].strip());
                }
            }
        }
        return found;
    }

    /** {@code source} with comments and string, text-block and char literals blanked out; line breaks kept. */
    private static String codeOnly(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            String rest = source.substring(i, Math.min(source.length(), i + 3));
            if (rest.startsWith("//")) {
                i = blankUntil(source, i, "\n", out);
            } else if (rest.startsWith("/*")) {
                i = blankUntil(source, i + 2, "*/", out.append("  "));
            } else if (rest.equals("\"\"\"")) {
                i = blankUntil(source, i + 3, "\"\"\"", out.append("   "));
            } else if (c == '"' || c == '\'') {
                i = blankUntil(source, i + 1, String.valueOf(c), out.append(' '));
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Blanks from {@code from} through the end marker (skipping escaped characters), keeping line breaks. */
    private static int blankUntil(String source, int from, String end, StringBuilder out) {
        int i = from;
        while (i < source.length() && !source.startsWith(end, i)) {
            boolean escaped = source.charAt(i) == '\\' && !end.equals("\n") && !end.equals("*/");
            int width = escaped ? 2 : 1;
            for (int k = i; k < Math.min(source.length(), i + width); k++) {
                out.append(source.charAt(k) == '\n' ? '\n' : ' ');
            }
            i += width;
        }
        if (end.equals("\n")) {
            return i;
        }
        for (int k = 0; k < end.length() && i < source.length(); k++, i++) {
            out.append(' ');
        }
        return i;
    }
}
