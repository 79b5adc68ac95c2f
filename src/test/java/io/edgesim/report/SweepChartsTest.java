package io.edgesim.report;

import io.edgesim.result.Interval;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class SweepChartsTest {

    @TempDir
    Path dir;

    @Test
    void axisLabelsFitAndEveryLimitersLineShows() {
        SweepReport sweep = new SweepReport("limiters.cache.limit", List.of(
                new SweepReport.Point("20", ChartRuns.fourLimiters(dir)),
                new SweepReport.Point("40", ChartRuns.fourLimiters(dir))));

        for (ChartRuns.Rendered chart : List.of(ChartRuns.render(sweep.letThroughChart()),
                ChartRuns.render(sweep.multiplicationChart()))) {
            assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
            assertThat(chart.legend()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE,
                    ChartRuns.BINDING);
            for (int series = 0; series < 4; series++) {
                assertThat(chart.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
            }
        }
    }

    @Test
    void errorBarsRunFromTheIntervalsLowEndToItsHighEndAsTheTablePrintsIt() {
        RunResult base = ChartRuns.fourLimiters(dir);
        // one seed far above the others: the bootstrap interval is far from symmetric about the mean
        List<double[][]> samples = new ArrayList<>();
        for (int seed = 0; seed < 10; seed++) {
            double letThrough = seed == 9 ? 400 : 100 + seed;
            double[] figures = {letThrough, letThrough / 100, 0, 0, 1, 0};
            samples.add(new double[][]{figures, figures, figures, figures});
        }
        RunResult replicated = ChartRuns.replicated(base, samples);
        SweepReport sweep = new SweepReport("limiters.cache.limit", List.of(
                new SweepReport.Point("20", replicated), new SweepReport.Point("40", replicated)));
        Interval table = replicated.replications().orElseThrow().interval(ChartRuns.CACHE, "let_through")
                .orElseThrow();
        assertThat(table.ci95High() - table.mean()).isGreaterThan(1.5 * (table.mean() - table.ci95Low()));

        JFreeChart chart = sweep.letThroughChart();
        CategoryPlot plot = chart.getCategoryPlot();
        IntervalLineRenderer bars = (IntervalLineRenderer) plot.getRenderer();

        assertThat(bars.interval(ChartRuns.CACHE, "40")).contains(table);
        assertThat(plot.getRangeAxis().getUpperBound()).isGreaterThanOrEqualTo(table.ci95High());
        assertThat(plot.getRangeAxis().getLowerBound()).isLessThanOrEqualTo(table.ci95Low());
        assertThat(sweep.text()).contains(ReplicationTables.cell("let_through", Optional.of(table)));
    }
}
