package io.edgesim.model.region;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LatencyTailTest {

    private static final long MS = 1_000_000L;
    private static final int DRAWS = 100_000;

    // the sorted draws of the keys of 100,000 consecutive requests of one limiter's stage, as the engines draw them
    // (one key per remote call)
    private static long[] draws(LatencyTail tail) {
        long[] out = new long[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            out[i] = tail.atKey(RegionMap.drawKey(42, i, 0, 0));
        }
        Arrays.sort(out);
        return out;
    }

    private static double percentile(long[] sorted, double p) {
        return sorted[(int) Math.ceil(p * sorted.length) - 1];
    }

    @Test
    void fittedToP50AndP99ReproducesThemWithinTwoPercentOver100000Draws() {
        // Frankfurt-Sydney: floor 165 ms (16,500 km there and back at 200 km per ms)
        LatencyTail tail = LatencyTail.fit(250 * MS, 400 * MS, 165.0 * MS);
        long[] sorted = draws(tail);
        assertThat(percentile(sorted, 0.50)).isCloseTo(250.0 * MS, within(0.02 * 250 * MS));
        assertThat(percentile(sorted, 0.99)).isCloseTo(400.0 * MS, within(0.02 * 400 * MS));
        assertThat(sorted[0]).isGreaterThanOrEqualTo(165 * MS);
    }

    @Test
    void fittedToP50P90AndP99ReproducesAllThree() {
        LatencyTail tail = LatencyTail.fitWithP90(250 * MS, 290 * MS, 400 * MS);
        long[] sorted = draws(tail);
        assertThat(percentile(sorted, 0.50)).isCloseTo(250.0 * MS, within(0.02 * 250 * MS));
        assertThat(percentile(sorted, 0.90)).isCloseTo(290.0 * MS, within(0.02 * 290 * MS));
        assertThat(percentile(sorted, 0.99)).isCloseTo(400.0 * MS, within(0.02 * 400 * MS));
        // the p90 fixes the floor: between 0 and the median
        assertThat(tail.floorNanos()).isBetween(0.0, 250.0 * MS);
        assertThat(sorted[0]).isGreaterThanOrEqualTo(Math.round(tail.floorNanos()));
    }

    @Test
    void aP90WhoseFloorStretchesTheTailMoreThanTheUngivenFitAllowsIsStillWhereGiven() {
        // a floor putting the p90 at 290 (236.3 ms) stretches the part above it 12 times from p50 to p99, and at 270
        // (247.9 ms) 73 times: both more than a fit without a p90 may (10), both honoured
        for (long p90 : new long[]{290, 270}) {
            LatencyTail tail = LatencyTail.fitWithP90(250 * MS, p90 * MS, 400 * MS);
            assertThat(tail.quantile(0.5)).as("p90 %d", p90).isCloseTo(250 * MS, within(2L));
            assertThat(tail.quantile(0.9)).as("p90 %d", p90).isCloseTo(p90 * MS, within(2L));
            assertThat(tail.quantile(0.99)).as("p90 %d", p90).isCloseTo(400 * MS, within(2L));
            double stretch = (400 * MS - tail.floorNanos()) / (250 * MS - tail.floorNanos());
            assertThat(stretch).isGreaterThan(LatencyTail.MAX_TAIL_RATIO).isLessThan(LatencyTail.MAX_GIVEN_TAIL_RATIO);
        }
    }

    @Test
    void theLowestP90IsTheOneWhoseTailStretchesAHundredTimes() {
        double[] range = LatencyTail.p90Range(250 * MS, 400 * MS);
        // floor (100 x 250 - 400) / 99 = 248.48 ms: p90 = 248.48 + 1.515^0.449 x 151.5^0.551
        assertThat(range[0] / MS).isCloseTo(267.6, within(0.05));
        LatencyTail lowest = LatencyTail.fitWithP90(250 * MS, (long) Math.ceil(range[0]), 400 * MS);
        assertThat((400 * MS - lowest.floorNanos()) / (250 * MS - lowest.floorNanos())).isCloseTo(100, within(0.01));
        assertThatThrownBy(() -> LatencyTail.fitWithP90(250 * MS, 260 * MS, 400 * MS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void exactQuantilesAreTheConfiguredOnes() {
        LatencyTail tail = LatencyTail.fit(13 * MS, 20 * MS, 4.0 * MS);
        assertThat(tail.quantile(0.5)).isCloseTo(13 * MS, within(1L));
        assertThat(tail.quantile(0.99)).isCloseTo(20 * MS, within(2L));
    }

    @Test
    void aFloorNotBelowTheMedianBecomesZero() {
        LatencyTail tail = LatencyTail.fit(10 * MS, 15 * MS, 12.0 * MS);
        assertThat(tail.floorNanos()).isZero();
        assertThat(tail.quantile(0.99)).isCloseTo(15 * MS, within(2L));
    }

    @Test
    void noTailWhenP99EqualsP50() {
        LatencyTail tail = LatencyTail.fit(250 * MS, 250 * MS, 165.0 * MS);
        assertThat(tail.hasTail()).isFalse();
        assertThat(tail.atKey(1)).isEqualTo(250 * MS);
        assertThat(tail.atKey(-7)).isEqualTo(250 * MS);
    }

    @Test
    void theSameKeyDrawsTheSameValue() {
        LatencyTail tail = LatencyTail.fit(250 * MS, 400 * MS, 165.0 * MS);
        assertThat(tail.atKey(123_456_789L)).isEqualTo(tail.atKey(123_456_789L));
        assertThat(tail.atKey(1)).isNotEqualTo(tail.atKey(2));
    }

    @Test
    void p90OutsideWhatAShiftedLognormalCanHaveIsRefused() {
        double[] range = LatencyTail.p90Range(250 * MS, 400 * MS);
        // a plain lognormal through 250 and 400 has p90 = 250^0.449 x 400^0.551 = 323.9 ms
        assertThat(range[1] / MS).isCloseTo(323.88, within(0.01));
        assertThatThrownBy(() -> LatencyTail.fitWithP90(250 * MS, 350 * MS, 400 * MS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyTail.fit(250 * MS, 200 * MS, 0.0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void normalQuantileMatchesKnownValues() {
        assertThat(NormalQuantile.of(0.5)).isCloseTo(0.0, within(1e-9));
        assertThat(NormalQuantile.of(0.99)).isCloseTo(LatencyTail.Z99, within(1e-8));
        assertThat(NormalQuantile.of(0.90)).isCloseTo(LatencyTail.Z90, within(1e-8));
        assertThat(NormalQuantile.of(0.001)).isCloseTo(-3.090232306, within(1e-7));
    }

    @Test
    void aFloorJustBelowTheMedianIsLoweredSoTheTailStaysBounded() {
        long ms = 1_000_000;
        // FRA-SYD's great-circle floor is about 165 ms: a p50 of 166 ms would put the lognormal part at 1 ms
        LatencyTail tail = LatencyTail.fit(166 * ms, 300 * ms, 165 * ms);

        assertThat(tail.quantile(0.5)).isCloseTo(166 * ms, within(2L));
        assertThat(tail.quantile(0.99)).isCloseTo(300 * ms, within(2L));
        // (p99 - floor) / (p50 - floor) = 10 at most: sigma <= ln 10 / z99, so the p99.9 stays within 2 x the p99
        assertThat(tail.quantile(0.999)).isLessThan(600 * ms);
        assertThat(tail.floorNanos()).isEqualTo((10 * 166 * ms - 300 * ms) / 9.0);
    }

    @Test
    void theMeanIsTheAverageOfTheQuantiles() {
        // the mean of a distribution is the integral of its quantile function over (0, 1): a fine midpoint sum of it
        for (LatencyTail tail : new LatencyTail[] {LatencyTail.serviceTime(10 * MS, 50 * MS),
                LatencyTail.fit(250 * MS, 400 * MS, 165 * MS), LatencyTail.constant(3 * MS)}) {
            int n = 1_000_000;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += tail.quantile((i + 0.5) / n);
            }
            assertThat(tail.meanNanos()).isCloseTo(sum / n, org.assertj.core.data.Percentage.withPercentage(0.1));
        }
        assertThat(LatencyTail.constant(3 * MS).meanNanos()).isEqualTo(3 * MS);
        assertThat(LatencyTail.serviceTime(10 * MS, 50 * MS).meanNanos()).isGreaterThan(12 * MS).isLessThan(13 * MS);
    }
}
