package io.edgesim.model.tier.remote;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TestRegions;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

/** A key split over N Durable Objects: which object a request goes to, and what each object enforces. */
class ObjectShardsTest {

    private static final long MINUTE = 60 * SECOND;

    @Test
    void theFirstRequestsOfARunGoToTheseShards() {
        // pinned: the engine tests count by hand from this sequence
        List<Integer> shards = new ArrayList<>();
        for (long id = 0; id < 12; id++) {
            shards.add(ObjectShards.shardOf(id, 4));
        }

        assertThat(shards).containsExactly(3, 0, 3, 0, 3, 2, 1, 0, 3, 2, 1, 2);
    }

    @Test
    void requestsSpreadEvenlyOverTheShards() {
        int[] counts = new int[7];
        for (long id = 0; id < 70_000; id++) {
            counts[ObjectShards.shardOf(id, 7)]++;
        }

        for (int count : counts) {
            assertThat(count).isBetween(9_700, 10_300);
        }
    }

    @Test
    void eachShardEnforcesTheLimitDividedRoundedUp() {
        AlgorithmSpec hundred = AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 100, MINUTE);

        assertThat(ObjectShards.share(hundred, 4)).isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 25,
                MINUTE));
        assertThat(ObjectShards.share(hundred, 3).limit()).isEqualTo(34);
        assertThat(ObjectShards.share(hundred, 1)).isSameAs(hundred);
        assertThat(ObjectShards.share(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, MINUTE), 4).limit())
                .isEqualTo(1);
    }

    @Test
    void aRateIsDividedAndABurstDividedRoundedUp() {
        AlgorithmSpec bucket = AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 10, 25);

        assertThat(ObjectShards.share(bucket, 4)).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2.5, 7));
    }

    @Test
    void eachPlansNumbersAreDividedToo() {
        AlgorithmSpec free = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, MINUTE);
        AlgorithmSpec planned = free.withPlans(Map.of("free", free, "pro", free.withLimit(1000)));

        AlgorithmSpec share = ObjectShards.share(planned, 4);

        assertThat(share.limit()).isEqualTo(25);
        assertThat(share.forPlan("free").limit()).isEqualTo(25);
        assertThat(share.forPlan("pro").limit()).isEqualTo(250);
        assertThat(share.forPlan("pro").windowNanos()).isEqualTo(MINUTE);
    }

    @Test
    void shardedStageSaysWhatEachObjectEnforces() {
        StageSpec stage = new StageSpec(new TierSettings.DurableObject(MS, MS, 100, false,
                new Placement(Placement.Policy.FIXED, "FRA", null), 0, false, 4),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, MINUTE), null);

        assertThat(ObjectShards.describe(stage)).isEqualTo(", each key over 4 objects of 25 per 60s");
    }

    @Test
    void namespaceRoutesEachRequestToItsShardWhichCountsItsShareAlone() {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, MS, 100, false, new Placement(Placement.Policy.FIXED, "FRA", null),
                        0, false, 4),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 8, MINUTE), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), 0);
        int k = keys.idOf("k", null);
        StageVerdict verdict = new StageVerdict();
        List<String> accepted = new ArrayList<>();

        // requests 0-11 go to shards 3 0 3 0 3 2 1 0 3 2 1 2; each shard accepts its first 2
        for (long id = 0; id < 12; id++) {
            ObjectRoute route = namespace.route("k", k, "FRA", id);
            assertThat(route).isEqualTo(new ObjectRoute("k#" + ObjectShards.shardOf(id, 4), "FRA"));
            namespace.serve(route, k, id * SECOND, 1, verdict);
            if (verdict.outcome() == Outcome.ACCEPTED) {
                accepted.add(route.objectName() + "/" + id);
            }
        }

        assertThat(accepted).containsExactly("k#3/0", "k#0/1", "k#3/2", "k#0/3", "k#2/5", "k#1/6", "k#2/9",
                "k#1/10");
        assertThat(namespace.objectCount()).isEqualTo(4);
    }

    @Test
    void firstRequestPlacementHomesEachShardWhereItsOwnFirstRequestLanded() {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(MS, MS, 100, false,
                        new Placement(Placement.Policy.FIRST_REQUEST, null, null), 0, false, 4),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 8, MINUTE), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), 0);
        int k = keys.idOf("k", null);

        // request 0 (shard 3) lands in Sydney, request 1 (shard 0) in Frankfurt; later ones keep those homes
        assertThat(namespace.route("k", k, "SYD", 0)).isEqualTo(new ObjectRoute("k#3", "SYD"));
        assertThat(namespace.route("k", k, "FRA", 1)).isEqualTo(new ObjectRoute("k#0", "FRA"));
        assertThat(namespace.route("k", k, "FRA", 2)).isEqualTo(new ObjectRoute("k#3", "SYD"));
        assertThat(namespace.route("k", k, "SYD", 3)).isEqualTo(new ObjectRoute("k#0", "FRA"));
    }

    @Test
    void hotObjectsOfAShardedKeyAreItsShards() {
        KeyIds keys = new KeyIds();
        DurableObjectNamespace namespace = new DurableObjectNamespace(
                new TierSettings.DurableObject(10 * MS, 10 * MS, 0, false,
                        new Placement(Placement.Policy.FIXED, "FRA", null), 0, false, 2),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1_000_000, MINUTE), TestRegions.map(), keys,
                FaultTimeline.none(TestRegions.map()), 0);
        int k = keys.idOf("k", null);
        StageVerdict verdict = new StageVerdict();

        // all at once: each shard serves its first request and refuses the others (no queue)
        for (long id = 0; id < 12; id++) {
            namespace.serve(namespace.route("k", k, "FRA", id), k, 0, 1, verdict);
        }

        HotObjects hot = namespace.hotObjects();
        assertThat(hot.count()).isEqualTo(2);
        assertThat(hot.hottest()).extracting(ObjectLoad::name).containsExactlyInAnyOrder("k#0", "k#1");
        assertThat(hot.hottest().stream().mapToLong(ObjectLoad::overloaded).sum()).isEqualTo(10);
    }
}
