package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.actors.HomeRegionShards;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.GetClusterShardingStats;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.edgesim.result.RunResults.limiter;
import static io.edgesim.engine.cluster.ClusterRuns.rttMs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * One short run on a Washington/Sydney/Frankfurt cluster with a limiter of every placement policy, a chain of an
 * in-PoP cache then a Durable Object, and an origin limiter, compared with the virtual engine on the same scenario;
 * one member per region, whose sharding state is read before the run ends (a KV counter, which puts every PoP on one
 * member, is in TimeScaleClusterTest). Requests are at least ~100 ms apart at any
 * object, far more than the delivery errors, so both engines see every object's requests in the same order.
 */
@ClusterTest
class ClusterEngineTest {

    private static final String SCENARIO = """
            name = cluster-engine
            duration = 4s
            seed = 3
            regions = [IAD, SYD, FRA]
            clients = [
              { name = admin, key = "tenant-42", pops = [IAD], burst { every = 1h, size = 1 } }
              { name = users, key = "tenant-42", rate = 4, start = 500ms, pops { SYD = 1, FRA = 1 } }
            ]
            limiters = [
              { name = first-request, tier = durable-object, limit = 100, window = 60s,
                placement { policy = first-request } }
              { name = hinted-oc, tier = durable-object, limit = 100, window = 60s,
                placement { policy = location-hint, hint = oc } }
              { name = per-area, tier = durable-object, limit = 100, window = 60s, placement { policy = per-area } }
              { name = shield, chain = [
                  { tier = cache, limit = 4, window = 60s }
                  { tier = durable-object, limit = 3, window = 60s, placement { policy = fixed, region = FRA } }
                ] }
              { name = origin, tier = origin, limit = 6, window = 60s, region = IAD }
            ]
            """;

    @TempDir
    static Path dir;

    private static Scenario scenario;
    private static RunResult virtual;
    private static RunResult cluster;
    private static final Map<String, Set<String>> ENTITIES_BY_NODE = new HashMap<>();
    private static final Map<String, Set<String>> SHARDS_BY_NODE = new HashMap<>();

    @BeforeAll
    static void runBothEngines() throws IOException {
        scenario = ClusterRuns.load(dir, SCENARIO);
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0)
                .run(ClusterEngineTest::readShardingState);
    }

    @Test
    void everyObjectLivesOnTheNodeItsPlacementPolicyHomesItAsShardingSeesIt() {
        assertThat(runObjectsOn("IAD")).containsExactlyInAnyOrder(
                "IAD|0.0|tenant-42", "IAD|2.0|tenant-42@enam", "IAD|4.0|tenant-42");
        assertThat(runObjectsOn("SYD")).containsExactlyInAnyOrder("SYD|1.0|tenant-42", "SYD|2.0|tenant-42@oc");
        assertThat(runObjectsOn("FRA")).containsExactlyInAnyOrder("FRA|2.0|tenant-42@weur", "FRA|3.1|tenant-42");
    }

    @Test
    void everyNodeHostsTheShardsOfItsOwnRegionOnly() {
        HomeRegionShards shards = new HomeRegionShards(ClusterSettings.load().shardsPerRegion());
        SHARDS_BY_NODE.forEach((region, hosted) -> assertThat(hosted).as("shards on the node of " + region)
                .containsExactlyInAnyOrderElementsOf(shards.shardIds(region)));
        assertThat(SHARDS_BY_NODE).containsOnlyKeys("IAD", "SYD", "FRA");
    }

    @Test
    void everyLimiterCountsLikeTheVirtualEngineInEveryRegion() {
        for (LimiterResult expected : virtual.limiters()) {
            LimiterResult actual = limiter(cluster, expected.name());
            expected.regions().forEach((pop, region) -> assertThat(actual.regions().get(pop).counts())
                    .as(expected.name() + " in " + pop).isEqualTo(region.counts()));
            assertThat(actual.exact()).as(expected.name()).isEqualTo(expected.exact());
            assertThat(actual.stageStats()).as(expected.name()).isEqualTo(expected.stageStats());
        }
    }

    @Test
    void chainOfACacheThenADurableObjectRefusesAtTheSameStagesAsTheVirtualEngine() {
        LimiterResult shield = limiter(cluster, "shield");

        assertThat(shield.rejectedBy()).isEqualTo(limiter(virtual, "shield").rejectedBy());
        assertThat(shield.rejectedBy().get("0:cache").refused()).isPositive();
        assertThat(shield.rejectedBy().get("1:durable-object").refused()).isPositive();
        assertThat(shield.totals().accepted()).isEqualTo(3);
    }

    @Test
    void sydneyPaysTheRoundTripToWashingtonForAnObjectFirstRequestedThere() {
        double expectedMs = rttMs(scenario, "SYD", "IAD") + 1;

        assertThat(limiter(cluster, "first-request").regions().get("SYD").latencyMs().p50())
                .isCloseTo(expectedMs, within(5.0));
        assertThat(limiter(cluster, "per-area").regions().get("SYD").latencyMs().p50())
                .isCloseTo(rttMs(scenario, "SYD", "SYD") + 1, within(5.0));
    }

    // the run's objects, their namespaces without the run id they start with ("RUNID/0.0")
    private static Set<String> runObjectsOn(String region) {
        Set<String> objects = new HashSet<>();
        for (String id : ENTITIES_BY_NODE.get(region)) {
            String namespace = HomeRegionShards.namespace(id);
            if (!namespace.contains("warm-up")) {
                objects.add(id.replace(namespace, namespace.substring(namespace.indexOf('/') + 1)));
            }
        }
        return objects;
    }

    // keyed by the regions each member holds (one each here: three regions, up to eight members)
    private static void readShardingState(List<StandaloneNode> members) {
        for (StandaloneNode member : members) {
            TestProbe<ShardRegion.CurrentShardRegionState> probe = TestProbe.create(member.system());
            ClusterSharding.get(member.system()).shardState()
                    .tell(new GetShardRegionState(RemoteObjectEntity.TYPE_KEY, probe.ref()));
            Set<String> entities = new HashSet<>();
            probe.receiveMessage().getShards().forEach(shard -> entities.addAll(shard.getEntityIds()));
            ENTITIES_BY_NODE.put(regions(member), entities);
        }
        StandaloneNode asking = members.get(0);
        TestProbe<ShardRegion.ClusterShardingStats> probe = TestProbe.create(asking.system());
        ClusterSharding.get(asking.system()).shardState().tell(new GetClusterShardingStats(RemoteObjectEntity.TYPE_KEY,
                Duration.ofSeconds(3), probe.ref()));
        Map<Address, ShardRegion.ShardRegionStats> stats = probe.receiveMessage(Duration.ofSeconds(5)).getRegions();
        for (StandaloneNode member : members) {
            SHARDS_BY_NODE.put(regions(member), stats.get(address(member)).getStats().keySet());
        }
    }

    private static Address address(StandaloneNode member) {
        return Cluster.get(member.system()).selfMember().address();
    }

    private static String regions(StandaloneNode member) {
        return String.join(",", JoinedCluster.regionRoles(Cluster.get(member.system()).selfMember()));
    }
}
