package io.edgesim.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Valid inputs mutated by a seeded {@link Mutator} - the shipped scenarios, regions.conf, a trace CSV, a Logpush
 * file and command lines - and each run through the command line in-process. Whatever the mutation, edgesim exits 0,
 * 1 or 2; a failure is exactly one line on stderr without a stack trace or an exception's name; the inputs are the
 * same bytes afterwards; and an output folder written before is unchanged by a run that fails. A failure's message
 * names the mutations; {@code -Dfuzz.seed=N} (default 0) shifts every seed and {@code -Dfuzz.rounds=N} (default 1)
 * multiplies the number of mutations, to explore beyond the fixed set the suite runs. The command lines cover every
 * command: a mutated `node` is given a port the test holds and a mutated `run --join` a scenario with kv stages, so
 * none of them starts a node or waits on a join.
 */
class CliFuzzTest {

    /** A run small enough to repeat a hundred times: a short trace beside a background client, two limiters. */
    static final String TRACE_SCENARIO = """
            name = fuzz
            duration = 10s
            seed = 3
            regions = [FRA, AMS, SYD]
            clients = [
              { name = replay, trace = "%s" }
              { name = bg, key = "bg", rate = 5, pops { FRA = 1, SYD = 1 } }
            ]
            limiters = [
              { name = local, tier = cache, algorithm = fixed-window, limit = 5, window = 1s, key = api-key }
              { name = exact, tier = durable-object, algorithm = sliding-window, limit = 5, window = 1s,
                key = api-key, placement { policy = fixed, region = FRA } }
            ]
            """;

    static final String TRACE = """
            time_ms,pop,key,cost,ip,xff
            0,FRA,edge_test,1,203.0.113.5,
            12.5,SYD,edge_test,1,203.0.113.5,"198.51.100.1, 10.0.0.1"
            40,AMS,other,2,203.0.113.9,
            700,FRA,edge_test,1,203.0.113.5,
            1500.25,AMS,edge_test,3,,
            2000,SYD,other,1,203.0.113.9,198.51.100.4
            """;

    static final String LOGPUSH = """
            {"EdgeStartTimestamp":1700000000000000000,"EdgeColoCode":"FRA","ClientIP":"203.0.113.5","ClientRequestPath":"/login","RequestHeaders":{"x-api-key":"k1"}}
            {"EdgeStartTimestamp":1700000000250000000,"EdgeColoCode":"SYD","ClientIP":"203.0.113.6","RequestHeaders":{"authorization":"Bearer t","x-forwarded-for":"198.51.100.7, 10.0.0.1"},"EdgeResponseStatus":200}
            {"EdgeStartTimestamp":"2023-11-14T22:13:21Z","EdgeColoCode":"AMS","ClientIP":"::1"}
            {"EdgeStartTimestamp":1700000002,"EdgeColoCode":"FRA","RequestHeaders":{"X-API-Key":"k1"}}
            {"EdgeStartTimestamp":1700000003500,"EdgeColoCode":"ams","ClientIP":"203.0.113.5"}
            """;

    /** Flags a mutation may insert: none names an output, so every output stays in the test's folder. */
    private static final List<String> FLAGS = List.of("--seed", "--regions", "--replications", "--param",
            "--engine", "--speed", "--help", "--version", "-h", "--check", "--scenarios", "--roles", "--host",
            "--port", "--seed-nodes", "--join", "--tls-keystore", "--tls-truststore", "--lateness-tolerance");

    private static final long SEED = Long.getLong("fuzz.seed", 0);
    private static final int ROUNDS = Integer.getInteger("fuzz.rounds", 1);

    private record Outcome(int status, String out, String err) {
    }

    @TempDir
    Path dir;

    private Path regions;
    private List<String> projectFiles;
    private final int[] statuses = new int[3];

    @BeforeEach
    void copyRegions() throws IOException {
        regions = Files.copy(Path.of("regions.conf"), dir.resolve("regions.conf"));
        projectFiles = new ArrayList<>(list(Path.of("")));
        projectFiles.addAll(list(Path.of("reports")));
    }

    @AfterEach
    void nothingWrittenOutsideTheTestFolder() throws IOException {
        // a fuzzer whose mutations all fail, or all pass, tests one path only
        assertThat(statuses[0]).as("mutations that still ran").isPositive();
        assertThat(statuses[2]).as("mutations refused as bad input").isPositive();
        List<String> now = new ArrayList<>(list(Path.of("")));
        now.addAll(list(Path.of("reports")));
        assertThat(now).as("the project folder and reports/").isEqualTo(projectFiles);
    }

