package io.edgesim.traffic;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SplitMix64Test {

    @Test
    void drawsTheSameDoublesAsSplittableRandomWithTheSameSeed() {
        for (long seed : new long[] {0, 1, -1, 42, Long.MIN_VALUE, 0x5DEECE66DL}) {
            SplittableRandom reference = new SplittableRandom(seed);
            long state = seed;
            for (int i = 0; i < 10_000; i++) {
                state = SplitMix64.advance(state);
                assertThat(SplitMix64.uniform(state)).isEqualTo(reference.nextDouble());
            }
        }
    }

    @Test
    void drawsLieInTheUnitInterval() {
        long state = 3;
        for (int i = 0; i < 100_000; i++) {
            state = SplitMix64.advance(state);
            assertThat(SplitMix64.uniform(state)).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
        }
    }
}
