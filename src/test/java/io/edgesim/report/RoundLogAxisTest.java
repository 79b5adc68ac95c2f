package io.edgesim.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RoundLogAxisTest {

    @Test
    void ticksAtOneTwoAndFiveTimesAPowerOfTenOverFewDecades() {
        assertThat(RoundLogAxis.ticks(0.5, 400)).containsExactly(0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0);
        assertThat(RoundLogAxis.ticks(0.01, 0.05)).containsExactly(0.01, 0.02, 0.05);
    }

    @Test
    void ticksAtPowersOfTenOverManyDecadesAndEveryOtherOneOverVeryMany() {
        assertThat(RoundLogAxis.ticks(1e-4, 10)).containsExactly(1e-4, 1e-3, 0.01, 0.1, 1.0, 10.0);
        assertThat(RoundLogAxis.ticks(1e-6, 1e4)).containsExactly(1e-6, 1e-4, 0.01, 1.0, 100.0, 1e4);
    }

    @Test
    void noTicksForARangeALogAxisCannotHave() {
        assertThat(RoundLogAxis.ticks(0, 1)).isEmpty();
        assertThat(RoundLogAxis.ticks(10, 1)).isEmpty();
    }

    @Test
    void fitsItsRangeToTheRoundValuesAroundTheData() {
        RoundLogAxis axis = RoundLogAxis.plain("ms").fit(31.62, 316.23);

        assertThat(axis.getLowerBound()).isEqualTo(20.0);
        assertThat(axis.getUpperBound()).isEqualTo(500.0);
        // a little way off: a dot at 0.5 ms is not cut in half by the axis
        assertThat(RoundLogAxis.plain("ms").fit(0.5, 200).getLowerBound()).isEqualTo(0.2);
        assertThat(RoundLogAxis.plain("ms").fit(300, 300).getUpperBound()).isEqualTo(500.0);
    }

    @Test
    void percentAxisLabelsSharesAsPercentages() {
        assertThat(RoundLogAxis.percent("share").getNumberFormatOverride().format(0.001)).isEqualTo("0.1 %");
        assertThat(RoundLogAxis.plain("ms").getNumberFormatOverride().format(1000)).isEqualTo("1,000");
    }
}
