package io.edgesim.report;

import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Outcome;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A request that failed open was let through: every report shows accepted + failed open as "let through". */
class LetThroughReportTest {

    @TempDir
    Path dir;

    /** In FRA: accepted at t = 0 s and 1 s, 3 failed open at 0 s, 1 failed closed at 1 s, 1 rejected. */
    private RunResult failingOpen() {
        return RecordedRuns.run(dir, recorder -> {
            RecordedRuns.accept(recorder, 2, true);
            for (int i = 0; i < 3; i++) {
                fail(recorder, 0, true);
            }
            fail(recorder, RecordedRuns.SECOND_NANOS, false);
            RecordedRuns.reject(recorder, RecordedRuns.SECOND_NANOS);
        });
    }

    private static void fail(RunRecorder recorder, long timeNanos, boolean open) {
        // the one window of the 10 s run
        recorder.record(0, recorder.popIndex("FRA"), timeNanos, RecordedRuns.K, 1, Outcome.FAILED, open, 0, 0, false,
                0, 0, 0);
    }

    @Test
    void jsonCountsLetThroughInTotalsAndRegionsAndFailedOpenInTheTimeline() {
        String json = JsonReport.render(failingOpen());

        assertThat(json).contains("""
                "totals" : {
                      "sent" : 7,
                      "accepted" : 2,
                      "rejected" : 1,
                      "failed" : 4,
                      "failed_open" : 3,
                      "let_through" : 5
                    }""");
        assertThat(json).contains("""
                "FRA" : {
                        "sent" : 7,
                        "accepted" : 2,
                        "rejected" : 1,
                        "failed" : 4,
                        "failed_open" : 3,
                        "let_through" : 5,""");
        assertThat(json).contains("\"failed_open\" : [ 3, 0,");
    }

    @Test
    void csvHasALetThroughColumn() {
        List<String> lines = CsvReport.render(failingOpen()).lines().toList();

        assertThat(lines.get(0)).isEqualTo(
                "limiter,tier,region,sent,accepted,rejected,failed,failed_open,let_through,p50_ms,p90_ms,p99_ms,max_ms");
        assertThat(lines.get(1)).startsWith("l,cache,FRA,7,2,1,4,3,5,");
    }

    @Test
    void consoleTableHasALetThroughColumn() {
        List<String> lines = ConsoleReport.render(failingOpen()).lines().toList();

        assertThat(lines).contains(
                "region  sent  accepted  rejected      failed  let through  samples  p50 ms  p90 ms  p99 ms  max ms",
                "total      7         2         1  4 (3 open)            5                                         ");
    }

    @Test
    void markdownSummaryHasALetThroughColumn() {
        String md = MarkdownReport.render(failingOpen(), Charts.FILES);

        assertThat(md).contains("| limiter | tier | sent | accepted | rejected | failed | let through | exact |")
                .contains("| l | cache | 7 | 2 | 1 | 4 | 5 | ");
    }

    @Test
    void latencyChartHasALogAxisAndTablesGiveTheSamplesBesideThePercentiles() {
        RunResult run = failingOpen();
        JFreeChart chart = LatencyChart.chart(run);

        assertThat(chart.getCategoryPlot().getRangeAxis()).isInstanceOf(org.jfree.chart.axis.LogAxis.class);
        assertThat(chart.getCategoryPlot().getRangeAxis().getLabel()).contains("log scale");
        // all 7 requests in FRA ended their chain: 7 latencies recorded
        assertThat(ConsoleReport.render(run)).contains("FRA        7         2         1  4 (3 open)            5"
                + "        7");
        assertThat(JsonReport.render(run)).contains("\"samples\" : 7");
        assertThat(MarkdownReport.render(run, Charts.FILES)).contains("| samples | p50 ms |");
    }

    @Test
    void regionChartPlotsLetThroughSoAFailOpenLimiterDoesNotLookStrict() {
        JFreeChart chart = RegionChart.chart(failingOpen());
        CategoryDataset data = chart.getCategoryPlot().getDataset();

        assertThat(data.getValue("l", "FRA").doubleValue()).isEqualTo(5.0);
        assertThat(chart.getCategoryPlot().getRangeAxis().getLabel()).contains("let through", "failed open");
    }

    @Test
    void timeChartPlotsLetThroughPerSecond() {
        RunResult run = failingOpen();
        XYDataset data = OverTimeChart.chart(run).getXYPlot().getDataset();
        double bucket = run.limiters().get(0).timeline().bucketSeconds();

        assertThat(bucket).isEqualTo(1.0);
        assertThat(data.getYValue(0, 0)).isEqualTo(4.0);
        assertThat(data.getYValue(0, 1)).isEqualTo(1.0);
        // each bucket drawn at its middle
        assertThat(data.getXValue(0, 0)).isEqualTo(0.5);
        assertThat(data.getXValue(0, 1)).isEqualTo(1.5);
    }

    @Test
    void sweepTableCsvAndChartUseLetThrough() {
        SweepReport sweep = new SweepReport("limiters.l.limit", List.of(new SweepReport.Point("3", failingOpen())));

        assertThat(sweep.text()).contains("l let through").contains("  5  ");
        assertThat(sweep.csv()).contains(",sent,accepted,rejected,failed,failed_open,let_through,exact_accepted,")
                .contains("l,cache,7,2,1,4,3,5,");
        XYDataset chart = sweep.letThroughChart().getXYPlot().getDataset();
        assertThat(chart.getSeriesKey(0)).isEqualTo("l");
        assertThat(chart.getXValue(0, 0)).isEqualTo(3.0);
        assertThat(chart.getYValue(0, 0)).isEqualTo(5.0);
    }
}
