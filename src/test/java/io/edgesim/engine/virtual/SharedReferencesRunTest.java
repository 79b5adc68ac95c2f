package io.edgesim.engine.virtual;

import io.edgesim.engine.ExactReferences;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.report.JsonReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole runs in which limiters share an exact reference: a cache (decided PoP by PoP) and a Durable Object (block by
 * block) judged by the same 10 per 10 s per API key, a cache that differs only in its limit, and one that differs only
 * in the clients it sees. 25 keys send 2 requests a second for 30 s, 20 in each window of 10 s: the exact count
 * accepts 10 of them (5 under the lower limit) per key and window.
 */
class SharedReferencesRunTest {

    private static final Path REGIONS = Path.of("regions.conf");

    private static final String HEAD = """
            name = shared-references
            duration = 30s
            seed = 4
            regions = [FRA, SYD]
            clients = [
              { name = keys, count = 20, key = "key-{i}", rate = 2, pops = all }
              { name = others, count = 5, key = "other-{i}", rate = 2, pops = all }
            ]
            """;

    private static final List<String> LIMITERS = List.of(
            "{ name = cache, tier = cache, limit = 10, window = 10s }",
            "{ name = object, tier = durable-object, limit = 10, window = 10s, "
                    + "placement { policy = fixed, region = FRA } }",
            "{ name = five, tier = cache, limit = 5, window = 10s }",
            "{ name = keys-only, tier = cache, limit = 10, window = 10s, clients = [keys] }");

    private static Scenario load(Path dir, String name, List<String> limiters) throws IOException {
        Path file = dir.resolve(name + ".conf");
        Files.writeString(file, HEAD + "limiters = [\n" + String.join("\n", limiters) + "\n]\n");
        return ScenarioLoader.load(file, REGIONS);
    }

    @Test
    void limitersSharingAReferenceAreJudgedAsEachAloneWouldBe(@TempDir Path dir) throws IOException {
        Scenario scenario = load(dir, "all", LIMITERS);
        ExactReferences references = new ExactReferences(scenario.limiters(), new KeyIds());
        // cache and object share; five and keys-only each have their own
        assertThat(references.count()).isEqualTo(3);
        assertThat(references.reference(0)).isEqualTo(references.reference(1));

        VirtualEngine engine = new VirtualEngine(scenario);
        assertThat(engine.limitersByPop()).isEqualTo(3);
        RunResult together = engine.run();

        assertThat(limiter(together, "cache").exact().accepted()).isEqualTo(25 * 3 * 10);
        assertThat(limiter(together, "object").exact().accepted()).isEqualTo(25 * 3 * 10);
        assertThat(limiter(together, "five").exact().accepted()).isEqualTo(25 * 3 * 5);
        assertThat(limiter(together, "keys-only").exact().accepted()).isEqualTo(20 * 3 * 10);
        for (int l = 0; l < LIMITERS.size(); l++) {
            LimiterSpec spec = scenario.limiters().get(l);
            LimiterResult alone = new VirtualEngine(load(dir, spec.name(), List.of(LIMITERS.get(l)))).run()
                    .limiters().get(0);
            LimiterResult shared = limiter(together, spec.name());
            assertThat(shared.totals()).as(spec.name()).isEqualTo(alone.totals());
            assertThat(shared.exact()).as(spec.name()).isEqualTo(alone.exact());
            assertThat(shared.perWindow()).as(spec.name()).isEqualTo(alone.perWindow());
            assertThat(shared.keys()).as(spec.name()).isEqualTo(alone.keys());
        }
        // the cache lets through more than its limit (two PoPs), so that the comparison with the exact count bites
        assertThat(limiter(together, "cache").exact().wronglyAccepted()).isPositive();
        // and request by request, where every limiter is in one group going block by block
        assertThat(JsonReport.render(new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST,
                DecisionListener.NONE).run())).isEqualTo(JsonReport.render(together));
    }

    @Test
    void aSharedReferenceNumbersKeysWhereItsLimitersAlwaysDidSoEachKeyKeepsThePlanOfItsFirstRequest(
            @TempDir Path dir) throws IOException {
        // the free client's address is the X-Forwarded-For the pro client sends: the free client's first request
        // carries it first (as its address, which the stages count by), so that key is of plan free (limit 2); three
        // limiters in three groups, judged by one count per X-Forwarded-For, must not number it at the pro client's
        // request first, as a count decided for the whole block before the stages would
        Path file = dir.resolve("plans.conf");
        Files.writeString(file, """
                name = first-carrier
                duration = 20s
                regions = [FRA]
                clients = [
                  { name = free, key = "f", ip = "10.9.9.9", xff = "1.1.1.1", rate = 1, plan = free }
                  { name = pro, key = "p", ip = "2.2.2.2", xff = "10.9.9.9", rate = 1, plan = pro, start = 100ms }
                ]
                limiters = [
                  { name = cache, tier = cache, write-delay = 0ms, key = ip, limit = 10, window = 60s,
                    reference { key = xff }, plans { free { limit = 2 }, pro { limit = 5 } } }
                  { name = isolate, tier = isolate, isolates-per-pop = 1, mean-lifetime = 3650d, key = ip, limit = 10,
                    window = 60s, reference { key = xff }, plans { free { limit = 2 }, pro { limit = 5 } } }
                  { name = object, tier = durable-object, key = ip, limit = 10, window = 60s,
                    placement { policy = fixed, region = FRA }, reference { key = xff },
                    plans { free { limit = 2 }, pro { limit = 5 } } }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, REGIONS);
        assertThat(new ExactReferences(scenario.limiters(), new KeyIds()).count()).isOne();

        RunResult result = new VirtualEngine(scenario).run();

        // 10.9.9.9 is free (2), 2.2.2.2 pro (5); the count per X-Forwarded-For: 1.1.1.1 and 10.9.9.9 both free
        assertThat(result.limiters()).hasSize(3).allSatisfy(l -> {
            assertThat(l.totals().accepted()).as(l.name()).isEqualTo(7);
            assertThat(l.exact().accepted()).as(l.name()).isEqualTo(4);
        });
    }
}
