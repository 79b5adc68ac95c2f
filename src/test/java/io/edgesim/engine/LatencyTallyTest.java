package io.edgesim.engine;

import io.edgesim.result.LatencyStats;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LatencyTallyTest {

    @Test
    void aConstantLatencyHasEveryPercentileAtItself() {
        // 251.5 ms: an HdrHistogram bucket's middle read 251.456, below every sample
        LatencyTally tally = new LatencyTally();
        for (int i = 0; i < 271; i++) {
            tally.record(251_500_000L);
        }

        assertThat(tally.stats()).isEqualTo(new LatencyStats(251.5, 251.5, 251.5, 251.5, 271));
    }

    @Test
    void fewValuesGiveNearestRankPercentilesExactly() {
        LatencyTally tally = new LatencyTally();
        // 2.0 ms 49 times, 14.0 ms 50 times, 251.5 ms once: the 50th of 100 is 14.0, the 99th 14.0, the 100th 251.5
        for (int i = 0; i < 49; i++) {
            tally.record(2_000_000L);
        }
        for (int i = 0; i < 50; i++) {
            tally.record(14_000_000L);
        }
        tally.record(251_500_000L);

        assertThat(tally.percentileMs(49)).isEqualTo(2.0);
        assertThat(tally.percentileMs(50)).isEqualTo(14.0);
        assertThat(tally.percentileMs(99)).isEqualTo(14.0);
        assertThat(tally.percentileMs(99.5)).isEqualTo(251.5);
        assertThat(tally.percentileMs(1)).isEqualTo(2.0);
        assertThat(tally.stats().max()).isEqualTo(251.5);
    }

    @Test
    void latenciesAreRoundedToTheMicrosecond() {
        LatencyTally tally = new LatencyTally();
        tally.record(14_000_499L);
        tally.record(14_000_500L);
        tally.record(-5);

        assertThat(tally.percentileMs(33)).isEqualTo(0.0);
        assertThat(tally.percentileMs(66)).isEqualTo(14.0);
        assertThat(tally.percentileMs(100)).isEqualTo(14.001);
        assertThat(tally.total()).isEqualTo(3);
    }

    @Test
    void manyValuesAreReadFromTheHistogramWithinItsPrecisionAndNeverOutsideTheSamples() {
        LatencyTally tally = new LatencyTally();
        SplittableRandom random = new SplittableRandom(7);
        long[] sorted = new long[10_000];
        for (int i = 0; i < sorted.length; i++) {
            // 200 to 300 ms to the microsecond: thousands of values
            sorted[i] = 200_000_000L + random.nextLong(100_000) * 1_000;
            tally.record(sorted[i]);
        }
        java.util.Arrays.sort(sorted);

        for (double p : new double[] {50, 90, 99}) {
            double exact = sorted[(int) Math.ceil(p / 100 * sorted.length) - 1] / 1e6;
            assertThat(tally.percentileMs(p)).as("p" + p).isCloseTo(exact, within(exact * 0.0005));
        }
        assertThat(tally.percentileMs(0.01)).isGreaterThanOrEqualTo(sorted[0] / 1e6);
        assertThat(tally.percentileMs(100)).isLessThanOrEqualTo(sorted[sorted.length - 1] / 1e6);
        assertThat(tally.stats().max()).isEqualTo(sorted[sorted.length - 1] / 1e6);
        assertThat(tally.total()).isEqualTo(10_000);
    }

    @Test
    void theSwitchToTheHistogramKeepsEveryCount() {
        LatencyTally tally = new LatencyTally();
        // 256 values counted exactly, then the 257th moves them all to the histogram
        for (int v = 1; v <= LatencyTally.MAX_EXACT + 1; v++) {
            for (int i = 0; i < 3; i++) {
                tally.record(v * 1_000_000L);
            }
        }

        assertThat(tally.total()).isEqualTo(3L * (LatencyTally.MAX_EXACT + 1));
        assertThat(tally.percentileMs(50)).isCloseTo(129.0, within(129 * 0.0005));
        assertThat(tally.stats().max()).isEqualTo(257.0);
    }

    @Test
    void noSampleIsAllZeros() {
        assertThat(new LatencyTally().stats()).isEqualTo(new LatencyStats(0, 0, 0, 0, 0));
    }
}