    @Test
    void mutatedShippedScenariosValidateOrFailInOneLine() throws IOException {
        Mutator mutator = new Mutator(SEED + 14);
        List<Path> shipped;
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            shipped = files.filter(p -> p.toString().endsWith(".conf")).sorted().toList();
        }
        int n = 0;
        for (Path scenario : shipped) {
            byte[] valid = Files.readAllBytes(scenario);
            for (int i = 0; i < 10 * ROUNDS; i++) {
                Mutator.Mutation mutation = mutator.mutate(valid, Mutator.Syntax.HOCON, true);
                Path file = Files.write(dir.resolve("s" + n++ + ".conf"), mutation.bytes());
                check(scenario.getFileName() + ": " + mutation.description(), null,
                        "validate", file.toString(), "--regions", regions.toString());
                Files.delete(file);
            }
        }
    }

    @Test
    void mutatedScenariosRunOrFailInOneLineAndKeepThePreviousReport() throws IOException {
        Mutator mutator = new Mutator(SEED + 15);
        Path trace = Files.writeString(dir.resolve("trace.csv"), TRACE);
        byte[] valid = TRACE_SCENARIO.formatted(trace.getFileName()).getBytes(StandardCharsets.UTF_8);
        Path scenario = Files.write(dir.resolve("s.conf"), valid);
        Path out = dir.resolve("out");
        assertThat(edgesim("run", scenario.toString(), "--regions", regions.toString(), "--out", out.toString())
                .status()).isZero();
        for (int i = 0; i < 40 * ROUNDS; i++) {
            // extreme numbers too: the bounds on rate, count and duration keep every run that passes them short
            Mutator.Mutation mutation = mutator.mutate(valid, Mutator.Syntax.HOCON, true);
            Files.write(scenario, mutation.bytes());
            check("run: " + mutation.description(), out, "run", scenario.toString(), "--regions",
                    regions.toString(), "--out", out.toString(), "--decisions", dir.resolve("d.csv").toString());
        }
    }

    @Test
    void mutatedRegionsFilesLoadOrFailInOneLine() throws IOException {
        Mutator mutator = new Mutator(SEED + 16);
        byte[] valid = Files.readAllBytes(regions);
        Path scenario = Files.copy(Path.of("scenarios/three-pops.conf"), dir.resolve("three-pops.conf"));
        Path mutated = dir.resolve("mutated-regions.conf");
        for (int i = 0; i < 50 * ROUNDS; i++) {
            Mutator.Mutation mutation = mutator.mutate(valid, Mutator.Syntax.HOCON, true);
            Files.write(mutated, mutation.bytes());
            String as = "regions: " + mutation.description();
            if (i % 2 == 0) {
                check(as, null, "validate", scenario.toString(), "--regions", mutated.toString());
            } else {
                check(as, null, "regions", "--regions", mutated.toString());
            }
        }
    }

    @Test
    void mutatedTracesRunOrFailInOneLineAndKeepThePreviousReport() throws IOException {
        runMutatedTrace(SEED + 17, "trace.csv", TRACE, Mutator.Syntax.CSV);
    }

    @Test
    void mutatedLogpushFilesRunOrFailInOneLineAndKeepThePreviousReport() throws IOException {
        runMutatedTrace(SEED + 18, "requests.ndjson", LOGPUSH, Mutator.Syntax.JSON_LINES);
    }

    private void runMutatedTrace(long seed, String name, String valid, Mutator.Syntax syntax) throws IOException {
        Mutator mutator = new Mutator(seed);
        Path trace = Files.writeString(dir.resolve(name), valid);
        Path scenario = Files.writeString(dir.resolve("s.conf"), TRACE_SCENARIO.formatted(name));
        Path out = dir.resolve("out");
        assertThat(edgesim("run", scenario.toString(), "--regions", regions.toString(), "--out", out.toString())
                .status()).isZero();
        for (int i = 0; i < 50 * ROUNDS; i++) {
            Mutator.Mutation mutation = mutator.mutate(valid.getBytes(StandardCharsets.UTF_8), syntax, true);
            Files.write(trace, mutation.bytes());
            String command = i % 4 == 0 ? "validate" : "run";
            String as = name + " " + command + ": " + mutation.description();
            if (command.equals("run")) {
                check(as, out, "run", scenario.toString(), "--regions", regions.toString(), "--out",
                        out.toString());
            } else {
                check(as, out, "validate", scenario.toString(), "--regions", regions.toString());
            }
        }
    }

    @Test
    void mutatedCommandLinesRunOrFailInOneLineAndKeepThePreviousReport() throws IOException {
        Mutator mutator = new Mutator(SEED + 19);
        Files.writeString(dir.resolve("trace.csv"), TRACE);
        Path scenario = Files.writeString(dir.resolve("s.conf"), TRACE_SCENARIO.formatted("trace.csv"));
        // a scenario with kv stages: a run joining nodes refuses it before it joins, so no mutation waits on one
        Path kv = Files.copy(Path.of("scenarios", "kv-counter.conf"), dir.resolve("kv.conf"));
        Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(scenarios.resolve("trace.csv"), TRACE);
        Files.writeString(scenarios.resolve("fuzz.conf"), TRACE_SCENARIO.formatted("trace.csv"));
        Path out = dir.resolve("out");
        String s = scenario.toString();
        String r = regions.toString();
        // the paths (indexes in keep) are never changed; the outputs are appended after the mutation
        List<List<String>> lines = List.of(
                List.of("run", s, "--regions", r, "--seed", "11"),
                List.of("run", s, "--replications", "10", "--seed", "5"),
                List.of("validate", s, "--regions", r),
                List.of("regions", "--regions", r),
                List.of("sweep", s, "--param", "limiters.local.limit=1..3", "--seed", "2"),
                List.of("sweep", s, "--param", "clients.bg.rate=1,2.5", "--replications", "10"),
                List.of("bench", s, "--regions", r),
                List.of("reports", "--check"),
                List.of("node", "--roles", "FRA,SYD", "--seed-nodes", "127.0.0.1:1,127.0.0.1:2"),
                List.of("node", "--roles", "NRT"),
                List.of("run", kv.toString(), "--engine", "cluster", "--join", "127.0.0.1:1", "--speed", "4",
                        "--lateness-tolerance", "2"));
        List<List<Integer>> keep = List.of(List.of(1, 3), List.of(1), List.of(1, 3), List.of(2), List.of(1),
                List.of(1), List.of(1, 3), List.of(), List.of(), List.of(), List.of(1));
        assertThat(edgesim("run", s, "--out", out.toString()).status()).isZero();
        List<String> reports = List.of("--scenarios", scenarios.toString(), "--reports",
                dir.resolve("reports").toString());
        List<String> regenerate = new ArrayList<>(List.of("reports"));
        regenerate.addAll(reports);
        assertThat(edgesim(regenerate.toArray(String[]::new)).status()).isZero();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            // every node a mutation leaves valid fails to bind this port, and so never starts
            List<String> node = List.of("--host", "127.0.0.1", "--port", Integer.toString(taken.getLocalPort()));
            for (int i = 0; i < 165 * ROUNDS; i++) {
                int line = i % lines.size();
                List<String> done = new ArrayList<>();
                List<String> args = new ArrayList<>(mutator.mutateArgs(lines.get(line), keep.get(line), FLAGS,
                        done));
                String command = lines.get(line).get(0);
                if (command.equals("run")) {
                    if (lines.get(line).contains("--join") && args.stream().noneMatch(a -> a.startsWith("--join"))) {
                        // without --join, the kv scenario would run on the cluster engine, in real time
                        args.addAll(List.of("--join", "127.0.0.1:1"));
                    }
                    args.addAll(List.of("--out", out.toString(), "--decisions", dir.resolve("d.csv").toString()));
                } else if (command.equals("sweep")) {
                    args.addAll(List.of("--out", dir.resolve("sweep").toString()));
                } else if (command.equals("reports")) {
                    args.addAll(reports);
                } else if (command.equals("node")) {
                    args.addAll(node);
                }
                check("command line " + args.stream().map(Mutator::printable).toList() + ": "
                        + String.join("; ", done), out, args.toArray(String[]::new));
            }
        }
    }

    /** Runs edgesim on {@code args} and checks the promises; {@code out} is a report folder to keep if it fails. */
    private void check(String as, Path out, String... args) throws IOException {
        List<Path> outputPaths = out == null ? List.of() : List.of(out, dir.resolve("d.csv"), dir.resolve("sweep"),
                dir.resolve("reports"));
        Map<String, byte[]> inputs = contents(dir, outputPaths);
        Map<String, byte[]> outputs = out == null ? Map.of() : contents(out, List.of());

        Outcome outcome = edgesim(args);

        String described = as + " -> status " + outcome.status() + ", stderr: " + outcome.err();
        assertThat(outcome.status()).as(described).isIn(0, 1, 2);
        statuses[outcome.status()]++;
        if (outcome.status() != 0) {
            assertThat(outcome.err()).as(described).endsWith(System.lineSeparator());
            assertThat(outcome.err().lines()).as(described).hasSize(1);
            assertThat(outcome.err()).as(described).startsWith("edgesim: ")
                    .doesNotContain("Exception", "at io.edgesim", "internal error", "Error:");
            if (out != null) {
                assertThat(sameBytes(contents(out, List.of()), outputs)).as(described + ": the previous report")
                        .isTrue();
            }
        }
        assertThat(sameBytes(contents(dir, outputPaths), inputs)).as(described + ": the inputs").isTrue();
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as(described + ": staging copies")
                    .noneMatch(f -> f.contains(".edgesim-"));
        }
    }

    private static Outcome edgesim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    /** Every regular file under {@code root} (but not under one of {@code skip}), by relative path. */
    private static Map<String, byte[]> contents(Path root, List<Path> skip) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        if (!Files.exists(root)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                if (skip.stream().noneMatch(file::startsWith)) {
                    files.put(root.relativize(file).toString(), Files.readAllBytes(file));
                }
            }
        }
        return files;
    }

    private static boolean sameBytes(Map<String, byte[]> a, Map<String, byte[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        return a.keySet().stream().allMatch(k -> Arrays.equals(a.get(k), b.get(k)));
    }

    private static List<String> list(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder.toAbsolutePath())) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
