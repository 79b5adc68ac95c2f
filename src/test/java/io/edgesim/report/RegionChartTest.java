package io.edgesim.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RegionChartTest {

    @TempDir
    Path dir;

    @Test
    void axisLabelsFitAndEveryLimitersBarsShow() {
        ChartRuns.Rendered chart = ChartRuns.render(RegionChart.chart(ChartRuns.fourLimiters(dir)));

        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        assertThat(chart.legend()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE,
                ChartRuns.BINDING);
        for (int series = 0; series < 4; series++) {
            assertThat(chart.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
        }
    }
}
