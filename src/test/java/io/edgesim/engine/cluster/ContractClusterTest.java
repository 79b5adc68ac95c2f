package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract on the cluster: 50 s of one 60 s window at speed 10 (no request reaches an object near the next
 * window, where lateness could move it across), every key sending more than any limit it meets (two free keys, 5 a
 * minute, at 1/s from Sydney; a pro key, 20, at 2/s from Frankfurt; an enterprise key, 40, at 6/s over both, ~150
 * requests in each), so that both engines let each key through exactly what its limiter enforces, by hand:
 * a cache at twice the contract 10 + 10 + 40 + 2 x 80 = 220; the same cache before a Durable Object under the
 * contract 5 + 5 + 20 + 40 = 70; an object whose own plans give pro 30, 80; and the exact count, by the contract, 70
 * for all three.
 */
@ClusterTest
class ContractClusterTest {

    @Test
    void bothEnginesEnforceWhatEachLimiterSaysAndJudgeByTheContract(@TempDir Path dir) throws IOException {
        Scenario scenario = ClusterRuns.load(dir, """
                name = contract
                duration = 50s
                regions = [FRA, SYD]
                plans {
                  free { limit = 5, window = 60s }
                  pro { limit = 20, window = 60s }
                  enterprise { limit = 40, window = 60s }
                }
                clients = [
                  { name = free, count = 2, key = "free-{i}", rate = 1, plan = free, pops = [SYD] }
                  { name = pro, key = "pro", rate = 2, plan = pro, pops = [FRA] }
                  { name = ent, key = "ent", rate = 6, plan = enterprise, pops { FRA = 1, SYD = 1 } }
                ]
                limiters = [
                  { name = shield-2x, tier = cache, limit-factor = 2 }
                  { name = shield-then-object, chain = [
                      { tier = cache, limit-factor = 2 }
                      { tier = durable-object, placement { policy = fixed, region = FRA } }
                    ] }
                  { name = own-pro, tier = durable-object, placement { policy = fixed, region = FRA },
                    plans { pro { limit = 30 } } }
                ]
                """);

        RunResult virtual = ClusterRuns.virtual(scenario);
        RunResult cluster = ClusterRuns.cluster(scenario, 10.0);

        Map<String, Long> expected = Map.of("shield-2x", 220L, "shield-then-object", 70L, "own-pro", 80L);
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            assertThat(limiter(virtual, e.getKey()).totals().letThrough()).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(limiter(cluster, e.getKey()).totals().letThrough()).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(limiter(cluster, e.getKey()).exact().accepted()).as(e.getKey()).isEqualTo(70);
        }
        assertThat(limiter(cluster, "own-pro").keys().overLimit()).isEqualTo(1);
    }
}
