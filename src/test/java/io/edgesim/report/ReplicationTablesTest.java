package io.edgesim.report;

import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.Outlier;
import io.edgesim.result.Replications;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** How one figure over replications reads: its cell, and the line naming a run far from the others. */
class ReplicationTablesTest {

    @Test
    void aCellIsTheMeanAndIntervalWithTheMedianAndRangeWhenTheyDifferMuch() {
        assertThat(ReplicationTables.cell("let_through", Optional.of(new Interval(300.5, 298.75, 302.25, 300.5, 298,
                303)))).isEqualTo("300.5 (298.8 to 302.3)");
        assertThat(ReplicationTables.cell("wrongly_accepted", Optional.of(new Interval(0.2, 0, 0.8, 0, 0, 1))))
                .isEqualTo("0.20 (0.00 to 0.80; median 0.00, range 0.00 to 1.00)");
        assertThat(ReplicationTables.cell("keys_over_limit_share", Optional.of(new Interval(0.0165, 0.0163, 0.0167,
                0.0166, 0.016, 0.017)))).isEqualTo("1.65% (1.63% to 1.67%)");
        assertThat(ReplicationTables.cell("multiplication", Optional.empty())).isEqualTo("n/a");
    }

    @Test
    void aMeanAndMedianThatPrintTheSameShowNoSpread() {
        // 0.0005 against 0 is far in relative terms, but both print as 0.00
        assertThat(ReplicationTables.cell("multiplication", Optional.of(new Interval(0.0005, 0, 0.001, 0, 0,
                0.0025)))).isEqualTo("0.00 (0.00 to 0.00)");
    }

    @Test
    void aRunFarFromTheOthersReadsAsItsSeedFigureAndTheOthersRange() {
        Figure p99 = new Figure("durable-object", "SYD", "", "", "latency_p99_ms");
        Figure multiplication = new Figure("fail-closed", "", "", "region-outage FRA 20s-40s", "multiplication");

        assertThat(ReplicationTables.outlier(new Outlier(p99, 7, 1312.4, 402, 431.25, 80.5)))
                .isEqualTo("seed 7: durable-object latency p99 in SYD 1312.4 ms, others 402.0 to 431.3 ms");
        assertThat(ReplicationTables.outlier(new Outlier(multiplication, 19, 0.0025, 0, 0, 9)))
                .isEqualTo("seed 19: fail-closed multiplication during region-outage FRA 20s-40s 0.0025x, others 0 "
                        + "to 0x");
    }

    @Test
    void aMultiplicationNoRunHasIsUnboundedWhereEveryRunLetSomethingThroughWholeRunOrByFaultWindow() {
        String window = "region-outage FRA 20s-40s";
        List<Long> seeds = new ArrayList<>();
        List<Map<Figure, Double>> samples = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            seeds.add(seed);
            samples.add(Map.of(
                    // every run: nothing exact, something through
                    new Figure("open", "", "", window, "multiplication"), Double.NaN,
                    new Figure("open", "", "", window, "let_through"), 5.0 + seed,
                    // nothing through either in one run
                    new Figure("closed", "", "", window, "multiplication"), Double.NaN,
                    new Figure("closed", "", "", window, "let_through"), seed == 3 ? 0.0 : 2.0,
                    // a ratio in some runs only
                    new Figure("mixed", "", "", window, "multiplication"), seed == 3 ? 2.0 : Double.NaN,
                    new Figure("mixed", "", "", window, "let_through"), 4.0,
                    Figure.whole("open", "multiplication"), Double.NaN,
                    Figure.whole("open", "let_through"), 7.0));
        }
        Replications r = Replications.of(seeds, samples);

        assertThat(ReplicationTables.multiplicationCell(r, new Figure("open", "", "", window, "multiplication")))
                .isEqualTo("unbounded");
        assertThat(ReplicationTables.multiplicationCell(r, Figure.whole("open", "multiplication")))
                .isEqualTo("unbounded");
        assertThat(ReplicationTables.multiplicationCell(r, new Figure("closed", "", "", window, "multiplication")))
                .isEqualTo("n/a");
        assertThat(ReplicationTables.multiplicationCell(r, new Figure("mixed", "", "", window, "multiplication")))
                .isEqualTo("n/a");
        assertThat(ReplicationTables.tables(r).get("By fault window:").markdown())
                .containsPattern("\\| open \\| region-outage FRA 20s-40s \\|([^\\n]*\\|)? unbounded \\|");
    }
}
