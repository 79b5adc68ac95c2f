package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static io.edgesim.model.tier.TestRequests.decide;
import static org.assertj.core.api.Assertions.assertThat;

/** What every in-PoP tier promises, whatever its consistency model. */
class PopTierContractTest {

    static Stream<StageSpec> inPopStages() {
        AlgorithmSpec tenPerMinute = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10, 60 * SECOND);
        AlgorithmSpec tenPerTenSeconds = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10, 10 * SECOND);
        return Stream.of(
                new StageSpec(new TierSettings.Isolate(4, 30 * SECOND), tenPerMinute, KeyKind.IP),
                new StageSpec(new TierSettings.Cache(MS / 2, 5 * MS), tenPerMinute, KeyKind.IP),
                new StageSpec(new TierSettings.Kv(60 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true),
                        tenPerMinute, KeyKind.IP),
                new StageSpec(new TierSettings.Binding(4, 100 * MS, "ns"), tenPerTenSeconds, KeyKind.IP),
                new StageSpec(new TierSettings.Waf("free", 2 * SECOND, 10 * SECOND), tenPerTenSeconds, KeyKind.IP),
                // windows from each key's first request, and counting every request, in the tiers that run any
                new StageSpec(new TierSettings.Isolate(4, 30 * SECOND),
                        tenPerMinute.withAnchor(WindowAnchor.FIRST_REQUEST).withCount(Counting.ALL), KeyKind.IP),
                new StageSpec(new TierSettings.Cache(MS / 2, 5 * MS),
                        AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 10, 60 * SECOND).withCount(Counting.ALL),
                        KeyKind.IP),
                new StageSpec(new TierSettings.Kv(60 * SECOND, 60 * SECOND, MS, 5 * MS, 20 * MS, SECOND, true),
                        AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 10, 60 * SECOND).withCount(Counting.ALL),
                        KeyKind.IP));
    }

    @ParameterizedTest
    @MethodSource("inPopStages")
    void acceptsTheFirstRequestOfAFreshKey(StageSpec stage) {
        KeyIds keys = new KeyIds();
        PopTier tier = new LocalTierFactory(1, TestRegions.map(), keys, TestRegions.noFaults()).create("l", 0, stage,
                "FRA");

        StageResult result = decide(tier, keys, at(0, "FRA"), "fresh", 0);

        assertThat(result.outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(result.decision().allowed()).isTrue();
        assertThat(result.addedLatencyNanos()).isNotNegative();
    }

    @ParameterizedTest
    @MethodSource("inPopStages")
    void sameSeedGivesTheSameAnswers(StageSpec stage) {
        assertThat(replay(stage, 7)).isEqualTo(replay(stage, 7));
    }

    @ParameterizedTest
    @MethodSource("inPopStages")
    void refusesSomethingUnderSustainedOverload(StageSpec stage) {
        // 100 requests per second on one key against 10 per period: every tier ends up refusing (or failing)
        List<StageResult> results = replay(stage, 3);

        assertThat(results).anyMatch(r -> r.outcome() != Outcome.ACCEPTED);
        assertThat(results).allMatch(r -> r.addedLatencyNanos() >= 0);
        assertThat(results).allMatch(r -> (r.outcome() == Outcome.FAILED) == (r.error() != null));
    }

    @ParameterizedTest
    @MethodSource("inPopStages")
    void decidesTheSameWhateverNumberItsKeyHas(StageSpec stage) {
        KeyIds keys = new KeyIds();
        keys.idOf("other", null);
        PopTier tier = new LocalTierFactory(3, TestRegions.map(), keys, TestRegions.noFaults()).create("l", 0, stage,
                "FRA");
        SplittableRandom gaps = new SplittableRandom(99);
        List<StageResult> results = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < 2_000; i++) {
            t += gaps.nextLong(20 * MS);
            // the number of "k" is 1 in this run's numbering, 0 in replay's
            results.add(decide(tier, keys, at(t, "FRA"), "k", t));
        }

        assertThat(keys.idOf("k", null)).isEqualTo(1);
        assertThat(results).isEqualTo(replay(stage, 3));
    }

    @ParameterizedTest
    @MethodSource("inPopStages")
    void touchingKeysChangesNoDecision(StageSpec stage) {
        List<StageResult> touched = replayKeys(stage, true);

        assertThat(touched).isEqualTo(replayKeys(stage, false));
        assertThat(touched).anyMatch(r -> r.outcome() == Outcome.ACCEPTED);
        assertThat(touched).anyMatch(r -> r.outcome() != Outcome.ACCEPTED);
    }

    // 3,000 requests over 40 keys, each decision after touching, when touching, every seventh of 60 keys (20 of
    // which never send a request) and the key about to be decided
    private static List<StageResult> replayKeys(StageSpec stage, boolean touching) {
        KeyIds keys = new KeyIds();
        for (int k = 0; k < 60; k++) {
            keys.idOf("k" + k, null);
        }
        PopTier tier = new LocalTierFactory(5, TestRegions.map(), keys, TestRegions.noFaults()).create("l", 0, stage,
                "FRA");
        SplittableRandom random = new SplittableRandom(11);
        List<StageResult> results = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < 3_000; i++) {
            t += random.nextLong(5 * MS);
            String key = "k" + random.nextInt(40);
            if (touching) {
                for (int k = i % 7; k < 60; k += 7) {
                    tier.touch(keys.idOf("k" + k, null));
                }
                tier.touch(keys.idOf(key, null));
            }
            results.add(decide(tier, keys, at(t, "FRA"), key, t));
        }
        return results;
    }

    private static List<StageResult> replay(StageSpec stage, long seed) {
        KeyIds keys = new KeyIds();
        PopTier tier = new LocalTierFactory(seed, TestRegions.map(), keys, TestRegions.noFaults()).create("l", 0,
                stage, "FRA");
        SplittableRandom gaps = new SplittableRandom(99);
        List<StageResult> results = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < 2_000; i++) {
            t += gaps.nextLong(20 * MS);
            results.add(decide(tier, keys, at(t, "FRA"), "k", t));
        }
        return results;
    }
}
