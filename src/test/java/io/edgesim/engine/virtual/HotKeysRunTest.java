package io.edgesim.engine.virtual;

import io.edgesim.report.ConsoleReport;
import io.edgesim.report.JsonReport;
import io.edgesim.report.MarkdownReport;
import io.edgesim.result.HotKey;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A key over what its Durable Object serves, counted by hand: objects of 10 ms (100 requests per second) with no
 * queue (a request that finds the object busy fails at once as overloaded). The hot key sends 200 a second, one every
 * 5 ms, for 2 s: the object is free again for every other request, so 200 of its 400 fail. A warm key at 80 a second
 * on an object of its own, one every 12.5 ms, never finds it busy, and is not named.
 */
class HotKeysRunTest {

    private static final String SCENARIO = """
            name = hot-keys
            duration = 2s
            seed = 5
            regions = [FRA]
            tiers { durable-object { service-time = 10ms, queue-bound = 0 } }
            clients = [
              { name = hot, key = "hot-key", rate = 200, pops = [FRA] }
              { name = warm, key = "warm-key", rate = 80, pops = [FRA] }
            ]
            limiters = [
              { name = hot, clients = [hot], tier = durable-object, limit = 1000000, window = 60s,
                placement { policy = fixed, region = FRA } }
              { name = warm, clients = [warm], tier = durable-object, limit = 1000000, window = 60s,
                placement { policy = fixed, region = FRA } }
              { name = hot-sharded, clients = [hot], tier = durable-object, limit = 1000000, window = 60s, shards = 2,
                placement { policy = fixed, region = FRA } }
            ]
            """;

    private static RunResult run(Path dir) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, SCENARIO);
        return new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();
    }

    @Test
    void keyOverItsObjectsCapacityIsNamedWithItsRateAndFailedRequests(@TempDir Path dir) throws IOException {
        LimiterResult hot = limiter(run(dir), "hot");

        assertThat(hot.totals().sent()).isEqualTo(400);
        assertThat(hot.totals().failed()).isEqualTo(200);
        assertThat(hot.hotKeys().count()).isEqualTo(1);
        assertThat(hot.hotKeys().hottest()).containsExactly(
                new HotKey("0:durable-object", "hot-key", 200, 100, 400, 200, 0, 0));
    }

    @Test
    void keyUnderItsObjectsCapacityIsNotNamed(@TempDir Path dir) throws IOException {
        LimiterResult warm = limiter(run(dir), "warm");

        assertThat(warm.totals().failed()).isZero();
        assertThat(warm.hotKeys().count()).isZero();
    }

    @Test
    void consoleNamesTheHotKeyInOneLineWithTheSeed(@TempDir Path dir) throws IOException {
        String console = ConsoleReport.render(run(dir));

        assertThat(console).contains("hot key: hot: hot-key at 200 req/s (its busiest second) overloaded its "
                + "Durable Object, which serves 100 req/s: 200 requests failed (overloaded), 0 queued (longest wait "
                + "0.00 ms); seed 5\n");
        assertThat(console).doesNotContain("hot key: warm");
    }

    @Test
    void manyHotKeysNameTheHottestOnTheConsoleAndListThemAllInTheReports(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("many.conf");
        Files.writeString(file, SCENARIO
                .replace("{ name = hot, key = \"hot-key\", rate = 200, pops = [FRA] }",
                        "{ name = hot, count = 3, key = \"hot-{i}\", rate = 200, pops = [FRA] }\n"
                                + "{ name = hotter, key = \"hotter\", rate = 300, pops = [FRA] }")
                .replace("clients = [hot]", "clients = [hot, hotter]"));
        RunResult result = new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();

        // 300 a second (every 3.33 ms) on a 10 ms object with no queue: one in three served, 400 of 600 fail
        assertThat(limiter(result, "hot").hotKeys().hottest()).extracting(HotKey::object)
                .containsExactly("hotter", "hot-0", "hot-1", "hot-2");
        assertThat(ConsoleReport.render(result)).contains("hot key: hot: hotter at 300 req/s (its busiest second) "
                + "overloaded its Durable Object, which serves 100 req/s: 400 requests failed (overloaded), 0 queued "
                + "(longest wait 0.00 ms); 3 more hot objects in the report; seed 5\n");
        assertThat(MarkdownReport.render(result, Map.of()))
                .contains("Hot keys (4, the hottest first):")
                .contains("| 0:durable-object | hotter | 300 | 100 | 600 | 400 | 0 | 0.00 |")
                .contains("| 0:durable-object | hot-2 | 200 | 100 | 400 | 200 | 0 | 0.00 |");
        assertThat(JsonReport.render(result)).contains("\"hot_keys\" : {\n      \"count\" : 4,");
    }

    @Test
    void twoShardsOfTheHotKeyEachTakeHalfItsRequestsAndAreNamedWhileOverTheirCapacity(@TempDir Path dir)
            throws IOException {
        LimiterResult sharded = limiter(run(dir), "hot-sharded");

        // about 100 a second reach each shard, at random moments: some find it busy, some seconds bring more than 100
        assertThat(sharded.totals().sent()).isEqualTo(400);
        assertThat(sharded.totals().failed()).isLessThan(200);
        assertThat(sharded.hotKeys().hottest()).extracting(HotKey::object).isSubsetOf("hot-key#0", "hot-key#1");
        assertThat(sharded.hotKeys().hottest()).allSatisfy(k -> assertThat(k.requests()).isBetween(150L, 250L));
    }
}
