package io.edgesim.report;

import io.edgesim.result.Replications;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer;
import org.jfree.data.statistics.StatisticalCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a run with replications adds to each report: the mean and 95 % interval of each figure per limiter. */
class ReplicationsReportTest {

    @TempDir
    Path dir;

    /** Limiter "l" at 4 seeds: let through 298, 301, 303, 300 (mean 300.5, interval 297.1876 to 303.8124). */
    private RunResult replicated(double... letThrough) {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true));
        List<double[][]> samples = new ArrayList<>();
        List<Long> seeds = new ArrayList<>();
        for (int r = 0; r < letThrough.length; r++) {
            samples.add(new double[][]{{letThrough[r], r == 1 ? Double.NaN : 1.0, 2, 0, 0, 0}});
            seeds.add(1L + r);
        }
        return run.withReplications(Replications.of(seeds, List.of("l"), samples));
    }

    private RunResult fourSeeds() {
        return replicated(298, 301, 303, 300);
    }

    @Test
    void jsonHasTheIntervalsOfEveryFigureAndNullForOneSomeRunLacked() {
        String json = JsonReport.render(fourSeeds());

        assertThat(json).contains("""
                  "replications" : {
                      "n" : 4,
                      "seeds" : [ 1, 2, 3, 4 ],
                      "limiters" : {
                        "l" : {
                          "let_through" : {
                            "mean" : 300.5,
                            "ci95_low" : 297.1876,
                            "ci95_high" : 303.8124
                          },
                          "multiplication" : null,
                          "wrongly_accepted" : {
                            "mean" : 2.0,
                            "ci95_low" : 2.0,
                            "ci95_high" : 2.0
                          },""");
        assertThat(JsonReport.render(RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true))))
                .doesNotContain("replications");
    }

    @Test
    void consolePrintsOneLinePerLimiterWithMeanAndInterval() {
        assertThat(ConsoleReport.render(fourSeeds())).endsWith("""

                4 runs at seeds 1 to 4: mean and 95 % interval of the mean
                l: let through 300.5 (297.2 to 303.8); multiplication n/a; wrongly accepted 2.00 (2.00 to 2.00); \
                wrongly rejected 0.00 (0.00 to 0.00); keys over limit 0.00 (0.00 to 0.00); keys wrongly throttled 0.00 \
                (0.00 to 0.00)
                """);
    }

    @Test
    void markdownHasAReplicationsSectionAndEmbedsTheErrorBarChart() {
        RunResult run = fourSeeds();

        String md = MarkdownReport.render(run, Charts.files(run));

        assertThat(md).contains("## Replications\n\n4 runs at seeds 1 to 4 (the other sections show the run at seed 1)")
                .contains("| limiter | let through | multiplication | wrongly accepted | wrongly rejected |")
                .contains("| l | 300.5 (297.2 to 303.8) | n/a | 2.00 (2.00 to 2.00) | 0.00 (0.00 to 0.00) |")
                .contains("](" + Charts.REPLICATIONS_FILE + ")");
        assertThat(Charts.files(RecordedRuns.run(dir, recorder -> { })).keySet()).isEqualTo(Charts.FILES.keySet());
    }

    @Test
    void sweepWithReplicationsShowsTheIntervalOfEachPoint() throws IOException {
        SweepReport sweep = new SweepReport("limiters.l.limit", List.of(
                new SweepReport.Point("3", fourSeeds()), new SweepReport.Point("6", replicated(10, 12))));

        assertThat(sweep.text()).contains("300.5 ± 3.31").contains("11.00 ± 12.71").contains("n/a");
        List<String> csv = sweep.csv().lines().toList();
        assertThat(csv.get(0)).endsWith(",usd_per_month,keys_seen,keys_over_limit,keys_wrongly_throttled,worst_key_ratio,"
                + "replications,let_through_mean,let_through_ci95_low,"
                + "let_through_ci95_high,multiplication_mean,multiplication_ci95_low,multiplication_ci95_high,"
                + "wrongly_accepted_mean,wrongly_accepted_ci95_low,wrongly_accepted_ci95_high,"
                + "wrongly_rejected_mean,wrongly_rejected_ci95_low,wrongly_rejected_ci95_high,"
                + "keys_over_limit_mean,keys_over_limit_ci95_low,keys_over_limit_ci95_high,wrongly_throttled_mean,"
                + "wrongly_throttled_ci95_low,wrongly_throttled_ci95_high");
        assertThat(csv.get(1)).endsWith(",4,300.5,297.1876,303.8124,n/a,n/a,n/a,2.0,2.0,2.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,"
                + "0.0");
        assertThat(csv.get(2)).contains(",2,11.0,-1.7062,23.7062,");
        JFreeChart chart = sweep.letThroughChart();
        StatisticalCategoryDataset data = (StatisticalCategoryDataset) chart.getCategoryPlot().getDataset();
        assertThat(chart.getCategoryPlot().getRenderer()).isInstanceOf(StatisticalLineAndShapeRenderer.class);
        assertThat(data.getMeanValue("l", "6").doubleValue()).isEqualTo(11.0);
        assertThat(data.getStdDevValue("l", "6").doubleValue()).isEqualTo(12.7062);
        sweep.write(dir.resolve("sweep"));
        assertThat(dir.resolve("sweep/sweep-accepted.png")).isNotEmptyFile();
        assertThat(dir.resolve("sweep/sweep-multiplication.png")).isNotEmptyFile();
        assertThat(dir.resolve("sweep/sweep.md")).content().contains("4 runs per value, at seeds 1 to 4");
    }
}
