package io.edgesim.model.tier.local;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.reference.ReferenceCache;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TestRequests;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;

class WriteBehindCacheTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private List<Outcome> send(WriteBehindCache cache, int requests, long gapNanos) {
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            long t = i * gapNanos;
            outcomes.add(decide(cache, at(t, "FRA"), "k", t).outcome());
        }
        return outcomes;
    }

    @Test
    void undercountsWhenRequestsComeCloserThanTheWriteDelay() {
        // a write lands 5 ms after its read, so the count read at t ms is floor(t / 5): the limit of 5 is only
        // seen at t = 25 ms, after 25 acceptances
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(500_000, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 60 * SECOND), keys);

        List<Outcome> outcomes = send(cache, 30, MS);

        assertThat(outcomes.subList(0, 25)).containsOnly(Outcome.ACCEPTED);
        assertThat(outcomes.subList(25, 30)).containsOnly(Outcome.REJECTED);
    }

    @Test
    void countingAllARefusedRequestIsWrittenBackToo() {
        // a sliding log of 3 per second, writes landing at once: 3 pass at 0-2 ms, the next 3 are refused and
        // logged, so a request at 1 s + 1 ms (when the first three have left) still finds 3 in the window
        AlgorithmSpec log = AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 3, SECOND);
        WriteBehindCache counting = new WriteBehindCache(new TierSettings.Cache(0, 0), log, keys);
        WriteBehindCache countingAll = new WriteBehindCache(new TierSettings.Cache(0, 0),
                log.withCount(Counting.ALL), keys);

        assertThat(send(counting, 6, MS)).containsExactly(Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.ACCEPTED,
                Outcome.REJECTED, Outcome.REJECTED, Outcome.REJECTED);
        assertThat(send(countingAll, 6, MS)).containsExactly(Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.ACCEPTED,
                Outcome.REJECTED, Outcome.REJECTED, Outcome.REJECTED);
        long later = SECOND + 2 * MS + 1;
        assertThat(decide(counting, at(later, "FRA"), "k", later).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(decide(countingAll, at(later, "FRA"), "k", later).outcome()).isEqualTo(Outcome.REJECTED);
    }

    @Test
    void concurrentWritesOverwriteEachOther() {
        // requests at 0-4 ms read nothing and each write count 1; those at 5-9 ms read a 1 and each write 2
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(0, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, 60 * SECOND), keys);

        List<Outcome> outcomes = send(cache, 10, MS);

        assertThat(outcomes).containsOnly(Outcome.ACCEPTED);
        // ten passed, but the last write to land (issued at 9 ms, landing at 14 ms) stored count 2
        assertThat(decide(cache, at(20 * MS, "FRA"), "k", 20 * MS).outcome()).isEqualTo(Outcome.REJECTED);
    }

    @Test
    void countsExactlyWhenRequestsComeFartherApartThanTheWriteDelay() {
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(500_000, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 60 * SECOND), keys);

        List<Outcome> outcomes = send(cache, 10, 10 * MS);

        assertThat(outcomes.stream().filter(o -> o == Outcome.ACCEPTED).count()).isEqualTo(5);
    }

    @Test
    void addsTheReadLatency() {
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(700_000, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND), keys);

        StageResult result = decide(cache, at(0, "FRA"), "k", 0);

        assertThat(result.addedLatencyNanos()).isEqualTo(700_000);
    }

    @Test
    void entryIsGoneOneWindowAfterItsLastWrite() {
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(0, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND), keys);

        decide(cache, at(200 * MS, "FRA"), "k", 200 * MS);

        assertThat(cache.holds(keys.idOf("k", null), 204 * MS)).isFalse();
        assertThat(cache.holds(keys.idOf("k", null), 205 * MS)).isTrue();
        assertThat(cache.holds(keys.idOf("k", null), 1_204 * MS)).isTrue();
        assertThat(cache.holds(keys.idOf("k", null), 1_205 * MS)).isFalse();
    }

    @Test
    void refusedRequestsWriteNothing() {
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(0, MS),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, SECOND), keys);

        decide(cache, at(0, "FRA"), "k", 0);
        // lands at 1 ms; the refused request at 2 ms must not refresh the entry's max-age
        decide(cache, at(2 * MS, "FRA"), "k", 2 * MS);

        assertThat(cache.holds(keys.idOf("k", null), 1_001 * MS)).isFalse();
    }

    @Test
    void slidingWindowEntryLivesTwoWindowsAfterItsLastWrite() {
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(0, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, SECOND), keys);

        decide(cache, at(200 * MS, "FRA"), "k", 200 * MS);

        assertThat(cache.holds(keys.idOf("k", null), 1_205 * MS)).isTrue();
        assertThat(cache.holds(keys.idOf("k", null), 2_204 * MS)).isTrue();
        assertThat(cache.holds(keys.idOf("k", null), 2_205 * MS)).isFalse();
    }

    @Test
    void slidingWindowKeepsThePreviousWindowsCount() {
        // 10 requests at 0-0.9 s fill window 0; at 11.0 s the previous count still weighs 10 x 9/10 = 9, so one more
        // passes and the nine after it (up to 11.9 s, weight still 9) are refused: 11 in all, as an exact count of
        // the same approximation gives. An entry kept for one window only (gone at 10.905 s) let all 20 through.
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(500_000, 5 * MS),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 10, 10 * SECOND), keys);
        List<Outcome> outcomes = new ArrayList<>();
        for (long start : new long[] {0, 11 * SECOND}) {
            for (int i = 0; i < 10; i++) {
                long t = start + i * 100 * MS;
                outcomes.add(decide(cache, at(t, "FRA"), "k", t).outcome());
            }
        }

        assertThat(outcomes.subList(0, 11)).containsOnly(Outcome.ACCEPTED);
        assertThat(outcomes.subList(11, 20)).containsOnly(Outcome.REJECTED);
    }

    @Test
    void tokenBucketEntryLivesUntilTheBucketHasRefilled() {
        // burst 4 at 2 per second: a drained bucket is full again 2 s later
        WriteBehindCache cache = new WriteBehindCache(new TierSettings.Cache(0, 0),
                AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 4), keys);
        for (int i = 0; i < 4; i++) {
            decide(cache, at(0, "FRA"), "k", 0);
        }

        assertThat(decide(cache, at(1_999 * MS, "FRA"), "k", 1_999 * MS).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(cache.holds(keys.idOf("k", null), 3_998 * MS)).isTrue();
        assertThat(cache.holds(keys.idOf("k", null), 3_999 * MS)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(AlgorithmKind.class)
    void decidesAsThePlainReferenceOfReadCopyDecideWriteLaterForEveryAlgorithm(AlgorithmKind kind) {
        // the reference: per key a stored counter with its write time, and the writes in flight in landing order
        AlgorithmSpec spec = kind.windowed() ? AlgorithmSpec.windowed(kind, 4, SECOND)
                : AlgorithmSpec.rated(kind, 3.5, 4);
        long delay = 5 * MS;
        long maxAge = spec.stateLifetimeNanos();
        TierSettings.Cache settings = new TierSettings.Cache(0, delay);
        WriteBehindCache cache = new WriteBehindCache(settings, spec, keys);
        ReferenceCache reference = new ReferenceCache(settings, spec);
        SplittableRandom random = new SplittableRandom(17);
        long t = 0;
        for (int i = 0; i < 5_000; i++) {
            // pauses longer than the state lifetime, a steady stream under the delay (writes land as others are
            // issued), and bursts that put hundreds of writes in flight at once
            int phase = i % 300;
            t += phase == 0 ? maxAge + random.nextLong(SECOND) : phase < 100 ? random.nextLong(2 * MS)
                    : random.nextLong(20_000);
            String key = "k" + random.nextInt(3);
            int cost = random.nextInt(3);
            StageResult expected = reference.decide(key, null, t, cost);

            StageResult result = decide(cache, at(t, "FRA", cost), key, t);

            assertThat(result).as("request %d at %d ns, %s", i, t, key).isEqualTo(expected);
        }
    }
}
