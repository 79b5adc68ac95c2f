package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.result.HotKey;
import io.edgesim.result.LimiterResult;
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
 * Sharded objects and hot keys on the cluster, with the numbers ShardedObjectsRunTest and HotKeysRunTest count by hand
 * on the virtual engine: the cluster routes each request to the shard its number picks (in the model, once, for both
 * engines), each shard an entity of its own; and an object's load is the model's, read from the entities of every
 * member.
 */
@ClusterTest
class ShardedObjectsClusterTest {

    @Test
    void shardsCountTheirShareAndGetTheSameRequestsWrongOnBothEngines(@TempDir Path dir) throws IOException {
        // one request a second: no race, 12 s at speed 10
        Scenario scenario = ClusterRuns.load(dir, """
                name = shards
                duration = 12s
                regions = [FRA, SYD]
                clients = [ { name = one, key = "k", rate = 1, pops = [SYD] } ]
                limiters = [
                  { name = sharded, tier = durable-object, limit = 8, window = 60s, shards = 4,
                    placement { policy = fixed, region = FRA } }
                  { name = rounded-up, tier = durable-object, limit = 6, window = 60s, shards = 4,
                    placement { policy = fixed, region = FRA } }
                ]
                """);

        RunResult virtual = ClusterRuns.virtual(scenario);
        RunResult cluster = ClusterRuns.cluster(scenario, 10.0);

        for (RunResult result : List.of(virtual, cluster)) {
            LimiterResult sharded = limiter(result, "sharded");
            assertThat(sharded.totals().accepted()).as(result.engine()).isEqualTo(8);
            assertThat(sharded.exact().wronglyAccepted()).as(result.engine()).isEqualTo(2);
            assertThat(sharded.exact().wronglyRejected()).as(result.engine()).isEqualTo(2);
            assertThat(sharded.stageStats().get("0:durable-object")).as(result.engine()).containsEntry("objects", 4L);
            LimiterResult rounded = limiter(result, "rounded-up");
            assertThat(rounded.totals().accepted()).as(result.engine()).isEqualTo(8);
            assertThat(rounded.exact().wronglyAccepted()).as(result.engine()).isEqualTo(3);
            assertThat(rounded.exact().wronglyRejected()).as(result.engine()).isEqualTo(1);
        }
    }

    @Test
    void keyOverItsObjectsCapacityIsNamedOnBothEngines(@TempDir Path dir) throws IOException {
        Scenario scenario = ClusterRuns.load(dir, """
                name = hot-keys
                duration = 2s
                regions = [FRA]
                tiers { durable-object { service-time = 10ms, queue-bound = 0 } }
                clients = [ { name = hot, key = "hot-key", rate = 200, pops = [FRA] } ]
                limiters = [
                  { name = hot, tier = durable-object, limit = 1000000, window = 60s,
                    placement { policy = fixed, region = FRA } }
                ]
                """);

        RunResult virtual = ClusterRuns.virtual(scenario);
        RunResult cluster = ClusterRuns.cluster(scenario, 1.0);

        HotKey expected = new HotKey("0:durable-object", "hot-key", 200, 100, 400, 200, 0, 0);
        assertThat(limiter(virtual, "hot").hotKeys().hottest()).containsExactly(expected);
        assertThat(limiter(cluster, "hot").hotKeys().hottest()).containsExactly(expected);
        assertThat(limiter(cluster, "hot").totals().failed()).isEqualTo(200);
    }
}
