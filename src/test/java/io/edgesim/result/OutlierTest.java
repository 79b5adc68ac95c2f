package io.edgesim.result;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

class OutlierTest {

    @Test
    void oneRunFarAboveTheOthersIsNamed() {
        // median 416.5; deviations' median (MAD) 7.5; z of 1312 = 0.6745 x 895.5 / 7.5 = 80.54
        double[] p99 = {1312, 402, 405, 410, 412, 415, 418, 420, 425, 431};

        assertThat(Outlier.furthest(p99)).isEqualTo(OptionalInt.of(0));
        assertThat(Outlier.robustZ(p99)[0]).isCloseTo(80.5353, org.assertj.core.data.Offset.offset(1e-4));
    }

    @Test
    void runsCloseTogetherNameNone() {
        assertThat(Outlier.furthest(new double[]{402, 405, 410, 412, 415, 418, 420, 425, 431, 440})).isEmpty();
    }

    @Test
    void whenMostRunsAgreeExactlyTheMeanDeviationScales() {
        // MAD 0: nine runs at 0, one at 5: mean deviation 0.5, z = 5 / (1.2533 x 0.5) = 7.98
        assertThat(Outlier.furthest(new double[]{0, 0, 0, 0, 0, 0, 0, 0, 0, 5})).isEqualTo(OptionalInt.of(9));
        // three at 0, two at 1: mean deviation 0.4, z = 1 / 0.50 = 2.0
        assertThat(Outlier.furthest(new double[]{0, 0, 0, 1, 1})).isEmpty();
    }

    @Test
    void aValueThatAnotherRunSharesIsNotOneRunFarFromTheOthers() {
        // seventeen at 3 keys, three at 4: robust z 5.3 and 33 % above the median, but three runs have it
        double[] keys = {3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 4, 3, 3};
        assertThat(Outlier.robustZ(keys)[4]).isGreaterThan(Outlier.THRESHOLD);
        assertThat(Outlier.furthest(keys)).isEmpty();
        // one of them alone is named
        assertThat(Outlier.furthest(new double[]{3, 3, 3, 3, 4, 3, 3, 3, 3, 3})).isEqualTo(OptionalInt.of(4));
    }

    @Test
    void aRunFarForTheSpreadButCloseInTheFiguresOwnTermsIsNotNamed() {
        // nine runs at 7 keys, one at 8: robust z 8, but 8 is only 14 % above the median
        assertThat(Outlier.robustZ(new double[]{7, 7, 7, 7, 7, 7, 7, 7, 7, 8})[9]).isGreaterThan(Outlier.THRESHOLD);
        assertThat(Outlier.furthest(new double[]{7, 7, 7, 7, 7, 7, 7, 7, 7, 8})).isEmpty();
        assertThat(Outlier.furthest(new double[]{266.4, 266.4, 266.4, 266.5, 266.9})).isEmpty();
    }

    @Test
    void tooFewRunsOrARunWithoutAValueNameNone() {
        assertThat(Outlier.furthest(new double[]{1, 1000})).isEmpty();
        assertThat(Outlier.furthest(new double[]{1, 1, 1, 1, Double.NaN, 1000})).isEmpty();
        assertThat(Outlier.furthest(new double[]{4, 4, 4})).isEmpty();
    }
}
