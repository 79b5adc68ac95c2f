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

    // what an engine does: number the request's key under the limiter's reference, then ask
    private static boolean allows(ExactReferences references, KeyIds keys, int limiter, Request request) {
        int keyId = keys.idOf(references.keyKind(limiter).extract(request), request.plan());
        return references.allows(limiter, keyId, request.timeNanos(), request.cost());
    }

    // the same, for the number of the reference window the request just decided counts in
    private static long window(ExactReferences references, KeyIds keys, int limiter, Request request) {
        int keyId = keys.idOf(references.keyKind(limiter).extract(request), request.plan());
        return references.window(limiter, keyId, request.timeNanos());
    }

    @Test
    void judgesEveryLimiterAsItsOwnExactReferenceWould() {
        KeyIds keys = new KeyIds();
        ExactReferences together = new ExactReferences(LIMITERS, keys);
        List<KeyIds> aloneKeys = LIMITERS.stream().map(l -> new KeyIds()).toList();
        List<ExactReferences> alone = LIMITERS.stream()
                .map(l -> new ExactReferences(List.of(l), aloneKeys.get(LIMITERS.indexOf(l)))).toList();
        SplittableRandom random = new SplittableRandom(8);
        long t = 0;
        for (int i = 0; i < 5_000; i++) {
            t += random.nextLong(SECOND / 10);
            Request request = new Request(i, t, "FRA", "c", "key-" + random.nextInt(20), "ip-" + random.nextInt(7),
                    null, null, "/", 1, null);
            for (int l = 0; l < LIMITERS.size(); l++) {
                boolean expected = allows(alone.get(l), aloneKeys.get(l), 0, request);
                assertThat(allows(together, keys, l, request)).isEqualTo(expected);
            }
        }
    }

    @Test
    void keysOfOneLimiterDoNotShareCountsWithAnotherLimitersKeys() {
        // the api key and the ip are the same string: each limiter still counts only its own requests
        KeyIds keys = new KeyIds();
        ExactReferences references = new ExactReferences(LIMITERS, keys);
        Request request = new Request(0, 0, "FRA", "c", "same", "same", null, null, "/", 1, null);

        for (int i = 0; i < 3; i++) {
            assertThat(allows(references, keys, 0, request)).isTrue();
        }
        assertThat(allows(references, keys, 0, request)).isFalse();
        assertThat(allows(references, keys, 1, request)).isTrue();
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
        KeyIds keys = new KeyIds();
        ExactReferences references = new ExactReferences(limiters, keys);

        for (int l = 0; l < limiters.size(); l++) {
            assertThat(accepted(references, keys, l, "pro")).isEqualTo(600);
            assertThat(accepted(references, keys, l, "free")).isEqualTo(60);
            assertThat(accepted(references, keys, l, null)).isEqualTo(10);
            assertThat(limiters.get(l).limitFor("pro")).isEqualTo(600);
            assertThat(limiters.get(l).limitFor(null)).isEqualTo(10);
        }
    }

    // a thousand requests of one key of plan, within one second
    private static int accepted(ExactReferences references, KeyIds keys, int limiter, String plan) {
        int accepted = 0;
        for (int i = 0; i < 1_000; i++) {
            Request request = new Request(i, i * 1_000_000L, "FRA", "c", "key-" + plan, "ip", null, null, "/", 1,
                    plan);
            accepted += allows(references, keys, limiter, request) ? 1 : 0;
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
            KeyIds keys = new KeyIds();
            ExactReferences reference = new ExactReferences(
                    List.of(limiter("seed", seed.withCount(count), KeyKind.API_KEY)), keys);
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

                assertThat(allows(reference, keys, 0, request)).as("request %d", i).isEqualTo(allowed);
                assertThat(window(reference, keys, 0, request)).isEqualTo(w[0] / window);
            }
        }
    }

    @Test
    void aReferenceAlignedToTimeZeroNumbersWindowsByTheRequestsTime() {
        KeyIds keys = new KeyIds();
        ExactReferences references = new ExactReferences(LIMITERS, keys);
        Request request = new Request(0, 7 * SECOND + 1, "FRA", "c", "k", "ip", null, null, "/", 1, null);

        assertThat(allows(references, keys, 0, request)).isTrue();
        assertThat(window(references, keys, 0, request)).isEqualTo(7);
        // a token bucket of burst 4 at 2 a second: windows of 2 s
        assertThat(allows(references, keys, 1, request)).isTrue();
        assertThat(window(references, keys, 1, request)).isEqualTo(3);
        assertThat(window(references, keys, 2, request)).isEqualTo(3);
    }
}
