package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TokenBucketCounterTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MILLI = 1_000_000L;

    @Test
    void startsFullAndRefusesOnceEmpty() {
        TokenBucketCounter bucket = new TokenBucketCounter(10, 10);

        assertThat(bucket.tryAcquire(0, 10)).isEqualTo(new Decision(true, 0, 0, SECOND));
        assertThat(bucket.tryAcquire(0, 1)).isEqualTo(new Decision(false, 0, 100 * MILLI, SECOND));
    }

    @Test
    void refillsContinuouslyAfter250Milliseconds() {
        TokenBucketCounter bucket = new TokenBucketCounter(10, 10);
        bucket.tryAcquire(0, 10);

        // 2.5 tokens back: 2 whole ones, and 3 need another half token (50 ms)
        Decision tooMany = bucket.tryAcquire(250 * MILLI, 3);
        assertThat(tooMany).isEqualTo(new Decision(false, 2, 50 * MILLI, SECOND));
        assertThat(bucket.tryAcquire(250 * MILLI, 2)).isEqualTo(new Decision(true, 0, 0, SECOND + 200 * MILLI));
    }

    @Test
    void neverHoldsMoreThanTheBurst() {
        TokenBucketCounter bucket = new TokenBucketCounter(10, 5);
        bucket.tryAcquire(0, 5);

        assertThat(bucket.tryAcquire(3_600 * SECOND, 0).remaining()).isEqualTo(5);
    }

    @Test
    void aLongRunDoesNotDrift() {
        // 3 tokens/s is 333,333,333.3 ns a token: rounding each refill would gain or lose tokens over an hour
        TokenBucketCounter bucket = new TokenBucketCounter(3, 2);
        long accepted = 0;
        for (long t = 0; t <= 3_600 * SECOND; t += MILLI) {
            if (bucket.tryAcquire(t, 1).allowed()) {
                accepted++;
            }
        }

        assertThat(accepted).isEqualTo(2 + 3 * 3_600);
    }

    @Test
    void fractionalRateRefillsExactly() {
        TokenBucketCounter bucket = new TokenBucketCounter(0.5, 1);
        bucket.tryAcquire(0, 1);

        assertThat(bucket.tryAcquire(1, 1).retryAfterNanos()).isEqualTo(2 * SECOND - 1);
        assertThat(bucket.tryAcquire(2 * SECOND, 1).allowed()).isTrue();
    }
}
