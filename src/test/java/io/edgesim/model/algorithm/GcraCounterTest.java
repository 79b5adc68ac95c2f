package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class GcraCounterTest {

    private static final long MILLI = 1_000_000L;

    @Test
    void burstThenOneRequestPerEmissionInterval() {
        GcraCounter gcra = new GcraCounter(10, 3);

        for (int i = 0; i < 3; i++) {
            assertThat(gcra.tryAcquire(0, 1).allowed()).isTrue();
        }
        assertThat(gcra.tryAcquire(0, 1)).isEqualTo(new Decision(false, 0, 100 * MILLI, 300 * MILLI));
        assertThat(gcra.tryAcquire(100 * MILLI, 1)).isEqualTo(new Decision(true, 0, 0, 400 * MILLI));
        assertThat(gcra.tryAcquire(150 * MILLI, 1).retryAfterNanos()).isEqualTo(50 * MILLI);
        assertThat(gcra.tryAcquire(200 * MILLI, 1).allowed()).isTrue();
    }

    @Test
    void arrivalExactlyAtTheToleranceEdgePasses() {
        // max_burst 0 in redis-cell terms: TAT' - now may equal T, not exceed it
        GcraCounter gcra = new GcraCounter(4, 1);
        gcra.tryAcquire(0, 1);

        assertThat(gcra.tryAcquire(250 * MILLI - 1, 1).allowed()).isFalse();
        assertThat(gcra.tryAcquire(250 * MILLI, 1).allowed()).isTrue();
    }

    @Test
    void aCostOfSeveralTokensMovesTheArrivalTimeBySeveralIntervals() {
        GcraCounter gcra = new GcraCounter(10, 5);

        Decision decision = gcra.tryAcquire(0, 4);

        assertThat(decision).isEqualTo(new Decision(true, 1, 0, 400 * MILLI));
        assertThat(gcra.tryAcquire(0, 2).retryAfterNanos()).isEqualTo(100 * MILLI);
    }

    @Test
    void spacingStaysExactWhenTheIntervalIsNotAWholeNanosecond() {
        // 3 per second, burst 2 taken at 0: the k-th request after it may pass at k / 3 s (rounded up to the
        // nanosecond), not before; TAT stays ahead of now, so a rounded interval would drift by k / 3 ns
        GcraCounter gcra = new GcraCounter(3, 2);
        assertThat(gcra.tryAcquire(0, 2).allowed()).isTrue();
        for (long k = 1; k <= 3 * 3_600; k++) {
            long dueNanos = (k * 1_000_000_000L + 2) / 3;
            assertThat(gcra.tryAcquire(dueNanos - 1, 1).allowed()).as("early %d", k).isFalse();
            assertThat(gcra.tryAcquire(dueNanos, 1).allowed()).as("due %d", k).isTrue();
        }
    }

    @Test
    void decidesExactlyAsATokenBucketWithTheSameRateAndBurst() {
        GcraCounter gcra = new GcraCounter(7.5, 4);
        TokenBucketCounter bucket = new TokenBucketCounter(7.5, 4);
        SplittableRandom random = new SplittableRandom(17);
        long t = 0;
        for (int i = 0; i < 5_000; i++) {
            t += random.nextLong(200 * MILLI);
            long cost = random.nextInt(6);
            assertThat(gcra.tryAcquire(t, cost)).as("request %d", i).isEqualTo(bucket.tryAcquire(t, cost));
        }
    }
}
