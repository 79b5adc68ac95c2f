package io.edgesim.report;

import io.edgesim.model.Outcome;
import io.edgesim.model.key.KeyIds;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeyReportTest {

    @TempDir
    Path dir;

    // four keys through a limit of 3 per 10 s: a got 6 through, b 3, c 1, d nothing (refused, the exact count agreeing)
    private RunResult fourKeys() {
        KeyIds ids = new KeyIds();
        return RecordedRuns.run(dir, ids, recorder -> {
            int fra = recorder.popIndex("FRA");
            String[] keys = {"a", "b", "c"};
            int[] through = {6, 3, 1};
            for (int k = 0; k < keys.length; k++) {
                for (int i = 0; i < through[k]; i++) {
                    recorder.record(0, fra, i * RecordedRuns.SECOND_NANOS / 10, ids.idOf(keys[k], null), 1,
                            Outcome.ACCEPTED, false, 0, -1, i < 3, 0, 0, 0);
                }
            }
            recorder.record(0, fra, 0, ids.idOf("d", null), 1, Outcome.REJECTED, false, 0, 0, false, 0,
                    RecordedRuns.SECOND_NANOS, 0);
        });
    }

    @Test
    void consoleSaysHowManyKeysWentOverTheirLimitAndTheWorstRatio() {
        assertThat(ConsoleReport.render(fourKeys()))
                .contains("keys over limit 1 of 4 (25.0%), wrongly throttled 0 (0.0%), worst key 2.00x");
    }

    @Test
    void markdownHasAPerKeyTableAndTheWorstKeys() {
        String md = MarkdownReport.render(fourKeys(), Charts.FILES);
        // the scenario declares one key, "k"; four were recorded, so shares are of the four
        assertThat(md).contains("| l | api-key | 10 | 1 | 4 | 1 (25.0%) | 0 (0.0%) | 0.33 | 2.00 | 2.00 | 2.00 |");
        assertThat(md).contains("| a | 6 | 6 | 3 | 2.00 | 0 |");
        assertThat(md).contains("key-ratio-cdf.png");
    }

    @Test
    void jsonWritesTheKeysObject() {
        String json = JsonReport.render(fourKeys());
        assertThat(json).contains("\"over_limit\" : 1").contains("\"seen\" : 4")
                .contains("\"ratio_by_percent\" : [ 0.0,");
    }

    @Test
    void perKeyChartDrawsTheShareOfKeysAtOrAboveEachRatioOnLogLogAxes() {
        JFreeChart chart = KeyTailChart.chart(fourKeys());
        XYDataset data = chart.getXYPlot().getDataset();

        assertThat(chart.getXYPlot().getDomainAxis()).isInstanceOf(RoundLogAxis.class);
        assertThat(chart.getXYPlot().getRangeAxis()).isInstanceOf(RoundLogAxis.class);
        // ratios 2, 1, 1/3 and 0: one key of four at or above 2, two at or above 1, three at or above 1/3, in steps
        // that drop just past each key; 0 is off a log axis
        List<List<Double>> points = new ArrayList<>();
        for (int i = 0; i < data.getItemCount(0); i++) {
            points.add(List.of(data.getXValue(0, i), data.getYValue(0, i)));
        }
        assertThat(points).containsExactly(List.of(0.3333, 0.75), List.of(0.3333, 0.5), List.of(1.0, 0.5),
                List.of(1.0, 0.25), List.of(2.0, 0.25));
    }

    @Test
    void sweepCsvCarriesEachLimitersPerKeyFigures() {
        SweepReport sweep = new SweepReport("limiters.l.limit", List.of(
                new SweepReport.Point("3", fourKeys())));
        List<String> csv = sweep.csv().lines().toList();
        assertThat(csv.get(0)).endsWith(",usd_per_month,keys_seen,keys_over_limit,keys_wrongly_throttled,"
                + "worst_key_ratio,bound");
        assertThat(csv.get(1)).endsWith(",4,1,0,2.0,1.0");
    }
}
