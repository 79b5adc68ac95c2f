package io.edgesim.model.tier;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.local.KeyCounters;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.remote.OriginServer;
import io.edgesim.model.tier.remote.Placement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * A limiter's plans change the limit of the keys of that plan in every tier: a key of plan pro gets pro's limit,
 * one of plan free free's, and a key with no plan (or of a plan the limiter does not list) the limiter's own.
 * Requests come 1.5 s apart, slower than every tier's own inexactness (cache writes, KV's write rate), all in one
 * 60 s window, with a refill too slow to add a token: each key gets exactly its limit.
 */
class PlansTest {

    private static final int SENT = 20;
    private static final long GAP = 1_500 * MS;

    // own limit 3; free 1, pro 5
    private static final AlgorithmSpec WINDOWED = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, 60 * SECOND)
            .withPlans(Map.of("free", AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 60 * SECOND),
                    "pro", AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 60 * SECOND)));

    private static AlgorithmSpec windowed(AlgorithmKind kind) {
        return AlgorithmSpec.windowed(kind, 3, 60 * SECOND).withPlans(Map.of(
                "free", AlgorithmSpec.windowed(kind, 1, 60 * SECOND),
                "pro", AlgorithmSpec.windowed(kind, 5, 60 * SECOND)));
    }

    // one token per 1,000 s: none comes back within the test
    private static AlgorithmSpec rated(AlgorithmKind kind) {
        return AlgorithmSpec.rated(kind, 0.001, 3).withPlans(Map.of(
                "free", AlgorithmSpec.rated(kind, 0.001, 1),
                "pro", AlgorithmSpec.rated(kind, 0.001, 5)));
    }

    static Stream<Arguments> inPopStages() {
        TierSettings isolate = new TierSettings.Isolate(1, 1_000_000 * SECOND);
        TierSettings cache = new TierSettings.Cache(MS / 2, 5 * MS);
        TierSettings kv = new TierSettings.Kv(60 * SECOND, 120 * SECOND, MS, 5 * MS, 20 * MS, SECOND, false);
        Stream.Builder<Arguments> stages = Stream.builder();
        for (AlgorithmKind kind : AlgorithmKind.values()) {
            AlgorithmSpec spec = kind.windowed() ? windowed(kind) : rated(kind);
            stages.add(arguments("isolate " + kind.configName(), new StageSpec(isolate, spec, KeyKind.API_KEY)));
            stages.add(arguments("cache " + kind.configName(), new StageSpec(cache, spec, KeyKind.API_KEY)));
            stages.add(arguments("kv " + kind.configName(), new StageSpec(kv, spec, KeyKind.API_KEY)));
        }
        stages.add(arguments("binding", new StageSpec(new TierSettings.Binding(1, 100 * MS, null), WINDOWED,
                KeyKind.API_KEY)));
        // the WAF's own "plan" is the zone's Cloudflare plan, which bounds the rule; not a client's plan
        stages.add(arguments("waf", new StageSpec(new TierSettings.Waf("pro", 0, 60 * SECOND), WINDOWED,
                KeyKind.IP)));
        return stages.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inPopStages")
    void eachKeyGetsTheLimitOfItsPlanInPopTiers(String name, StageSpec stage) {
        KeyIds keys = new KeyIds();
        PopTier tier = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults()).create("l", 0, stage,
                "FRA");

        assertThat(acceptedInPop(tier, keys, "pro-key", "pro")).isEqualTo(5);
        assertThat(acceptedInPop(tier, keys, "free-key", "free")).isEqualTo(1);
        assertThat(acceptedInPop(tier, keys, "plain-key", null)).isEqualTo(3);
        assertThat(acceptedInPop(tier, keys, "gold-key", "gold")).isEqualTo(3);
    }

    @ParameterizedTest
    @EnumSource(AlgorithmKind.class)
    void eachKeyGetsTheLimitOfItsPlanInDurableObjects(AlgorithmKind kind) {
        AlgorithmSpec spec = kind.windowed() ? windowed(kind) : rated(kind);
        for (Placement placement : new Placement[] {new Placement(Placement.Policy.FIXED, "FRA", null),
                new Placement(Placement.Policy.PER_AREA, null, null)}) {
            KeyIds keys = new KeyIds();
            DurableObjectNamespace objects = new DurableObjectNamespace(
                    new TierSettings.DurableObject(MS, 1000, false, placement), spec, TestRegions.map(), keys,
                    FaultTimeline.none(TestRegions.map()), 0);

            assertThat(acceptedByObjects(objects, keys, "pro-key", "pro")).isEqualTo(5);
            assertThat(acceptedByObjects(objects, keys, "free-key", "free")).isEqualTo(1);
            assertThat(acceptedByObjects(objects, keys, "plain-key", null)).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @EnumSource(AlgorithmKind.class)
    void eachKeyGetsTheLimitOfItsPlanAtTheOrigin(AlgorithmKind kind) {
        AlgorithmSpec spec = kind.windowed() ? windowed(kind) : rated(kind);
        KeyIds keys = new KeyIds();
        OriginServer origin = new OriginServer(spec, new TierSettings.Origin("FRA", MS), keys, 0);

        assertThat(acceptedByOrigin(origin, keys, "pro-key", "pro")).isEqualTo(5);
        assertThat(acceptedByOrigin(origin, keys, "free-key", "free")).isEqualTo(1);
        assertThat(acceptedByOrigin(origin, keys, "plain-key", null)).isEqualTo(3);
    }

    @Test
    void aKeyCountsByThePlanItWasFirstNumberedWith() {
        KeyIds keys = new KeyIds();
        KeyCounters counters = KeyCounters.dense(WINDOWED, keys);
        int shared = keys.idOf("office-ip", "pro");
        keys.idOf("office-ip", "free");

        int accepted = 0;
        for (int i = 0; i < SENT; i++) {
            accepted += counters.allows(shared, i * GAP, 1) ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(5);
    }

    @Test
    void keysOfAPlanTheTierDoesNotListCountWithTheOwnNumbersAndTheFastPathIsUnchanged() {
        KeyIds keys = new KeyIds();
        AlgorithmSpec plain = AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 3, 60 * SECOND);
        KeyCounters counters = KeyCounters.hashed(plain, keys);
        int pro = keys.idOf("pro-key", "pro");

        int accepted = 0;
        for (int i = 0; i < SENT; i++) {
            accepted += counters.tryAcquire(pro, i * GAP, 1).allowed() ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(3);
    }

    private static int acceptedInPop(PopTier tier, KeyIds keys, String key, String plan) {
        int keyId = keys.idOf(key, plan);
        StageVerdict verdict = new StageVerdict();
        int accepted = 0;
        for (int i = 0; i < SENT; i++) {
            long t = i * GAP;
            tier.decide(keyId, t, 1, verdict);
            accepted += verdict.result().decision().allowed() && verdict.result().error() == null ? 1 : 0;
        }
        return accepted;
    }

    private static int acceptedByObjects(DurableObjectNamespace objects, KeyIds keys, String key, String plan) {
        int keyId = keys.idOf(key, plan);
        StageVerdict verdict = new StageVerdict();
        int accepted = 0;
        for (int i = 0; i < SENT; i++) {
            ObjectRoute route = objects.route(key, keyId, "FRA", 0);
            objects.serve(route, keyId, i * GAP, 1, verdict);
            accepted += verdict.result().decision().allowed() ? 1 : 0;
        }
        return accepted;
    }

    private static int acceptedByOrigin(OriginServer origin, KeyIds keys, String key, String plan) {
        int keyId = keys.idOf(key, plan);
        StageVerdict verdict = new StageVerdict();
        int accepted = 0;
        for (int i = 0; i < SENT; i++) {
            origin.serve(origin.route(key, keyId, "FRA", 0), keyId, i * GAP, 1, verdict);
            accepted += verdict.result().decision().allowed() ? 1 : 0;
        }
        return accepted;
    }
}
