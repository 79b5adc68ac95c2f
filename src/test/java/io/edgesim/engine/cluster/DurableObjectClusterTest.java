package io.edgesim.engine.cluster;

import io.edgesim.model.tier.ObjectRoute;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.GetClusterShardingStats;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.edgesim.engine.cluster.TestRegions.MILLI;
import static org.assertj.core.api.Assertions.assertThat;

/** Durable Objects on a FRA/AMS/SYD cluster, shared by the tests of this class; every test uses fresh objects. */
@Tag("cluster")
class DurableObjectClusterTest {

    // the machine is shared and small: bounds on delivery errors are wide, the typical error is far below them
    private static final long MAX_ERROR_NANOS = 50 * MILLI;

    private static ClusterFixture fixture;

    @BeforeAll
    static void startCluster() {
        fixture = ClusterFixture.start(TestRegions.fraAmsSyd(), 1.0);
    }

    @AfterAll
    static void stopCluster() {
        fixture.close();
    }

    @Test
    void objectsRunOnTheNodeOfTheirHomeRegionAsShardingSeesIt() {
        ObjectRoute inFrankfurt = ClusterFixture.freshObject("FRA");
        ObjectRoute inSydney = ClusterFixture.freshObject("SYD");
        ClusterFixture.Pop amsterdam = fixture.pop("AMS");
        long arrival = fixture.soon();
        amsterdam.arrive(arrival, inFrankfurt);
        amsterdam.arrive(arrival, inSydney);
        amsterdam.completions(2);

        assertThat(entitiesOn("FRA")).contains(HomeRegionShards.entityId(inFrankfurt))
                .doesNotContain(HomeRegionShards.entityId(inSydney));
        assertThat(entitiesOn("SYD")).contains(HomeRegionShards.entityId(inSydney))
                .doesNotContain(HomeRegionShards.entityId(inFrankfurt));
        assertThat(entitiesOn("AMS")).doesNotContain(HomeRegionShards.entityId(inFrankfurt),
                HomeRegionShards.entityId(inSydney));

        Map<Address, ShardRegion.ShardRegionStats> stats = clusterShardingStats();
        for (ClusterNode node : fixture.cluster.nodes()) {
            assertThat(stats.get(node.address()).getStats().keySet())
                    .as("shards on the node of %s", node.region())
                    .containsExactlyInAnyOrderElementsOf(
                            new HomeRegionShards(node.settings().shardsPerRegion()).shardIds(node.region()));
        }
    }

    @Test
    void requestFromSydneyToAnObjectInFrankfurtTakesTheOneWayDelayEachWay() {
        ObjectRoute route = ClusterFixture.freshObject("FRA");
        ClusterFixture.Pop sydney = fixture.pop("SYD");
        long oneWay = fixture.regions.oneWayNanos("SYD", "FRA");
        long arrival = fixture.soon();
        sydney.arrive(arrival, route);

        PopActor.Completed completed = sydney.completions(1).get(0);

        assertThat(completed.objectArrivalNanos()).isEqualTo(arrival + oneWay);
        assertThat(completed.completedNanos()).isEqualTo(arrival + 2 * oneWay);
        assertThat(completed.objectHandledNanos() - completed.objectArrivalNanos()).isBetween(0L, MAX_ERROR_NANOS);
        assertThat(completed.handledNanos() - completed.completedNanos()).isBetween(0L, MAX_ERROR_NANOS);
        assertThat((double) (completed.handledNanos() - arrival) / (2 * oneWay)).isBetween(1.0, 1.15);
    }

    @Test
    void deliveryErrorsOfManyRequestsStayWithinAFewMilliseconds() {
        ObjectRoute route = ClusterFixture.freshObject("FRA");
        ClusterFixture.Pop sydney = fixture.pop("SYD");
        long first = fixture.soon();
        int requests = 40;
        for (int i = 0; i < requests; i++) {
            sydney.arrive(first + i * 5 * MILLI, route);
        }

        List<Long> errors = sydney.completions(requests).stream()
                .flatMap(c -> List.of(c.objectHandledNanos() - c.objectArrivalNanos(),
                        c.handledNanos() - c.completedNanos()).stream())
                .sorted().toList();

        assertThat(errors.get(0)).isNotNegative();
        assertThat(errors.get(errors.size() / 2)).as("median error").isLessThan(5 * MILLI);
        assertThat(errors.get(errors.size() - 1)).as("largest error").isLessThan(MAX_ERROR_NANOS);
    }

    @Test
    void objectDecidesInArrivalOrderSoTheFarthestPopIsRefusedOnceTheLimitIsReached() {
        ObjectRoute route = ClusterFixture.freshObject("FRA");
        List<ClusterFixture.Pop> pops = List.of(fixture.pop("SYD"), fixture.pop("FRA"), fixture.pop("AMS"));
        long arrival = fixture.soon();
        pops.forEach(pop -> pop.arrive(arrival, route));

        Map<String, PopActor.Completed> byPop = pops.stream().collect(Collectors.toMap(pop -> pop.region,
                pop -> pop.completions(1).get(0)));

        assertThat(byPop.get("FRA").objectArrivalNanos() - arrival).isEqualTo(fixture.regions.oneWayNanos("FRA", "FRA"));
        assertThat(byPop.get("FRA").decision().allowed()).isTrue();
        assertThat(byPop.get("AMS").decision().allowed()).isTrue();
        assertThat(byPop.get("SYD").decision().allowed()).isFalse();
        assertThat(byPop.values().stream().max(Comparator.comparingLong(PopActor.Completed::objectArrivalNanos)))
                .get().extracting(c -> c.request().pop()).isEqualTo("SYD");
    }

    private static Set<String> entitiesOn(String region) {
        ClusterNode node = fixture.cluster.node(region);
        TestProbe<ShardRegion.CurrentShardRegionState> probe = TestProbe.create(node.system());
        node.sharding().shardState().tell(new GetShardRegionState(DurableObjectEntity.TYPE_KEY, probe.ref()));
        Set<String> entities = new HashSet<>();
        probe.receiveMessage().getShards().forEach(shard -> entities.addAll(shard.getEntityIds()));
        return entities;
    }

    private static Map<Address, ShardRegion.ShardRegionStats> clusterShardingStats() {
        ClusterNode node = fixture.cluster.node("AMS");
        TestProbe<ShardRegion.ClusterShardingStats> probe = TestProbe.create(node.system());
        node.sharding().shardState().tell(new GetClusterShardingStats(DurableObjectEntity.TYPE_KEY,
                Duration.ofSeconds(3), probe.ref()));
        return probe.receiveMessage(Duration.ofSeconds(5)).getRegions();
    }
}
