package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class FirstRequestWindowCounterTest {

    private static final long SECOND = 1_000_000_000L;

    /**
     * The seed article's Durable Object limiter, as written: the stored window (absent for a fresh key), a new one
     * when {@code now - start >= windowMs}, {@code allowed = count < limit}, {@code count += 1} when allowed, and the
     * window stored back. {@code countAll} counts every request instead ({@code w.count += 1} unconditionally).
     */
    private static final class SeedLimiter {
        private final long limit;
        private final long windowNanos;
        private final boolean countAll;
        private long[] stored;

        SeedLimiter(long limit, long windowNanos, boolean countAll) {
            this.limit = limit;
            this.windowNanos = windowNanos;
            this.countAll = countAll;
        }

        boolean allow(long now) {
            long[] w = stored == null ? new long[] {now, 0} : stored;
            if (now - w[0] >= windowNanos) {
                w = new long[] {now, 0};
            }
            boolean allowed = w[1] < limit;
            if (allowed || countAll) {
                w[1] += 1;
            }
            stored = w;
            return allowed;
        }
    }

    @ParameterizedTest(name = "count all: {0}")
    @ValueSource(booleans = {false, true})
    void decidesAsTheSeedCodeOnRandomTraces(boolean countAll) {
        SplittableRandom random = new SplittableRandom(16);
        long decisions = 0;
        for (int trace = 0; trace < 200; trace++) {
            long limit = 1 + random.nextInt(20);
            long windowNanos = (1 + random.nextInt(60)) * SECOND / 10;
            AlgorithmSpec spec = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, limit, windowNanos)
                    .withAnchor(WindowAnchor.FIRST_REQUEST).withCount(countAll ? Counting.ALL : Counting.ADMITTED);
            RateCounter counter = spec.newCounter();
            SeedLimiter seed = new SeedLimiter(limit, windowNanos, countAll);
            // bursts, gaps within a window, gaps of exactly a window and gaps of several
            long t = random.nextLong(windowNanos);
            for (int i = 0; i < 500; i++) {
                int kind = random.nextInt(10);
                t += kind < 6 ? random.nextLong(windowNanos / limit + 1) : kind < 8 ? 0
                        : kind == 8 ? windowNanos : random.nextLong(3 * windowNanos);
                assertThat(counter.tryAcquire(t, 1).allowed()).as("trace %d request %d", trace, i)
                        .isEqualTo(seed.allow(t));
                decisions++;
            }
        }
        assertThat(decisions).isEqualTo(100_000);
    }

    @Test
    void aWindowStartsAtTheKeysFirstRequestAndTheNextAtTheFirstRequestAfterItEnds() {
        RateCounter counter = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, SECOND)
                .withAnchor(WindowAnchor.FIRST_REQUEST).newCounter();

        assertThat(counter.tryAcquire(900_000_000L, 1)).isEqualTo(new Decision(true, 1, 0, 1_900_000_000L));
        // an epoch window would have started afresh at 1 s
        assertThat(counter.tryAcquire(1_500_000_000L, 1)).isEqualTo(new Decision(true, 0, 0, 1_900_000_000L));
        assertThat(counter.tryAcquire(1_899_999_999L, 1)).isEqualTo(new Decision(false, 0, 1, 1_900_000_000L));
        // the window ended at 1.9 s; the next starts at the next request, 3.2 s, not at 2.9 s
        assertThat(counter.tryAcquire(3_200_000_000L, 2)).isEqualTo(new Decision(true, 0, 0, 4_200_000_000L));
        assertThat(counter.tryAcquire(4_199_999_999L, 1).allowed()).isFalse();
    }

    @Test
    void aRequestOfCostNPassesOnlyWhenAllOfItFits() {
        RateCounter counter = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND)
                .withAnchor(WindowAnchor.FIRST_REQUEST).newCounter();

        assertThat(counter.tryAcquire(0, 3).allowed()).isTrue();
        // count 3 < 5 would let the seed's rule through, but 3 + 3 > 5: refused, nothing taken
        assertThat(counter.tryAcquire(1, 3)).isEqualTo(new Decision(false, 2, SECOND - 1, SECOND));
        assertThat(counter.tryAcquire(2, 2)).isEqualTo(new Decision(true, 0, 0, SECOND));
    }

    @Test
    void aRefusedRequestOpensNoWindowWhenCountingAdmittedAndOneWhenCountingAll() {
        AlgorithmSpec admitted = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, SECOND)
                .withAnchor(WindowAnchor.FIRST_REQUEST);
        RateCounter counting = admitted.newCounter();
        RateCounter countingAll = admitted.withCount(Counting.ALL).newCounter();

        // cost above the limit: refused either way
        assertThat(counting.tryAcquire(0, 3).allowed()).isFalse();
        assertThat(countingAll.tryAcquire(0, 3).allowed()).isFalse();
        // counting admitted, the window starts at 0.5 s; counting all it started at 0 and is full until 1 s
        assertThat(counting.tryAcquire(SECOND / 2, 1)).isEqualTo(new Decision(true, 1, 0, 3 * SECOND / 2));
        assertThat(countingAll.tryAcquire(SECOND / 2, 1)).isEqualTo(new Decision(false, 0, SECOND / 2, SECOND));
        assertThat(countingAll.tryAcquire(SECOND, 1)).isEqualTo(new Decision(true, 1, 0, 2 * SECOND));
    }
}
