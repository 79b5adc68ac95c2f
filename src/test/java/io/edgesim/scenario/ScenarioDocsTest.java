package io.edgesim.scenario;

import io.edgesim.model.tier.TierKind;
import io.edgesim.scenario.config.Defaults;
import io.edgesim.scenario.tier.TierSettingsReader;
import io.edgesim.traffic.TrafficGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/scenarios.md: every example loads (and generates traffic), every setting is documented. */
class ScenarioDocsTest {

    private static final Path DOC = Path.of("docs/scenarios.md");
    private static final Pattern FENCE = Pattern.compile("```(\\w*)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern FILE_MARK = Pattern.compile("<!-- file: (\\S+) -->\\s*$");

    /** The small scenario a fragment is added to (its keys replace these). */
    private static final String FRAGMENT_BASE = """
            name = example
            duration = 60s
            clients = [ { name = a, key = k, rate = 10 } ]
            limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
            """;

    /** A fenced block of the doc and how the doc marks it. */
    private record Block(String language, String text, String fileName, boolean fragment) {
    }

    private static List<Block> blocks() throws IOException {
        String doc = Files.readString(DOC);
        List<Block> out = new ArrayList<>();
        Matcher m = FENCE.matcher(doc);
        while (m.find()) {
            String before = doc.substring(0, m.start()).stripTrailing();
            Matcher file = FILE_MARK.matcher(before);
            String paragraph = before.substring(before.lastIndexOf("\n\n") + 2);
            out.add(new Block(m.group(1), m.group(2), file.find() ? file.group(1) : null,
                    paragraph.startsWith("Fragment")));
        }
        return out;
    }

    @Test
    void everyExampleInTheDocLoadsAndSendsTraffic(@TempDir Path dir) throws IOException {
        List<Block> blocks = blocks();
        blocks.stream().filter(b -> b.fileName() != null)
                .forEach(b -> ScenarioFixture.write(dir, b.fileName(), b.text()));

        int complete = 0;
        int fragments = 0;
        for (Block b : blocks) {
            if (b.fileName() != null || !b.language().equals("hocon")) {
                continue;
            }
            String text = b.fragment() ? ScenarioFixture.over(FRAGMENT_BASE, b.text()) : b.text();
            Path file = ScenarioFixture.write(dir, "example-" + (complete + fragments) + ".conf", text);
            Scenario s = ScenarioLoader.load(file, ScenarioFixture.REGIONS);
            assertThat(TrafficGenerator.open(s).next()).as("first request of %s", text).isNotNull();
            if (b.fragment()) {
                fragments++;
            } else {
                complete++;
            }
        }

        assertThat(complete).isGreaterThanOrEqualTo(4);
        assertThat(fragments).isGreaterThanOrEqualTo(15);
    }

    @Test
    void shippedScenarioMatchesTheDocsOpeningExample() throws IOException {
        Block opening = blocks().get(0);
        Path file = Files.createTempFile("three-pops", ".conf");
        try {
            Files.writeString(file, opening.text());
            Scenario fromDoc = ScenarioLoader.load(file, ScenarioFixture.REGIONS);
            Scenario shipped = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), ScenarioFixture.REGIONS);

            assertThat(fromDoc.clients()).isEqualTo(shipped.clients());
            assertThat(fromDoc.limiters()).isEqualTo(shipped.limiters());
            assertThat(fromDoc.pops()).isEqualTo(shipped.pops());
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void everySettingIsDocumented() throws IOException {
        String doc = Files.readString(DOC);
        List<String> keys = new ArrayList<>(List.of("name", "description", "duration", "seed", "regions",
                "regions-file", "clients", "client-defaults", "limiters", "tiers", "prices", "trace", "chain", "reference", "tier",
                "algorithm", "limit", "window", "rate", "burst", "anchor", "count", "key", "period", "policy", "region", "hint",
                "every", "size", "spread", "distribution", "zipf", "lognormal", "pareto", "total", "exponent",
                "median", "sigma", "min", "alpha", "latency", "tails", "p99-over-p50", "p50", "p90", "p99",
                "faults", "kind", "pop", "between", "extra", "from", "until", "region-outage", "pop-outage",
                "partition", "kv-outage"));
        keys.addAll(Defaults.section("client").keys());
        keys.addAll(Defaults.section("prices").keys());
        for (TierKind kind : TierKind.values()) {
            keys.add(kind.configName());
            keys.addAll(TierSettingsReader.settingNames(kind));
        }

        assertThat(keys.stream().filter(k -> !doc.contains("`" + k + "`"))).as("settings missing from %s", DOC)
                .isEmpty();
    }
}
