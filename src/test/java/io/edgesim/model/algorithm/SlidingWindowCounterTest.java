package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SlidingWindowCounterTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MINUTE = 60 * SECOND;

    /** Cloudflare's worked example: 42 in the previous minute, 18 in this one, 15 s in: estimate 49.5. */
    private static SlidingWindowCounter cloudflareExample() {
        SlidingWindowCounter counter = new SlidingWindowCounter(50, MINUTE, Counting.ADMITTED);
        assertThat(counter.tryAcquire(10 * SECOND, 42).allowed()).isTrue();
        // ceil(42 * 45 / 60) + 18 = 50: the 18 fit exactly
        assertThat(counter.tryAcquire(MINUTE + 15 * SECOND, 18).allowed()).isTrue();
        return counter;
    }

    @Test
    void estimateWeighsThePreviousWindowByWhatRemainsOfIt() {
        SlidingWindowCounter counter = cloudflareExample();

        Decision decision = counter.tryAcquire(MINUTE + 15 * SECOND, 1);

        // 49.5 + 1 > 50; remaining = 50 - ceil(31.5) - 18
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.remaining()).isZero();
    }

    @Test
    void retryAfterIsWhenThePreviousCountHasFadedEnough() {
        SlidingWindowCounter counter = cloudflareExample();

        Decision decision = counter.tryAcquire(MINUTE + 15 * SECOND, 1);

        // passes once 42 * (60 - e) / 60 + 18 + 1 <= 50, i.e. e >= 60 * 11 / 42 s = 15.714285714... s
        assertThat(decision.retryAfterNanos()).isEqualTo(714_285_715L);
        assertThat(counter.tryAcquire(MINUTE + 15_714_285_714L, 1).allowed()).isFalse();
        assertThat(counter.tryAcquire(MINUTE + 15_714_285_715L, 1).allowed()).isTrue();
    }

    @Test
    void retryAfterReachesIntoTheNextWindowWhenTheCurrentOneIsFull() {
        SlidingWindowCounter counter = new SlidingWindowCounter(10, SECOND, Counting.ADMITTED);
        counter.tryAcquire(100_000_000L, 10);

        Decision decision = counter.tryAcquire(500_000_000L, 1);

        // next window: 10 * (1 - e) + 1 <= 10 from e = 0.1 s, i.e. at 1.1 s
        assertThat(decision.retryAfterNanos()).isEqualTo(600_000_000L);
        assertThat(decision.resetNanos()).isEqualTo(2 * SECOND);
    }

    @Test
    void previousWindowWeighsFullyAtTheBoundaryAndNotAtAllOneWindowLater() {
        SlidingWindowCounter counter = new SlidingWindowCounter(10, SECOND, Counting.ADMITTED);
        counter.tryAcquire(SECOND - 1, 10);

        assertThat(counter.tryAcquire(SECOND, 1).allowed()).isFalse();
        assertThat(counter.tryAcquire(SECOND + SECOND / 2, 0).remaining()).isEqualTo(5);
        assertThat(counter.tryAcquire(2 * SECOND, 10).allowed()).isTrue();
    }

    @Test
    void aWindowWithNothingBetweenForgetsBothCounts() {
        SlidingWindowCounter counter = new SlidingWindowCounter(10, SECOND, Counting.ADMITTED);
        counter.tryAcquire(0, 10);

        Decision decision = counter.tryAcquire(2 * SECOND, 0);

        assertThat(decision.remaining()).isEqualTo(10);
        assertThat(decision.resetNanos()).isEqualTo(2 * SECOND);
    }

    @Test
    void exactEvenWhenCountTimesWindowOverflowsALong() {
        long limit = 4_000_000_000L;
        SlidingWindowCounter counter = new SlidingWindowCounter(limit, 3_600 * SECOND, Counting.ADMITTED);
        counter.tryAcquire(0, limit);

        Decision decision = counter.tryAcquire(3_600 * SECOND + 900 * SECOND, 0);

        assertThat(decision.remaining()).isEqualTo(limit / 4);
    }
}
