package io.edgesim.model.algorithm;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class CounterFactoryTest {

    private static final long SECOND = 1_000_000_000L;

    static Stream<AlgorithmSpec> algorithms() {
        return Stream.of(
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, SECOND),
                AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 3.5, 4),
                AlgorithmSpec.rated(AlgorithmKind.GCRA, 3.5, 4));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void itsCountersDecideAsFreshOnesAndIndependentlyOfEachOther(AlgorithmSpec spec) {
        CounterFactory factory = new CounterFactory(spec);
        RateCounter first = factory.newCounter();
        RateCounter second = factory.newCounter();
        RateCounter reference = spec.newCounter();
        SplittableRandom gaps = new SplittableRandom(5);
        long t = 0;
        for (int i = 0; i < 500; i++) {
            t += gaps.nextLong(SECOND / 4);
            long cost = gaps.nextLong(3);
            assertThat(first.tryAcquire(t, cost)).isEqualTo(reference.tryAcquire(t, cost));
        }

        // the second never decided: it still has the full allowance at the end
        assertThat(second.tryAcquire(t, 1)).isEqualTo(spec.newCounter().tryAcquire(t, 1));
        assertThat(factory.newCounter().tryAcquire(t, 1)).isEqualTo(spec.newCounter().tryAcquire(t, 1));
    }
}
