package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AlgorithmSpecTest {

    @Test
    void eachKindCreatesItsOwnCounter() {
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 1_000).newCounter())
                .isInstanceOf(FixedWindowCounter.class);
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, 1_000).newCounter())
                .isInstanceOf(SlidingWindowCounter.class);
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, 1_000).newCounter())
                .isInstanceOf(SlidingLogCounter.class);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 5).newCounter())
                .isInstanceOf(TokenBucketCounter.class);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.GCRA, 2, 5).newCounter()).isInstanceOf(GcraCounter.class);
    }

    @Test
    void aFreshCounterHasTheWholeAllowance() {
        for (AlgorithmKind kind : AlgorithmKind.values()) {
            AlgorithmSpec spec = kind.windowed() ? AlgorithmSpec.windowed(kind, 5, 1_000_000_000L)
                    : AlgorithmSpec.rated(kind, 5, 5);
            assertThat(spec.newCounter().tryAcquire(0, 0).remaining()).as(kind.configName()).isEqualTo(5);
        }
    }
}
