package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyChartTest {

    @TempDir
    Path dir;

    @Test
    void drawsAP50AndAP99DotPerRegionForEachLimiterThatAddsLatency() {
        JFreeChart chart = LatencyChart.chart(ChartRuns.fourLimiters(dir));
        CategoryDataset p50 = chart.getCategoryPlot().getDataset(0);
        CategoryDataset p99 = chart.getCategoryPlot().getDataset(1);

        assertThat(p50.getRowKeys()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE);
        assertThat(p50.getColumnKeys()).containsExactly("FRA", "AMS", "SYD");
        // Sydney pays the round trip to the object in Frankfurt
        assertThat(p99.getValue(ChartRuns.EXACT, "SYD").doubleValue())
                .isGreaterThan(p50.getValue(ChartRuns.EXACT, "FRA").doubleValue());
    }

    @Test
    void aLimiterWithoutAddedLatencyIsListedNotDrawn() {
        RunResult run = ChartRuns.fourLimiters(dir);
        JFreeChart chart = LatencyChart.chart(run);

        assertThat(LatencyChart.withoutLatency(run)).containsExactly(ChartRuns.BINDING);
        assertThat(LatencyChart.caption(run)).endsWith("; no added latency: " + ChartRuns.BINDING);
        assertThat(((TextTitle) chart.getSubtitle(1)).getText()).contains("no added latency: binding");
        assertThat(ChartRuns.render(chart).legend()).doesNotContain(ChartRuns.BINDING);
    }

    @Test
    void aRunWhereNoLimiterAddsLatencyHasNoLatencyChartAndSaysSo(@TempDir Path out) throws java.io.IOException {
        // an empty frame with "no limiter adds latency" in it was pasted into design documents
        RunResult run = ChartRuns.run(dir, """
                name = no-latency
                duration = 10s
                regions = [FRA]
                clients = [ { name = one, key = "k", rate = 1 } ]
                limiters = [ { name = bind, tier = binding, limit = 5, period = 10, key = api-key } ]
                """);

        assertThat(Charts.files(run)).doesNotContainKey(LatencyChart.FILE).containsKey(RegionChart.FILE);
        ReportWriter.write(run, out);
        assertThat(out.resolve(LatencyChart.FILE)).doesNotExist();
        assertThat(out.resolve(RegionChart.FILE)).exists();
        assertThat(out.resolve("report.md")).content().contains("No limiter added latency to any request (bind), so "
                + "the report has no latency chart.").doesNotContain(LatencyChart.FILE);
    }

    @Test
    void labelsFitAndEveryLimiterShows() {
        ChartRuns.Rendered chart = ChartRuns.render(LatencyChart.chart(ChartRuns.fourLimiters(dir)));

        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        for (int series = 0; series < 3; series++) {
            assertThat(chart.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
        }
    }

    @Test
    void tenLimitersInSixteenRegionsEachGetADistinctDotInEveryRegion() {
        RunResult run = ChartRuns.tenLimitersEverywhere(dir);
        ChartRuns.Rendered chart = ChartRuns.render(LatencyChart.chart(run));
        CategoryDataset p50 = chart.chart().getCategoryPlot().getDataset(0);
        CategoryItemRenderer dots = chart.chart().getCategoryPlot().getRenderer(0);

        assertThat(p50.getRowCount()).isEqualTo(10);
        assertThat(p50.getColumnKeys()).containsExactlyElementsOf(ChartRuns.REGIONS);
        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        assertThat(chart.legend()).hasSize(10);
        // colours repeat after eight: colour and marker together tell the ten apart
        Set<List<Object>> looks = new HashSet<>();
        for (int series = 0; series < 10; series++) {
            looks.add(List.of(dots.getSeriesPaint(series), dots.getSeriesShape(series)));
        }
        assertThat(looks).hasSize(10);
    }

    @Test
    void theLogAxisTicksAtRoundValuesOnly() {
        ChartRuns.Rendered chart = ChartRuns.render(LatencyChart.chart(ChartRuns.fourLimiters(dir)));
        ValueAxis axis = chart.chart().getCategoryPlot().getRangeAxis();

        List<?> ticks = axis.refreshTicks(chart.g2(), new AxisState(), chart.dataArea(), RectangleEdge.LEFT);

        assertThat(ticks).hasSizeGreaterThan(2);
        assertThat(ticks).allSatisfy(t -> assertThat(mantissa(((ValueTick) t).getValue())).isIn(1L, 2L, 5L));
    }

    // 1, 2 or 5 for a round value: 0.02 -> 2, 500 -> 5
    private static long mantissa(double value) {
        return Math.round(value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9)));
    }

    @Test
    void withMoreRegionsThanFitEachLimitersSlowestRegionIsDrawn() {
        // an object in Frankfurt: its slowest region is far and light, and would not be among the busiest 40
        RunResult run = ChartRuns.run(dir, """
                name = whole-edge
                duration = 10s
                seed = 4
                regions-file = "%s"
                clients = [ { name = crowd, key = "k-{i}", count = 2000, rate = 1, pops = all } ]
                limiters = [ { name = object, tier = durable-object, limit = 5, window = 10s, key = api-key,
                               placement { policy = fixed, region = FRA } } ]
                """.formatted(Path.of("regions/cloudflare.conf").toAbsolutePath()));
        java.util.Map<String, io.edgesim.result.RegionResult> regions = run.limiters().get(0).regions();
        String slowest = run.regions().stream().filter(r -> regions.get(r).latencyMs().samples() > 0)
                .max(java.util.Comparator.comparingDouble(r -> regions.get(r).latencyMs().p99())).orElseThrow();

        List<String> shown = LatencyChart.regionsShown(run);

        assertThat(shown).hasSize(Charts.MAX_REGIONS_SHOWN).contains(slowest);
        assertThat(Charts.regionsShown(run)).doesNotContain(slowest);
        assertThat(LatencyChart.chart(run).getCategoryPlot().getDataset(0).getColumnKeys()).isEqualTo(shown);
        assertThat(Charts.files(run).get(LatencyChart.FILE)).endsWith("; 40 regions of 340: each limiter's slowest "
                + "(highest p99), then those with the most requests (every region: by-region.csv)");
    }
}
