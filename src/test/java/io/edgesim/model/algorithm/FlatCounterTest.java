package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** A counter over state at an offset in a shared array: the state many keys' counters keep side by side. */
class FlatCounterTest {

    private static final long SECOND = 1_000_000_000L;

    static Stream<AlgorithmSpec> specs() {
        return Stream.of(
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, SECOND),
                AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 3.5, 4),
                AlgorithmSpec.rated(AlgorithmKind.GCRA, 3.5, 4));
    }

    @ParameterizedTest
    @MethodSource("specs")
    void keysSideBySideInOneArrayDecideAsSeparateCountersWithoutTouchingEachOther(AlgorithmSpec spec) {
        FlatCounter scratch = (FlatCounter) spec.newCounter();
        int keys = 3;
        int n = scratch.stateLongs();
        // one spare long before and after, which must stay as they were
        long[] shared = new long[2 + keys * n];
        shared[0] = 42;
        shared[shared.length - 1] = 43;
        RateCounter[] separate = new RateCounter[keys];
        for (int k = 0; k < keys; k++) {
            separate[k] = spec.newCounter();
        }
        SplittableRandom random = new SplittableRandom(11);
        long t = -3 * SECOND;
        for (int i = 0; i < 2_000; i++) {
            t += random.nextLong(SECOND / 5);
            int key = random.nextInt(keys);
            long cost = random.nextLong(3);
            scratch.load(shared, 1 + key * n);
            assertThat(scratch.tryAcquire(t, cost))
                    .as("request %d, key %d", i, key)
                    .isEqualTo(separate[key].tryAcquire(t, cost));
            scratch.store(shared, 1 + key * n);
        }
        assertThat(shared[0]).isEqualTo(42);
        assertThat(shared[shared.length - 1]).isEqualTo(43);
    }

    @ParameterizedTest
    @MethodSource("specs")
    void allZeroStateLoadsAsAFreshCounterAtAnyTime(AlgorithmSpec spec) {
        FlatCounter scratch = (FlatCounter) spec.newCounter();
        for (long t : new long[]{Long.MIN_VALUE / 4, -SECOND, 0, 7 * SECOND, Long.MAX_VALUE / 4}) {
            for (long cost : new long[]{0, 1, 4, 6}) {
                scratch.load(new long[scratch.stateLongs()], 0);
                assertThat(scratch.tryAcquire(t, cost))
                        .as("t %d cost %d", t, cost)
                        .isEqualTo(spec.newCounter().tryAcquire(t, cost));
            }
        }
    }

    @Test
    void everyAlgorithmButTheSlidingLogIsFlat() {
        for (AlgorithmKind kind : AlgorithmKind.values()) {
            AlgorithmSpec spec = kind.windowed() ? AlgorithmSpec.windowed(kind, 5, SECOND)
                    : AlgorithmSpec.rated(kind, 5, 5);
            assertThat(spec.newCounter() instanceof FlatCounter).as(kind.configName())
                    .isEqualTo(kind != AlgorithmKind.SLIDING_LOG);
        }
    }

    @ParameterizedTest
    @MethodSource("specs")
    void acquireAnswersAsTryAcquireAndLeavesTheSameState(AlgorithmSpec spec) {
        FlatCounter asked = (FlatCounter) spec.newCounter();
        RateCounter told = spec.newCounter();
        SplittableRandom random = new SplittableRandom(29);
        long t = -SECOND;
        for (int i = 0; i < 3_000; i++) {
            t += random.nextLong(SECOND / 5);
            // costs up to above the limit or burst (5 and 4 here), which never pass
            long cost = random.nextLong(7);
            assertThat(asked.acquire(t, cost)).as("request %d", i).isEqualTo(told.tryAcquire(t, cost).allowed());
        }
        // same state: the same answer to a look without consuming
        assertThat(asked.tryAcquire(t, 0)).isEqualTo(told.tryAcquire(t, 0));
    }
}
