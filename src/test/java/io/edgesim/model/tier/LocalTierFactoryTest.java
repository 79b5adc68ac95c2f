package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.local.BindingPop;
import io.edgesim.model.tier.local.IsolatePool;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.local.WafRule;
import io.edgesim.model.tier.local.WriteBehindCache;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalTierFactoryTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private static final AlgorithmSpec FIVE_PER_MINUTE =
            AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 60 * SECOND);

    private static StageSpec stage(TierSettings settings) {
        return new StageSpec(settings, FIVE_PER_MINUTE, KeyKind.IP);
    }

    private static StageSpec kvStage() {
        return stage(new TierSettings.Kv(60 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true));
    }

    @Test
    void buildsEachInPopTier() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());

        assertThat(factory.create("a", 0, stage(new TierSettings.Isolate(4, 30 * SECOND)), "FRA"))
                .isInstanceOf(IsolatePool.class);
        assertThat(factory.create("a", 1, stage(new TierSettings.Cache(MS, 5 * MS)), "FRA"))
                .isInstanceOf(WriteBehindCache.class);
        assertThat(factory.create("a", 2, kvStage(), "FRA")).isInstanceOf(KvEdge.class);
        assertThat(factory.create("a", 3, stage(new TierSettings.Binding(4, 100 * MS, "ns")), "FRA"))
                .isInstanceOf(BindingPop.class);
        assertThat(factory.create("a", 4, stage(new TierSettings.Waf("pro", 2 * SECOND, 60 * SECOND)), "FRA"))
                .isInstanceOf(WafRule.class);
    }

    @Test
    void returnsTheSameInstanceForTheSameStageAndPop() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());
        StageSpec cache = stage(new TierSettings.Cache(MS, 5 * MS));

        assertThat(factory.create("a", 0, cache, "FRA")).isSameAs(factory.create("a", 0, cache, "FRA"));
        assertThat(factory.create("a", 0, cache, "FRA")).isNotSameAs(factory.create("a", 0, cache, "AMS"));
    }

    @Test
    void popsOfOneKvStageShareTheStore() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());
        PopTier fra = factory.create("a", 0, kvStage(), "FRA");
        PopTier syd = factory.create("a", 0, kvStage(), "SYD");

        decide(fra, at(0, "FRA"), "k", 0);
        // SYD's first read misses its cache and finds FRA's write
        for (int i = 1; i <= 4; i++) {
            assertThat(decide(syd, at(i * SECOND, "SYD"), "k", i * SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
        }
        assertThat(decide(syd, at(5 * SECOND, "SYD"), "k", 5 * SECOND).outcome()).isEqualTo(Outcome.REJECTED);

        assertThat(factory.usage("a", 0).kvReads()).isEqualTo(6);
        assertThat(factory.usage("a", 0).kvWrites()).isEqualTo(5);
        assertThat(factory.usage("a", 1).kvReads()).isZero();
    }

    @Test
    void bindingsWithOneNamespaceInOnePopShareCounts() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());
        StageSpec binding = stage(new TierSettings.Binding(1, 100 * MS, "shared"));
        PopTier first = factory.create("a", 0, binding, "FRA");
        PopTier second = factory.create("b", 0, binding, "FRA");
        PopTier elsewhere = factory.create("b", 0, binding, "AMS");

        for (int i = 0; i < 5; i++) {
            decide(first, at(i * MS, "FRA"), "k", i * MS);
        }

        assertThat(decide(second, at(SECOND, "FRA"), "k", SECOND).outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(decide(elsewhere, at(SECOND, "AMS"), "k", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void countsWorkerInvocationsSavedOverPops() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());
        StageSpec waf = new StageSpec(new TierSettings.Waf("free", 0, 10 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 10 * SECOND), KeyKind.IP);
        for (String pop : List.of("FRA", "AMS")) {
            PopTier rule = factory.create("w", 0, waf, pop);
            for (int i = 0; i < 3; i++) {
                decide(rule, at(i * MS, pop), "k", i * MS);
            }
        }

        assertThat(factory.stats("w", 0)).containsEntry("worker_invocations_saved", 4L);
    }

    @Test
    void sameSeedDrawsTheSameIsolates() {
        StageSpec isolates = new StageSpec(new TierSettings.Isolate(8, 30 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 60 * SECOND), KeyKind.IP);

        assertThat(isolateOutcomes(new LocalTierFactory(42, TestRegions.map(), keys, TestRegions.noFaults()), isolates))
                .isEqualTo(isolateOutcomes(new LocalTierFactory(42, TestRegions.map(), keys, TestRegions.noFaults()),
                        isolates))
                .isNotEqualTo(isolateOutcomes(new LocalTierFactory(43, TestRegions.map(), keys,
                        TestRegions.noFaults()), isolates));
    }

    private List<Outcome> isolateOutcomes(LocalTierFactory factory, StageSpec isolates) {
        PopTier pool = factory.create("a", 0, isolates, "FRA");
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            outcomes.add(decide(pool, at(i * MS, "FRA"), "k", i * MS).outcome());
        }
        return outcomes;
    }

    @Test
    void refusesRemoteTiersUnknownPopsAndWafKeysThePlanLacks() {
        LocalTierFactory factory = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults());

        assertThatThrownBy(() -> factory.create("a", 0, stage(new TierSettings.Origin("IAD", MS)), "FRA"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("origin");
        assertThatThrownBy(() -> factory.create("a", 0, stage(new TierSettings.Cache(MS, MS)), "XXX"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("XXX");
        assertThatThrownBy(() -> factory.create("a", 0, new StageSpec(new TierSettings.Waf("free", 0, 10 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 10 * SECOND), KeyKind.API_KEY), "FRA"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allowed: ip");
    }
}
