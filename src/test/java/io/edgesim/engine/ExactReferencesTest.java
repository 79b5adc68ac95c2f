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

import java.util.ArrayList;
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
        int reference = references.reference(limiter);
        int keyId = keys.idOf(references.keyKind(reference).extract(request), request.plan());
        return references.allows(reference, keyId, request.timeNanos(), request.cost());
    }

    // the same, for the number of the reference window the request just decided counts in
    private static long window(ExactReferences references, KeyIds keys, int limiter, Request request) {
        int reference = references.reference(limiter);
        int keyId = keys.idOf(references.keyKind(reference).extract(request), request.plan());
        return references.window(reference, keyId, request.timeNanos());
    }

    private static LimiterSpec judged(String name, TierSettings tier, AlgorithmSpec stage, AlgorithmSpec reference,
                                      KeyKind key, Set<String> clients) {
        return new LimiterSpec(name, List.of(new StageSpec(tier, stage, KeyKind.API_KEY)), clients, reference, key);
    }

    private static final AlgorithmSpec HUNDRED = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60 * SECOND);

    @Test
    void limitersWhoseReferencesAreEqualShareOneCountWhateverTheirTiers() {
        TierSettings cache = new TierSettings.Cache(0, 0);
        TierSettings isolate = new TierSettings.Isolate(1, 30 * SECOND);
        AlgorithmSpec planned = HUNDRED.withPlans(Map.of("pro", HUNDRED.withLimit(1_000)));
        List<LimiterSpec> limiters = List.of(
                // judged by its stage's algorithm and key (the defaults)
                new LimiterSpec("cache", List.of(new StageSpec(cache, HUNDRED, KeyKind.API_KEY)), Set.of(), null),
                // another tier and stage algorithm, but the same reference written out
                judged("isolate", isolate, AlgorithmSpec.rated(AlgorithmKind.GCRA, 5, 10), HUNDRED, KeyKind.API_KEY,
                        Set.of()),
                judged("clients", cache, HUNDRED, HUNDRED, KeyKind.API_KEY, Set.of("a", "b")),
                judged("same clients", isolate, HUNDRED, HUNDRED, KeyKind.API_KEY, Set.of("b", "a")),
                judged("plans", cache, HUNDRED, planned, KeyKind.API_KEY, Set.of()),
                // equal plans built apart
                judged("same plans", isolate, HUNDRED, HUNDRED.withPlans(Map.of("pro", HUNDRED.withLimit(1_000))),
                        KeyKind.API_KEY, Set.of()));

        ExactReferences references = new ExactReferences(limiters, new KeyIds());

        assertThat(references.count()).isEqualTo(3);
        assertThat(references.reference(0)).isEqualTo(references.reference(1)).isZero();
        assertThat(references.reference(2)).isEqualTo(references.reference(3)).isEqualTo(1);
        assertThat(references.reference(4)).isEqualTo(references.reference(5)).isEqualTo(2);
        assertThat(references.sees(0, "c")).isTrue();
        assertThat(references.sees(1, "a")).isTrue();
        assertThat(references.sees(1, "c")).isFalse();
    }

    @Test
    void aReferenceThatDiffersInAnythingThatReachesTheCountKeepsItsOwn() {
        TierSettings cache = new TierSettings.Cache(0, 0);
        List<AlgorithmSpec> others = List.of(
                HUNDRED.withLimit(50),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 30 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 100, 60 * SECOND),
                HUNDRED.withAnchor(WindowAnchor.FIRST_REQUEST),
                HUNDRED.withCount(Counting.ALL),
                HUNDRED.withPlans(Map.of("pro", HUNDRED.withLimit(1_000))),
                HUNDRED.withPlans(Map.of("pro", HUNDRED.withLimit(2_000))),
                HUNDRED.withPlans(Map.of("team", HUNDRED.withLimit(1_000))));
        List<LimiterSpec> limiters = new ArrayList<>();
        limiters.add(judged("base", cache, HUNDRED, HUNDRED, KeyKind.API_KEY, Set.of()));
        for (AlgorithmSpec other : others) {
            limiters.add(judged("algorithm " + limiters.size(), cache, HUNDRED, other, KeyKind.API_KEY, Set.of()));
        }
        limiters.add(judged("by ip", cache, HUNDRED, HUNDRED, KeyKind.IP, Set.of()));
        limiters.add(judged("some clients", cache, HUNDRED, HUNDRED, KeyKind.API_KEY, Set.of("a")));
        limiters.add(judged("other clients", cache, HUNDRED, HUNDRED, KeyKind.API_KEY, Set.of("a", "b")));

        ExactReferences references = new ExactReferences(limiters, new KeyIds());

        assertThat(references.count()).isEqualTo(limiters.size());
        for (int l = 0; l < limiters.size(); l++) {
            assertThat(references.reference(l)).as(limiters.get(l).name()).isEqualTo(l);
        }
    }

    @Test
    void aSharedCountDecidedOncePerRequestAnswersEachLimiterAsItsOwnCountWould() {
        // two limiters share a count per api key, a third differs only in the limit, a fourth only in its clients;
        // the engines decide each distinct reference once per request and hand its answer to every limiter of it
        TierSettings cache = new TierSettings.Cache(0, 0);
        AlgorithmSpec three = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 3, SECOND);
        List<LimiterSpec> limiters = List.of(
                judged("a", cache, three, three, KeyKind.API_KEY, Set.of()),
                judged("b", new TierSettings.Isolate(1, SECOND), three, three, KeyKind.API_KEY, Set.of()),
                judged("two", cache, three, three.withLimit(2), KeyKind.API_KEY, Set.of()),
                judged("c only", cache, three, three, KeyKind.API_KEY, Set.of("c")));
        KeyIds keys = new KeyIds();
        ExactReferences shared = new ExactReferences(limiters, keys);
        List<KeyIds> aloneKeys = limiters.stream().map(l -> new KeyIds()).toList();
        List<ExactReferences> alone = limiters.stream()
                .map(l -> new ExactReferences(List.of(l), aloneKeys.get(limiters.indexOf(l)))).toList();
        assertThat(shared.count()).isEqualTo(3);
        SplittableRandom random = new SplittableRandom(9);
        long t = 0;
        int[] accepted = new int[limiters.size()];
        for (int i = 0; i < 5_000; i++) {
            t += random.nextLong(SECOND / 10);
            Request request = new Request(i, t, "FRA", random.nextBoolean() ? "c" : "d", "key-" + random.nextInt(20),
                    "ip", null, null, "/", 1, null);
            boolean[] decided = new boolean[shared.count()];
            boolean[] answers = new boolean[shared.count()];
            for (int l = 0; l < limiters.size(); l++) {
                if (!limiters.get(l).sees(request.client())) {
                    continue;
                }
                int r = shared.reference(l);
                if (!decided[r]) {
                    decided[r] = true;
                    answers[r] = allows(shared, keys, l, request);
                }
                boolean own = allows(alone.get(l), aloneKeys.get(l), 0, request);
                assertThat(answers[r]).as("%s, request %d", limiters.get(l).name(), i).isEqualTo(own);
                accepted[l] += own ? 1 : 0;
            }
        }
        // the limits bite, so that agreeing says something
        assertThat(accepted[0]).isEqualTo(accepted[1]).isGreaterThan(accepted[2]).isLessThan(5_000);
        assertThat(accepted[3]).isPositive().isLessThan(accepted[0]);
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
