package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.BasicStroke;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class OverTimeChartTest {

    @TempDir
    Path dir;

    @Test
    void aLastBucketCutShortByTheRunsEndIsDividedByItsOwnLength() {
        // 10 requests a second for 10.5 s: buckets of 1 s, the last half a second long with 5 requests
        RunResult run = ChartRuns.run(dir, """
                name = cut
                duration = 10500ms
                regions = [FRA]
                clients = [ { name = one, key = "k", rate = 10, arrival = constant } ]
                limiters = [ { name = l, tier = cache, limit = 1000, window = 60s, key = api-key } ]
                """);
        var data = OverTimeChart.chart(run).getXYPlot().getDataset();
        int last = data.getItemCount(0) - 1;

        assertThat(run.limiters().get(0).timeline().bucketSeconds()).isEqualTo(1.0);
        assertThat(data.getYValue(0, last - 1)).isEqualTo(10.0);
        assertThat(data.getYValue(0, last)).isEqualTo(10.0);
        assertThat(data.getXValue(0, last)).isEqualTo(10.25);
    }

    @Test
    void axisLabelsFitTheirAxes() {
        ChartRuns.Rendered chart = ChartRuns.render(OverTimeChart.chart(ChartRuns.fourLimiters(dir)));

        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        assertThat(chart.chart().getXYPlot().getRangeAxis().getLabel()).isEqualTo("let through per second");
    }

    @Test
    void everyLimitersLineShowsEvenWhereTwoCoincide() {
        ChartRuns.Rendered chart = ChartRuns.render(OverTimeChart.chart(ChartRuns.fourLimiters(dir)));

        assertThat(chart.legend()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE,
                ChartRuns.BINDING);
        for (int series = 0; series < 4; series++) {
            assertThat(chart.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
        }
    }

    @Test
    void coincidingLinesHaveTheirOwnDashWidthAndMarkerAndTheCaptionNamesThem() {
        RunResult run = ChartRuns.fourLimiters(dir);
        JFreeChart chart = OverTimeChart.chart(run);
        XYItemRenderer renderer = chart.getXYPlot().getRenderer();
        BasicStroke first = (BasicStroke) renderer.getSeriesStroke(0);
        BasicStroke second = (BasicStroke) renderer.getSeriesStroke(1);

        assertThat(OverTimeChart.caption(run)).endsWith("lines that coincide, told apart by dash and marker: "
                + ChartRuns.EXACT + " and " + ChartRuns.TWIN);
        // the one drawn first is wider, so the one on top leaves its edges showing
        assertThat(first.getLineWidth()).isGreaterThan(second.getLineWidth());
        assertThat(first.getDashArray()).isNotEqualTo(second.getDashArray());
        assertThat(renderer.getSeriesShape(0)).isNotEqualTo(renderer.getSeriesShape(1));
    }

    @Test
    void aFaultsLabelStartsAtItsBandUnlessItWouldRunPastTheRightEdge() {
        // 120 s of faults every 10 s: the latency band starts past the middle but its label fits from there (it was
        // drawn from the band's right end leftwards, over the partition's band before it); the last one does not fit
        org.jfree.chart.plot.IntervalMarker latency = new org.jfree.chart.plot.IntervalMarker(70, 80);
        latency.setLabel("latency AMS-FRA +400ms 70s-80s");
        org.jfree.chart.plot.IntervalMarker last = new org.jfree.chart.plot.IntervalMarker(110, 120);
        last.setLabel("pop-outage SYD 110s-120s");

        assertThat(OverTimeChart.fitsFrom(latency, 70, 120)).isTrue();
        assertThat(OverTimeChart.fitsFrom(last, 110, 120)).isFalse();
    }
}
