package io.edgesim.report;

import io.edgesim.result.KeyResults;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class KeyTailChartTest {

    @TempDir
    Path dir;

    @Test
    void theTailBelowOnePercentComesFromTheTopKeysAndTheCountOverTheLimit() {
        // 1,000 keys: every percentile at 0.5, the three worst at 4, 3 and 2 times their limit, 3 over it
        List<KeyResults.KeyOutcome> top = List.of(outcome("a", 4), outcome("b", 3), outcome("c", 2));
        KeyResults keys = new KeyResults("api-key", 10, 1000, 1000, 3, 0, new KeyResults.Ratios(0.5, 0.5, 0.5, 4),
                Collections.nCopies(101, 0.5), top, List.of(), null);

        TreeMap<Double, Double> points = KeyTailChart.points(keys);

        assertThat(points).containsExactlyEntriesOf(new TreeMap<>(Map.of(0.5, 1.0, 1.0, 0.003, 2.0, 0.003,
                3.0, 0.002, 4.0, 0.001)));
    }

    @Test
    void noKeyOverItsLimitAddsNoPointAtTheLimit() {
        KeyResults keys = new KeyResults("api-key", 10, 4, 4, 0, 0, new KeyResults.Ratios(0.5, 0.5, 0.5, 0.5),
                Collections.nCopies(101, 0.5), List.of(), List.of(), null);

        assertThat(KeyTailChart.points(keys)).containsExactlyEntriesOf(new TreeMap<>(Map.of(0.5, 1.0)));
    }

    @Test
    void aLimiterWhoseKeysAreAllLighterThanOneHundredthOfTheirLimitStillShows() {
        RunResult run = ChartRuns.run(dir, """
                name = light
                duration = 10s
                regions = [FRA]
                clients = [ { name = one, key = "k", rate = 1 } ]
                limiters = [
                  { name = tight, tier = cache, limit = 2, window = 10s, key = api-key }
                  { name = roomy, tier = cache, limit = 10000, window = 10s, key = api-key }
                ]
                """);
        XYPlot plot = KeyTailChart.chart(run).getXYPlot();

        assertThat(plot.getDataset().getXValue(1, 0)).isEqualTo(0.001);
        assertThat(plot.getDomainAxis().getRange().contains(0.001)).isTrue();
        // one key, one point: nothing but its marker shows it, whatever the other series' marker spacing
        assertThat(plot.getDataset().getItemCount(1)).isEqualTo(1);
        assertThat(ChartRuns.render(KeyTailChart.chart(run)).pixels(ChartStyle.paint(1))).isPositive();
        assertThat(((ChartStyle.MarkedLines) plot.getRenderer()).getItemShapeVisible(1, 0)).isTrue();
    }

    @Test
    void aLimiterWhoseKeysGotNothingThroughIsNamedNotDrawn() {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.reject(recorder, RecordedRuns.SECOND_NANOS));

        assertThat(KeyTailChart.undrawn(run)).containsExactly("l");
        assertThat(KeyTailChart.caption(run)).endsWith("; no key with a ratio above 0, not drawn: l");
        assertThat(((TextTitle) KeyTailChart.chart(run).getSubtitle(1)).getText())
                .isEqualTo("no key with a ratio above 0, not drawn: l");
    }

    @Test
    void marksTheLimitAndEveryLimiterShowsWithLabelsThatFit() {
        RunResult run = ChartRuns.fourLimiters(dir);
        JFreeChart chart = KeyTailChart.chart(run);
        ChartRuns.Rendered rendered = ChartRuns.render(chart);

        ValueMarker limit = (ValueMarker) chart.getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND)
                .iterator().next();
        assertThat(limit.getValue()).isEqualTo(1.0);
        assertThat(rendered.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        for (int series = 0; series < run.limiters().size(); series++) {
            assertThat(rendered.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
        }
    }

    private static KeyResults.KeyOutcome outcome(String key, double ratio) {
        return new KeyResults.KeyOutcome(key, null, 100, 100, 10, ratio, 0);
    }
}
