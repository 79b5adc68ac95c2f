package io.edgesim.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ThresholdTextTest {

    @Test
    void aValueThatWouldPrintAsTheThresholdsOwnNumberGetsTheDecimalsThatTellThemApart() {
        // 23 of 2,200 keys: 1.045454...%, against a threshold at 1.0455%
        assertThat(ThresholdText.value("keys_over_limit_share", 23 / 2200.0, 0.010455)).isEqualTo("1.04545%");
        assertThat(ThresholdText.value("multiplication", 1.00004, 1.0)).isEqualTo("1.00004x");
        // a latency of 7.217 ms against "== 7.22ms" failed: not "FAILED (7.22 ms)"
        assertThat(ThresholdText.value("latency_p50_ms", 7.217, 7.22)).isEqualTo("7.217 ms");
        assertThat(ThresholdText.value("latency_p99_ms", 251.46, 251.5)).isEqualTo("251.46 ms");
        // apart already, or the number itself: as usual
        assertThat(ThresholdText.value("keys_over_limit_share", 23 / 2200.0, 0.02)).isEqualTo("1.0455%");
        assertThat(ThresholdText.value("let_through", 90, 90)).isEqualTo("90");
        assertThat(ThresholdText.value("latency_p50_ms", 7.217, 300)).isEqualTo("7.22 ms");
    }
}
