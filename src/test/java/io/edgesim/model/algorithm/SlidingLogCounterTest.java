package io.edgesim.model.algorithm;

import io.edgesim.model.reference.ReferenceCounter;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SlidingLogCounterTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aTokenCountsForExactlyOneWindow() {
        SlidingLogCounter counter = new SlidingLogCounter(2, SECOND, Counting.ADMITTED);
        counter.tryAcquire(100, 1);
        counter.tryAcquire(300, 1);

        Decision refused = counter.tryAcquire(SECOND + 99, 1);

        assertThat(refused).isEqualTo(new Decision(false, 0, 1, SECOND + 300));
        assertThat(counter.tryAcquire(SECOND + 100, 1)).isEqualTo(new Decision(true, 0, 0, 2 * SECOND + 100));
    }

    @Test
    void aCostlyRequestWaitsForAsManyOfTheOldestTokensAsItNeeds() {
        SlidingLogCounter counter = new SlidingLogCounter(5, SECOND, Counting.ADMITTED);
        counter.tryAcquire(0, 2);
        counter.tryAcquire(200, 1);
        counter.tryAcquire(400, 2);

        Decision decision = counter.tryAcquire(500, 4);

        // 4 more need 4 tokens gone: the two at 0, the one at 200 and one of those at 400
        assertThat(decision.retryAfterNanos()).isEqualTo(SECOND + 400 - 500);
        assertThat(decision.resetNanos()).isEqualTo(SECOND + 400);
    }

    @Test
    void agreesWithThePlainReferenceOverALongStream() {
        SlidingLogCounter counter = new SlidingLogCounter(20, SECOND, Counting.ADMITTED);
        ReferenceCounter reference = ReferenceCounter.of(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 20, SECOND));
        SplittableRandom random = new SplittableRandom(3);
        int refused = 0;
        for (long t = 0; t < 30 * SECOND; t += random.nextLong(20_000_000L)) {
            Decision expected = reference.tryAcquire(t, 1);
            assertThat(counter.tryAcquire(t, 1)).as("at %d", t).isEqualTo(expected);
            refused += expected.allowed() ? 0 : 1;
        }
        assertThat(refused).isPositive();
    }

    @Test
    void anIdleLogIsEmptyAgain() {
        SlidingLogCounter counter = new SlidingLogCounter(3, SECOND, Counting.ADMITTED);
        counter.tryAcquire(0, 3);

        assertThat(counter.tryAcquire(5 * SECOND, 0)).isEqualTo(new Decision(true, 3, 0, 5 * SECOND));
        assertThat(counter.tryAcquire(5 * SECOND, 3).allowed()).isTrue();
    }
}
