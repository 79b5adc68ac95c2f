package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class ExactReferencesTest {

    private static final long SECOND = 1_000_000_000L;

    private static LimiterSpec limiter(String name, AlgorithmSpec algorithm, KeyKind key) {
        return new LimiterSpec(name, List.of(new StageSpec(new TierSettings.Isolate(1, 30 * SECOND), algorithm, key)),
                Set.of(), null);
    }

    private static final List<LimiterSpec> LIMITERS = List.of(
            limiter("per-key", AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, SECOND), KeyKind.API_KEY),
            limiter("per-ip", AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 4), KeyKind.IP),
            limiter("sliding", AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, 2 * SECOND), KeyKind.API_KEY));

    @Test
    void judgesEveryLimiterAsItsOwnExactReferenceWould() {
        KeyIds keys = new KeyIds();
        ExactReferences together = new ExactReferences(LIMITERS, keys);
        List<ExactReference> alone = LIMITERS.stream().map(ExactReference::new).toList();
        SplittableRandom random = new SplittableRandom(8);
        long t = 0;
        for (int i = 0; i < 5_000; i++) {
            t += random.nextLong(SECOND / 10);
            Request request = new Request(i, t, "FRA", "c", "key-" + random.nextInt(20), "ip-" + random.nextInt(7),
                    null, null, "/", 1, null);
            for (int l = 0; l < LIMITERS.size(); l++) {
                boolean expected = alone.get(l).allows(request);
                if (i % 2 == 0) {
                    assertThat(together.allows(l, request)).isEqualTo(expected);
                } else {
                    int keyId = keys.idOf(together.keyKind(l).extract(request), request.plan());
                    assertThat(together.allows(l, request, keyId)).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void keysOfOneLimiterDoNotShareCountsWithAnotherLimitersKeys() {
        // the api key and the ip are the same string: each limiter still counts only its own requests
        ExactReferences references = new ExactReferences(LIMITERS, new KeyIds());
        Request request = new Request(0, 0, "FRA", "c", "same", "same", null, null, "/", 1, null);

        for (int i = 0; i < 3; i++) {
            assertThat(references.allows(0, request)).isTrue();
        }
        assertThat(references.allows(0, request)).isFalse();
        assertThat(references.allows(1, request)).isTrue();
    }

    @Test
    void theExactCountGivesEachKeyTheLimitOfItsPlan() {
        AlgorithmSpec sixty = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 60, 60 * SECOND);
        AlgorithmSpec planned = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10, 60 * SECOND).withPlans(Map.of(
                "free", sixty, "pro", AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600, 60 * SECOND)));
        AlgorithmSpec bucket = AlgorithmSpec.rated(AlgorithmKind.GCRA, 0.001, 10).withPlans(Map.of(
                "free", AlgorithmSpec.rated(AlgorithmKind.GCRA, 0.001, 60),
                "pro", AlgorithmSpec.rated(AlgorithmKind.GCRA, 0.001, 600)));
        List<LimiterSpec> limiters = List.of(limiter("windows", planned, KeyKind.API_KEY),
                limiter("bucket", bucket, KeyKind.API_KEY));
        ExactReferences references = new ExactReferences(limiters, new KeyIds());

        for (int l = 0; l < limiters.size(); l++) {
            assertThat(accepted(references, l, "pro")).isEqualTo(600);
            assertThat(accepted(references, l, "free")).isEqualTo(60);
            assertThat(accepted(references, l, null)).isEqualTo(10);
            assertThat(limiters.get(l).limitFor("pro")).isEqualTo(600);
            assertThat(limiters.get(l).limitFor(null)).isEqualTo(10);
        }
    }

    // a thousand requests of one key of plan, within one second
    private static int accepted(ExactReferences references, int limiter, String plan) {
        int accepted = 0;
        for (int i = 0; i < 1_000; i++) {
            Request request = new Request(i, i * 1_000_000L, "FRA", "c", "key-" + plan, "ip", null, null, "/", 1,
                    plan);
            accepted += references.allows(limiter, request) ? 1 : 0;
        }
        return accepted;
    }

    @Test
    void aFirstRequestReferenceDecidesEachKeyAsTheSeedCodeAndNumbersItsOwnWindows() {
        // 50 keys, 100 per 10 s from each key's first request, its state kept with every other key's
        long window = 10 * SECOND;
        AlgorithmSpec seed = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, window)
                .withAnchor(WindowAnchor.FIRST_REQUEST);
        for (Counting count : Counting.values()) {
            ExactReferences reference = new ExactReferences(
                    List.of(limiter("seed", seed.withCount(count), KeyKind.API_KEY)), new KeyIds());
            // the seed code per key: its window's start and count
            Map<String, long[]> stored = new HashMap<>();
            SplittableRandom random = new SplittableRandom(16);
            long t = 0;
            for (int i = 0; i < 100_000; i++) {
                t += random.nextLong(SECOND / 200);
                String key = "key-" + random.nextInt(50);
                long[] w = stored.getOrDefault(key, new long[] {t, 0});
                if (t - w[0] >= window) {
                    w = new long[] {t, 0};
                }
                boolean allowed = w[1] < 100;
                if (allowed || count == Counting.ALL) {
                    w[1]++;
                }
                stored.put(key, w);
                Request request = new Request(i, t, "FRA", "c", key, "ip", null, null, "/", 1, null);

                assertThat(reference.allows(0, request)).as("request %d", i).isEqualTo(allowed);
                assertThat(reference.window(0, request)).isEqualTo(w[0] / window);
            }
        }
    }

    @Test
    void aReferenceAlignedToTimeZeroNumbersWindowsByTheRequestsTime() {
        ExactReferences references = new ExactReferences(LIMITERS, new KeyIds());
        Request request = new Request(0, 7 * SECOND + 1, "FRA", "c", "k", "ip", null, null, "/", 1, null);

        assertThat(references.allows(0, request)).isTrue();
        assertThat(references.window(0, request)).isEqualTo(7);
        // a token bucket of burst 4 at 2 a second: windows of 2 s
        assertThat(references.allows(1, request)).isTrue();
        assertThat(references.window(1, request)).isEqualTo(3);
        assertThat(references.window(2, request)).isEqualTo(3);
    }
}
