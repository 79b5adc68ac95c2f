package io.edgesim.result;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class IntervalTest {

    @Test
    void twoValuesGiveTheirRange() {
        // resampled means of {0, 10}: 0 (1/4), 5 (1/2), 10 (1/4); the 2.5 % point is 0 and the 97.5 % point 10
        assertThat(Interval.of(new double[]{0, 10}, 1)).isEqualTo(new Interval(5, 0, 10, 5, 0, 10));
    }

    @Test
    void oneValueIsItsOwnInterval() {
        assertThat(Interval.of(new double[]{42.5}, 1)).isEqualTo(new Interval(42.5, 42.5, 42.5, 42.5, 42.5, 42.5));
    }

    @Test
    void equalValuesHaveNoWidth() {
        assertThat(Interval.of(new double[]{7, 7, 7}, 1)).isEqualTo(new Interval(7, 7, 7, 7, 7, 7));
    }

    @Test
    void aSkewedCountNeverGoesBelowZero() {
        // nine runs wrongly accept nothing, one 9000: the t-interval is 900 +- 2036, below zero
        double[] values = {0, 0, 0, 0, 0, 0, 0, 0, 0, 9000};

        Interval i = Interval.of(values, 7);

        assertThat(i.mean()).isEqualTo(900);
        assertThat(i.ci95Low()).isEqualTo(0);
        assertThat(i.ci95High()).isBetween(900.0, 9000.0);
        assertThat(i.median()).isZero();
        assertThat(i.skewed()).isTrue();
    }

    @Test
    void aShareStaysBetweenZeroAndOne() {
        Interval i = Interval.of(new double[]{0, 0, 0.02, 1, 0.98, 1, 1}, 3);

        assertThat(i.ci95Low()).isGreaterThanOrEqualTo(0);
        assertThat(i.ci95High()).isLessThanOrEqualTo(1);
    }

    @Test
    void aTightSetIsNotSkewed() {
        assertThat(Interval.of(new double[]{298, 301, 303, 300}, 1).skewed()).isFalse();
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        double[] values = {3, 1, 4, 1, 5, 9, 2, 6};

        assertThat(Interval.of(values, 11)).isEqualTo(Interval.of(values.clone(), 11));
    }

    @Test
    void coversTheMeanOfASkewedDistributionInRoughlyNinetyFivePercentOfSets() {
        // 1000 sets of 20 draws from an exponential distribution of mean 1 (skewness 2): the expanded percentile
        // bootstrap covers the true mean in about 92 % of sets (the plain one, 2.5 % each end, in about 90 %)
        SplittableRandom draws = new SplittableRandom(2024);
        int sets = 1000;
        int covered = 0;
        for (int s = 0; s < sets; s++) {
            double[] values = new double[20];
            for (int i = 0; i < values.length; i++) {
                values[i] = -Math.log(1 - draws.nextDouble());
            }
            Interval interval = Interval.of(values, s);
            if (interval.ci95Low() <= 1 && 1 <= interval.ci95High()) {
                covered++;
            }
        }
        assertThat((double) covered / sets).isBetween(0.88, 0.98);
    }

    @Test
    void theTailsNarrowTowardsTwoAndAHalfPercentAsRunsGrow() {
        // 1 - Phi(sqrt(20 / 19) x 2.093024) = 1 - Phi(2.1474) = 0.0159; at 1000 runs close to 0.025
        assertThat(Interval.tail(20)).isCloseTo(0.0159, within(1e-4));
        assertThat(Interval.tail(10)).isCloseTo(0.0086, within(1e-4));
        assertThat(Interval.tail(1000)).isCloseTo(0.025, within(5e-4));
    }

    @Test
    void studentQuantileComesFromTheTableThenTheExpansionWhichMeetsIt() {
        assertThat(StudentT.quantile975(1)).isEqualTo(12.706205);
        assertThat(StudentT.quantile975(30)).isEqualTo(2.042272);
        // exact values: 2.0395134 (31), 1.9839715 (100), 1.9623415 (999)
        assertThat(StudentT.quantile975(31)).isCloseTo(2.0395134, within(1e-7));
        assertThat(StudentT.quantile975(100)).isCloseTo(1.9839715, within(1e-7));
        assertThat(StudentT.quantile975(999)).isCloseTo(1.9623415, within(1e-7));
        assertThatThrownBy(() -> StudentT.quantile975(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noValuesIsAnError() {
        assertThatThrownBy(() -> Interval.of(new double[0], 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
