package io.edgesim.report;

import io.edgesim.result.Interval;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryTick;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.chart.text.TextLine;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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

        XYPlot plot = sweep.letThroughChart().getXYPlot();
        IntervalXYDataset bars = (IntervalXYDataset) plot.getDataset();
        int cache = List.of(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE, ChartRuns.BINDING)
                .indexOf(ChartRuns.CACHE);

        assertThat(plot.getRenderer()).isInstanceOf(XYErrorRenderer.class);
        assertThat(bars.getSeriesKey(cache)).isEqualTo(ChartRuns.CACHE);
        assertThat(bars.getXValue(cache, 1)).isEqualTo(40);
        assertThat(bars.getYValue(cache, 1)).isEqualTo(table.mean());
        assertThat(bars.getStartYValue(cache, 1)).isEqualTo(table.ci95Low());
        assertThat(bars.getEndYValue(cache, 1)).isEqualTo(table.ci95High());
        assertThat(plot.getRangeAxis().getUpperBound()).isGreaterThanOrEqualTo(table.ci95High());
        assertThat(plot.getRangeAxis().getLowerBound()).isLessThanOrEqualTo(table.ci95Low());
        assertThat(sweep.text()).contains(ReplicationTables.cell("let_through", Optional.of(table)));
    }

    @Test
    void numbersSitAtTheirDistancesOnALinearAxis() {
        RunResult run = ChartRuns.fourLimiters(dir);
        List<SweepReport.Point> points = new ArrayList<>();
        for (String value : List.of("16", "32", "64", "128", "256", "340")) {
            points.add(new SweepReport.Point(value, run));
        }
        SweepReport sweep = new SweepReport("clients.botnet.pops.top", points);

        ChartRuns.Rendered chart = ChartRuns.render(sweep.multiplicationChart());
        XYPlot plot = chart.chart().getXYPlot();
        ValueAxis axis = plot.getDomainAxis();
        double at256 = axis.valueToJava2D(256, chart.dataArea(), plot.getDomainAxisEdge());
        double at340 = axis.valueToJava2D(340, chart.dataArea(), plot.getDomainAxisEdge());
        double at16 = axis.valueToJava2D(16, chart.dataArea(), plot.getDomainAxisEdge());

        assertThat(axis).isNotInstanceOf(LogAxis.class);
        assertThat(axis.getLabel()).isEqualTo("clients.botnet.pops.top");
        // 340 is 84 past 256 on an axis from about 16 to 340, not one step of six further
        assertThat((at340 - at256) / (at340 - at16)).isCloseTo(84.0 / 324, within(0.01));
        assertThat(plot.getDataset().getXValue(0, 5)).isEqualTo(340);
        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
    }

    @Test
    void numbersOverTwoDecadesOrMoreSitOnALogAxisAndOtherValuesAreCategoriesInTheOrderSwept() {
        RunResult run = ChartRuns.fourLimiters(dir);
        SweepReport wide = new SweepReport("limiters.cache.limit", List.of(new SweepReport.Point("1000", run),
                new SweepReport.Point("1", run), new SweepReport.Point("10", run)));
        SweepReport narrow = new SweepReport("limiters.cache.limit", List.of(new SweepReport.Point("1", run),
                new SweepReport.Point("99", run)));
        SweepReport durations = new SweepReport("limiters.cache.window", List.of(new SweepReport.Point("60s", run),
                new SweepReport.Point("10s", run)));

        XYPlot log = wide.letThroughChart().getXYPlot();
        assertThat(log.getDomainAxis()).isInstanceOf(LogAxis.class);
        // the line runs in the values' order, whatever order they were swept in
        assertThat(log.getDataset().getXValue(0, 0)).isEqualTo(1);
        assertThat(log.getDataset().getXValue(0, 2)).isEqualTo(1000);
        assertThat(narrow.letThroughChart().getXYPlot().getDomainAxis()).isNotInstanceOf(LogAxis.class);
        CategoryPlot categories = durations.letThroughChart().getCategoryPlot();
        assertThat(categories.getDataset().getColumnKeys()).containsExactly("60s", "10s");
        // .5 is a number; 1e-300 is one no axis draws well (ticks all "0"), so the values are categories
        SweepReport half = new SweepReport("clients.a.rate", List.of(new SweepReport.Point(".5", run),
                new SweepReport.Point("15", run)));
        SweepReport tiny = new SweepReport("clients.a.rate", List.of(new SweepReport.Point("1e-300", run),
                new SweepReport.Point("1", run)));
        assertThat(half.letThroughChart().getXYPlot().getDataset().getXValue(0, 0)).isEqualTo(0.5);
        assertThat(tiny.letThroughChart().getPlot()).isInstanceOf(CategoryPlot.class);
    }

    @Test
    void valuesTooLongToShowUncutAreNumberedInTheTablesOrder() {
        RunResult run = ChartRuns.fourLimiters(dir);
        // two region lists that the axis cut to the same "[FRA,AMS,LHR,MAD,I..."
        SweepReport regions = new SweepReport("regions", List.of(
                new SweepReport.Point("[FRA,AMS,LHR,MAD,IAD,DFW]", run),
                new SweepReport.Point("[FRA,AMS,LHR,MAD,IAD,DFW,NRT,SYD]", run),
                new SweepReport.Point("[FRA,AMS,LHR,MAD,IAD,DFW,NRT,SYD,SIN,BOM]", run)));
        SweepReport short4 = new SweepReport("limiters.cache.window", List.of(new SweepReport.Point("60s", run),
                new SweepReport.Point("10s", run)));

        CategoryPlot numbered = regions.letThroughChart().getCategoryPlot();
        assertThat(numbered.getDataset().getColumnKeys()).containsExactly("1", "2", "3");
        assertThat(numbered.getDomainAxis().getLabel()).isEqualTo("regions (value n: row n of the sweep's table)");
        CategoryPlot written = short4.multiplicationChart().getCategoryPlot();
        assertThat(written.getDataset().getColumnKeys()).containsExactly("60s", "10s");
        assertThat(written.getDomainAxis().getLabel()).isEqualTo("limiters.cache.window");
    }

    @Test
    void valuesWrittenUnderTheirPointsShowWholeWhereTheAxisWouldBreakThem() {
        RunResult run = ChartRuns.fourLimiters(dir);
        // short enough to be written, but the axis breaks a label at its commas: on one line each was cut to
        // "{FRA=5,AMS...", twice
        List<String> values = List.of("{FRA=1,AMS=1,SYD=1}", "{FRA=5,AMS=1,SYD=1}", "{FRA=5,AMS=2,SYD=1}",
                "[FRA,AMS]");
        List<SweepReport.Point> points = new ArrayList<>();
        values.forEach(value -> points.add(new SweepReport.Point(value, run)));
        SweepReport pops = new SweepReport("clients.spread.pops", points);

        for (JFreeChart made : List.of(pops.letThroughChart(), pops.multiplicationChart())) {
            ChartRuns.Rendered chart = ChartRuns.render(made);
            CategoryAxis axis = chart.chart().getCategoryPlot().getDomainAxis();
            List<String> shown = new ArrayList<>();
            for (Object tick : axis.refreshTicks(chart.g2(), new AxisState(), chart.dataArea(),
                    RectangleEdge.BOTTOM)) {
                StringBuilder label = new StringBuilder();
                // a label the axis breaks is a line each, one fragment per line
                for (Object line : ((CategoryTick) tick).getLabel().getLines()) {
                    label.append(((TextLine) line).getFirstTextFragment().getText());
                }
                shown.add(label.toString());
            }
            assertThat(shown).isEqualTo(values);
        }
    }

    @Test
    void aValueWithoutAFigureIsAGapInTheLine() {
        RunResult run = ChartRuns.fourLimiters(dir);
        SweepReport sweep = new SweepReport("limiters.cache.limit", List.of(new SweepReport.Point("20", run),
                new SweepReport.Point("40", run), new SweepReport.Point("80", run)));
        // as a run whose exact count accepted nothing has no multiplication
        int[] point = {0};
        Function<LimiterResult, Number> everyOtherMissing = l -> point[0]++ % 2 == 0 ? null : 2.5;

        XYDataset data = SweepChart.of(sweep, "t", "m", "multiplication", everyOtherMissing).getXYPlot()
                .getDataset();

        // asked point by point, limiter by limiter: the first and third limiters have no value
        for (int series = 0; series < 4; series++) {
            assertThat(data.getItemCount(series)).isEqualTo(3);
            for (int item = 0; item < 3; item++) {
                if (series % 2 == 0) {
                    assertThat(data.getYValue(series, item)).isNaN();
                } else {
                    assertThat(data.getYValue(series, item)).isEqualTo(2.5);
                }
            }
        }
        assertThat(ChartRuns.render(SweepChart.of(sweep, "t", "m", "multiplication", everyOtherMissing))
                .pixels(ChartStyle.paint(1))).isPositive();
    }

    @Test
    void aValueSomeRunHadNoFigureForIsAGapInTheLineOfMeans() {
        RunResult base = ChartRuns.fourLimiters(dir);
        List<double[][]> samples = new ArrayList<>();
        for (int seed = 0; seed < 5; seed++) {
            // the cache's multiplication missing in one run
            double[] cache = {100, seed == 2 ? Double.NaN : 2.0, 0, 0, 1, 0};
            double[] others = {100, 1.0 + seed / 10.0, 0, 0, 1, 0};
            samples.add(new double[][]{others, others, cache, others});
        }
        RunResult replicated = ChartRuns.replicated(base, samples);
        SweepReport sweep = new SweepReport("limiters.cache.limit", List.of(
                new SweepReport.Point("20", replicated), new SweepReport.Point("40", replicated)));

        ChartRuns.Rendered chart = ChartRuns.render(sweep.multiplicationChart());
        IntervalXYDataset data = (IntervalXYDataset) chart.chart().getXYPlot().getDataset();

        assertThat(data.getYValue(2, 0)).isNaN();
        assertThat(data.getStartYValue(2, 1)).isNaN();
        assertThat(data.getYValue(0, 1)).isCloseTo(1.2, within(1e-9));
        assertThat(chart.pixels(ChartStyle.paint(0))).isPositive();
    }
}
