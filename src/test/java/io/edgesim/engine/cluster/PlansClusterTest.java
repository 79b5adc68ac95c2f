package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plans on the cluster: in-PoP tiers number keys with their request's plan, and a Durable Object or origin key
 * learns its plan from the first {@code Serve} that reaches it. Two free keys, one pro key and one key with no plan,
 * each sending more than its limit, 0.5 s apart or more: no race, so the cluster lets each key through exactly its
 * plan's limit, as the virtual engine does (free 5, pro 50, no plan 10). 60 s of scenario time at speed 10.
 */
@ClusterTest
class PlansClusterTest {

    @Test
    void eachPlansKeysGetTheirPlansLimitOnBothEngines(@TempDir Path dir) throws IOException {
        Scenario scenario = ClusterRuns.load(dir, """
                name = plans
                duration = 60s
                regions = [FRA, SYD]
                clients = [
                  { name = free, count = 2, key = "free-{i}", rate = 1, plan = free, pops = [SYD] }
                  { name = pro, key = "pro", rate = 2, plan = pro, pops = [FRA] }
                  { name = plain, key = "plain", rate = 1, pops = [FRA] }
                ]
                limiters = [
                  { name = cache, tier = cache, limit = 10, window = 60s,
                    plans { free { limit = 5 }, pro { limit = 50 } } }
                  { name = object, tier = durable-object, limit = 10, window = 60s,
                    placement { policy = fixed, region = FRA }, plans { free { limit = 5 }, pro { limit = 50 } } }
                  { name = origin, tier = origin, region = FRA, algorithm = gcra, rate = 0.001, burst = 10,
                    plans { free { burst = 5 }, pro { burst = 50 } } }
                ]
                """);

        RunResult virtual = ClusterRuns.virtual(scenario);
        RunResult cluster = ClusterRuns.cluster(scenario, 10.0);

        for (String name : List.of("cache", "object", "origin")) {
            assertThat(limiter(virtual, name).totals().accepted()).as(name).isEqualTo(70);
            assertThat(limiter(cluster, name).totals().accepted()).as(name).isEqualTo(70);
            assertThat(limiter(cluster, name).exact().accepted()).as(name).isEqualTo(70);
        }
    }
}
