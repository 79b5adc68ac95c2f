package io.edgesim.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

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
}
