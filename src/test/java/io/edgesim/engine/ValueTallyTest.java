package io.edgesim.engine;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ValueTallyTest {

    @Test
    void percentilesAreNearestRankOverTheValuesCounted() {
        ValueTally tally = new ValueTally();
        for (long seconds = 1; seconds <= 10; seconds++) {
            tally.add(seconds);
        }

        // rank ceil(p / 100 * 10): 5th, 9th and 1st of 1..10
        assertThat(tally.percentile(50)).isEqualTo(5);
        assertThat(tally.percentile(90)).isEqualTo(9);
        assertThat(tally.percentile(1)).isEqualTo(1);
        assertThat(tally.percentile(100)).isEqualTo(10);
        assertThat(tally.max()).isEqualTo(10);
        assertThat(tally.total()).isEqualTo(10);
    }

    @Test
    void largeValuesComeBackExactlyAsCounted() {
        // a day-long WAF timeout: a histogram of 3 significant digits would answer bucket edges around these
        ValueTally tally = new ValueTally();
        for (long seconds = 86_373; seconds <= 86_400; seconds++) {
            tally.add(seconds);
        }

        assertThat(tally.percentile(50)).isEqualTo(86_386);
        assertThat(tally.percentile(90)).isEqualTo(86_398);
        assertThat(tally.max()).isEqualTo(86_400);
    }

    @Test
    void repeatedValuesWeighTheirPercentile() {
        ValueTally tally = new ValueTally();
        for (int i = 0; i < 9; i++) {
            tally.add(30);
        }
        tally.add(57);

        assertThat(tally.percentile(50)).isEqualTo(30);
        assertThat(tally.percentile(90)).isEqualTo(30);
        assertThat(tally.percentile(91)).isEqualTo(57);
        assertThat(tally.total()).isEqualTo(10);
    }

    @Test
    void manyDistinctValuesAgreeWithSortingThemAll() {
        SplittableRandom random = new SplittableRandom(7);
        long[] values = new long[20_000];
        ValueTally tally = new ValueTally();
        for (int i = 0; i < values.length; i++) {
            values[i] = 1 + random.nextLong(5_000_000_000L);
            tally.add(values[i]);
        }
        Arrays.sort(values);

        for (double p : new double[] {0.1, 25, 50, 90, 99, 99.99, 100}) {
            int rank = (int) Math.ceil(p / 100 * values.length);
            assertThat(tally.percentile(p)).as("p%s", p).isEqualTo(values[rank - 1]);
        }
        assertThat(tally.max()).isEqualTo(values[values.length - 1]);
    }

    @Test
    void anEmptyTallyAnswersZero() {
        ValueTally tally = new ValueTally();

        assertThat(tally.percentile(50)).isZero();
        assertThat(tally.max()).isZero();
        assertThat(tally.total()).isZero();
    }

    @Test
    void refusesNegativeSecondsAndPercentilesOutsideTheRange() {
        ValueTally tally = new ValueTally();

        assertThatThrownBy(() -> tally.add(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tally.percentile(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tally.percentile(100.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givesEachDistinctValueWithItsCount() {
        ValueTally tally = new ValueTally();
        for (long v : new long[] {7, 3, 7, 251_500, 7}) {
            tally.add(v);
        }
        java.util.Map<Long, Long> seen = new java.util.TreeMap<>();

        tally.forEach(seen::put);

        assertThat(tally.distinct()).isEqualTo(3);
        assertThat(seen).containsExactly(java.util.Map.entry(3L, 1L), java.util.Map.entry(7L, 3L),
                java.util.Map.entry(251_500L, 1L));
    }
}
