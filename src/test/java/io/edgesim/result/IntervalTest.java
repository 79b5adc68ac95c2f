package io.edgesim.result;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class IntervalTest {

    @Test
    void intervalIsTheMeanPlusMinusStudentTTimesTheStandardError() {
        // mean 300.5; sd = sqrt(((-2.5)^2 + 0.5^2 + 2.5^2 + (-0.5)^2) / 3) = 2.0817; t(0.975, 3) = 3.182446;
        // half-width = 3.182446 * 2.0817 / sqrt(4) = 3.3124
        Interval i = Interval.of(new double[]{298, 301, 303, 300});

        assertThat(i).isEqualTo(new Interval(300.5, 297.1876, 303.8124));
        assertThat(i.halfWidth()).isCloseTo(3.3124, within(1e-9));
    }

    @Test
    void fiveValuesUseFourDegreesOfFreedom() {
        // sd = sqrt(10 / 4) = 1.5811; 2.776445 * 1.5811 / sqrt(5) = 1.9632
        assertThat(Interval.of(new double[]{1, 2, 3, 4, 5})).isEqualTo(new Interval(3, 1.0368, 4.9632));
    }

    @Test
    void twoValuesGiveTheWideIntervalOfOneDegreeOfFreedom() {
        // sd = sqrt(2), standard error 1: the half-width is t(0.975, 1) itself
        assertThat(Interval.of(new double[]{10, 12})).isEqualTo(new Interval(11, -1.7062, 23.7062));
    }

    @Test
    void oneValueIsItsOwnInterval() {
        assertThat(Interval.of(new double[]{42.5})).isEqualTo(new Interval(42.5, 42.5, 42.5));
    }

    @Test
    void equalValuesHaveNoWidth() {
        assertThat(Interval.of(new double[]{7, 7, 7})).isEqualTo(new Interval(7, 7, 7));
    }

    @Test
    void noValuesIsAnError() {
        assertThatThrownBy(() -> Interval.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
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
}
