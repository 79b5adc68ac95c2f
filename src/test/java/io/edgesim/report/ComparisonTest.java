package io.edgesim.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComparisonTest {

    @Test
    void aDifferenceThatShowsAsZeroHasNoSign() {
        assertThat(Comparison.difference("latency_p50_ms", 2.0, 2.0001, false)).isEqualTo("0.00 ms");
        assertThat(Comparison.relative(2.0, 2.0001)).isEqualTo("0.0%");
        assertThat(Comparison.relative(2.0, 2.0)).isEqualTo("0%");
        assertThat(Comparison.difference("latency_p50_ms", 2.0, 251.5, false)).isEqualTo("+249.5 ms");
        assertThat(Comparison.relative(300, 150)).isEqualTo("-50.0%");
        assertThat(Comparison.relative(0, 5)).isEqualTo("n/a");
    }

    @Test
    void aCostIsInDollars() {
        assertThat(Comparison.difference("usd_per_month", 8.6342, 13.3584, false)).isEqualTo("+$4.7242");
        assertThat(ThresholdText.value("usd_per_month", 8.6342)).isEqualTo("$8.6342");
    }
}
