package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.IntervalCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationsChartTest {

    @TempDir
    Path dir;

    // three seeds; keys over limit per limiter (in scenario order) 2, 4, 6 / 1, 1, 1 / 0, 3, 3 / 5, 5, 8
    private RunResult threeSeeds() {
        RunResult run = ChartRuns.fourLimiters(dir);
        double[][] overLimit = {{2, 4, 6}, {1, 1, 1}, {0, 3, 3}, {5, 5, 8}};
        List<double[][]> samples = new ArrayList<>();
        for (int seed = 0; seed < 3; seed++) {
            double[][] sample = new double[4][6];
            for (int limiter = 0; limiter < 4; limiter++) {
                sample[limiter][4] = overLimit[limiter][seed];
            }
            samples.add(sample);
        }
        return ChartRuns.replicated(run, samples);
    }

    @Test
    void drawsKeysOverLimitPerLimiterWithItsInterval() {
        RunResult run = threeSeeds();
        JFreeChart chart = ReplicationsChart.chart(run);
        CategoryDataset means = chart.getCategoryPlot().getDataset(0);
        IntervalCategoryDataset intervals = (IntervalCategoryDataset) chart.getCategoryPlot().getDataset(1);

        assertThat(means.getColumnKeys()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE,
                ChartRuns.BINDING);
        assertThat(means.getValue(0, 0).doubleValue()).isEqualTo(4.0);
        assertThat(intervals.getStartValue(0, 0).doubleValue())
                .isEqualTo(run.replications().get().interval(ChartRuns.EXACT, "keys_over_limit").get().ci95Low());
        assertThat(intervals.getEndValue(0, 1).doubleValue()).isEqualTo(1.0);
        assertThat(chart.getCategoryPlot().getRangeAxis().getLabel())
                .isEqualTo("keys over limit (mean and 95 % interval over 3 runs)");
        assertThat(ReplicationsChart.caption(run)).startsWith("Keys over limit per limiter: mean of 3 runs");
    }

    @Test
    void withNoKeyOverItsLimitInAnyRunItDrawsWhatWasLetThrough() {
        RunResult run = ChartRuns.fourLimiters(dir);
        List<double[][]> samples = new ArrayList<>();
        for (int seed = 0; seed < 3; seed++) {
            double[][] sample = new double[4][6];
            for (int limiter = 0; limiter < 4; limiter++) {
                sample[limiter][0] = 100 + 10 * limiter + seed;
            }
            samples.add(sample);
        }
        RunResult replicated = ChartRuns.replicated(run, samples);
        JFreeChart chart = ReplicationsChart.chart(replicated);

        assertThat(ReplicationsChart.caption(replicated)).startsWith("Let through per limiter: mean of 3 runs");
        assertThat(chart.getCategoryPlot().getDataset(0).getValue(0, 0).doubleValue()).isEqualTo(101.0);
        assertThat(ReplicationsChart.caption(threeSeeds())).startsWith("Keys over limit per limiter");
    }

    @Test
    void aFigureThatIsTheSameInEveryRunGetsAnAxisAroundItNotOneABillionthWide() {
        RunResult run = ChartRuns.fourLimiters(dir);
        List<double[][]> samples = new ArrayList<>();
        for (int seed = 0; seed < 3; seed++) {
            samples.add(new double[4][6]);
        }
        org.jfree.data.Range zero = ReplicationsChart.chart(ChartRuns.replicated(run, samples)).getCategoryPlot()
                .getRangeAxis().getRange();

        assertThat(zero.getLowerBound()).isEqualTo(0);
        assertThat(zero.getUpperBound()).isEqualTo(1);
    }

    @Test
    void limiterNamesStandWholeBesideTheirRows() {
        ChartRuns.Rendered rendered = ChartRuns.render(ReplicationsChart.chart(threeSeeds()));
        CategoryAxis limiters = rendered.chart().getCategoryPlot().getDomainAxis();

        for (String name : List.of(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE, ChartRuns.BINDING)) {
            assertThat(rendered.width(name, limiters.getTickLabelFont()))
                    .as(name).isLessThan(rendered.dataArea().getMinX());
        }
        assertThat(rendered.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
    }
}
