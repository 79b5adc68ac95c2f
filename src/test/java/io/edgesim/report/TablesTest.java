package io.edgesim.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TablesTest {

    @Test
    void aPipeInACellStaysInItsCellAndTextColumnsAlignLeft() {
        Tables t = new Tables(List.of("key", "tier", "sent", "p50 / p99 ms", "cost"))
                .row(List.of("colleague-0|203.0.113.7", "durable-object", "24", "86.50 / 86.50", "$8.63"))
                .row(List.of("visitor-1|198.51.100.1", "cache > durable-object", "-", "", "-0.60"));

        assertThat(t.markdown()).isEqualTo("""
                | key | tier | sent | p50 / p99 ms | cost |
                |---|---|---:|---:|---:|
                | colleague-0\\|203.0.113.7 | durable-object | 24 | 86.50 / 86.50 | $8.63 |
                | visitor-1\\|198.51.100.1 | cache > durable-object | - |  | -0.60 |
                """);
        // the terminal's text keeps the key as it is
        assertThat(t.text()).contains("colleague-0|203.0.113.7");
    }

    @Test
    void cellsThatBeginWithDigitsButAreNotNumbersMakeATextColumn() {
        Tables t = new Tables(List.of("stage", "object", "plan", "share", "factor", "latency"))
                .row(List.of("exact", "203.0.113.5", "10k-tier", "8 (<0.1%)", "3.2x", "+4.72 ms"))
                .row(List.of("exact", "2001:db8::1", "1,000", "12%", "16.0x", "1,234.5"));

        assertThat(t.markdown().lines().skip(1).findFirst()).hasValue("|---|---|---|---:|---:|---:|");
    }

    @Test
    void aFigureWithoutAValueLeavesItsColumnOfNumbersAlignedRight() {
        // compare's change of a figure that was 0 on one side, a multiplication with no exact acceptance
        Tables t = new Tables(List.of("figure", "change", "multiplication"))
                .row(List.of("sent", "+4.0%", "unbounded"))
                .row(List.of("failed", "n/a", "3.00x"));

        assertThat(t.markdown().lines().skip(1).findFirst()).hasValue("|---|---:|---:|");
    }
}
