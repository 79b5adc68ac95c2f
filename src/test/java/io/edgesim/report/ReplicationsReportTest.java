package io.edgesim.report;

import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import org.jfree.data.xy.IntervalXYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a run with replications adds to each report: every figure's runs, mean, interval, and the far runs. */
class ReplicationsReportTest {

    @TempDir
    Path dir;

    /**
     * Limiter "l" at seeds 1, 2, ...: its figures from one recorded run, with let through set to {@code letThrough}
     * of each seed and no multiplication at seed 2.
     */
    private RunResult replicated(double... letThrough) {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true));
        List<Map<Figure, Double>> samples = new ArrayList<>();
        List<Long> seeds = new ArrayList<>();
        for (int r = 0; r < letThrough.length; r++) {
            Map<Figure, Double> figures = new LinkedHashMap<>(RunFigures.of(run));
            figures.put(Figure.whole("l", "let_through"), letThrough[r]);
            if (r == 1) {
                figures.put(Figure.whole("l", "multiplication"), Double.NaN);
            }
            samples.add(figures);
            seeds.add(1L + r);
        }
        return run.withReplications(Replications.of(seeds, samples));
    }

    private RunResult fourSeeds() {
        return replicated(298, 301, 303, 300);
    }

    /** Ten seeds; the first lets 1312 through, the others 402 to 431. */
    private RunResult oneFarRun() {
        return replicated(1312, 402, 405, 410, 412, 415, 418, 420, 425, 431);
    }

    // the text with every run of white space as one space: indentation is not what these tests check
    private static String flat(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    @Test
    void jsonKeepsEveryRunsValueOfEveryFigureWithItsInterval() {
        RunResult run = fourSeeds();
        Interval i = run.replications().orElseThrow().interval("l", "let_through").orElseThrow();

        String json = flat(JsonReport.render(run));

        assertThat(json).contains(flat("""
                  "replications" : {
                      "n" : 4,
                      "seeds" : [ 1, 2, 3, 4 ],
                      "interval" : "expanded percentile bootstrap of the mean, 95 %",
                      "resamples" : 2000,
                      "figures" : [ {
                        "limiter" : "l",
                        "figure" : "sent",
                        "mean" : 3.0,"""))
                .contains(flat("""
                        "figure" : "let_through",
                        "mean" : 300.5,
                        "ci95_low" : %s,
                        "ci95_high" : %s,
                        "median" : 300.5,
                        "min" : 298.0,
                        "max" : 303.0,
                        "values" : [ 298.0, 301.0, 303.0, 300.0 ]""".formatted(i.ci95Low(), i.ci95High())))
                .contains(flat("""
                        "figure" : "multiplication",
                        "mean" : null,
                        "values" : [ 1.0, null, 1.0, 1.0 ]"""))
                .contains(flat("""
                        "limiter" : "l",
                        "region" : "FRA",
                        "figure" : "latency_p99_ms","""))
                .contains("\"outliers\" : [ ]");
        assertThat(i.ci95Low()).isBetween(298.0, 300.5);
        assertThat(i.ci95High()).isBetween(300.5, 303.0);
        assertThat(JsonReport.render(RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true))))
                .doesNotContain("replications");
    }

    @Test
    void consolePrintsALinePerLimiterWithEveryWholeRunFigure() {
        String console = ConsoleReport.render(fourSeeds());

        assertThat(console).contains("""

                4 runs at seeds 1 to 4: mean and 95 % interval of the mean (expanded percentile bootstrap)
                l: sent 3.00 (3.00 to 3.00); let through 300.5 (""")
                .contains("; multiplication n/a; wrongly accepted 0.00 (0.00 to 0.00); ")
                .contains("; share of keys over limit 0.00% (0.00% to 0.00%); ")
                .endsWith("report.md and result.json have every figure by region, plan and fault window\n")
                .doesNotContain("far from the others");
    }

    @Test
    void theRunFarFromTheOthersIsNamedWithTheMedianAndRange() {
        RunResult run = oneFarRun();

        String console = ConsoleReport.render(run);
        String md = MarkdownReport.render(run, Charts.files(run));

        // mean 505.0, median 416.5: more than 5 % apart
        assertThat(console).contains("; let through 505.0 (").contains("; median 416.5, range 402.0 to 1312.0); ")
                .contains("runs far from the others (robust z above 3.5):\n"
                        + "seed 1: l let through 1312, others 402 to 431\n");
        assertThat(md).contains("Runs far from the others on a figure (robust z-score against the median and MAD "
                + "above 3.5):\n\n- seed 1: l let through 1312, others 402 to 431\n");
        assertThat(flat(JsonReport.render(run))).contains(flat("""
                    "outliers" : [ {
                        "limiter" : "l",
                        "figure" : "let_through",
                        "seed" : 1,
                        "value" : 1312.0,
                        "others_min" : 402.0,
                        "others_max" : 431.0,
                        "robust_z" : 80.54
                      } ]"""));
    }

    @Test
    void markdownHasATablePerKindOfFigureAndEmbedsTheErrorBarChart() {
        RunResult run = fourSeeds();

        String md = MarkdownReport.render(run, Charts.files(run));

        assertThat(md).contains("## Replications\n\n4 runs at seeds 1 to 4 (the other sections show the run at seed 1)")
                .contains("| limiter | sent | let through | exact count accepts | multiplication | wrongly accepted |")
                .contains("| l | 3.00 (3.00 to 3.00) | 300.5 (")
                .contains("By region:\n\n| limiter | region | sent | let through | latency p50 ms | latency p90 ms "
                        + "| latency p99 ms |")
                .contains("| l | FRA | 3.00 (3.00 to 3.00) |")
                .contains("](" + Charts.REPLICATIONS_FILE + ")");
        // without replications no replications chart (nor, where nothing adds latency, a latency chart)
        assertThat(Charts.files(RecordedRuns.run(dir, recorder -> { })).keySet()).containsExactlyElementsOf(
                Charts.FILES.keySet().stream().filter(f -> !f.equals(LatencyChart.FILE)).toList());
    }

    @Test
    void sweepWithReplicationsShowsTheIntervalOfEachPoint() throws IOException {
        SweepReport sweep = new SweepReport("limiters.l.limit", List.of(
                new SweepReport.Point("3", fourSeeds()), new SweepReport.Point("6", replicated(10, 12))));

        // two runs: the interval is their range
        assertThat(sweep.text()).contains("300.5 (").contains("11.00 (10.00 to 12.00)").contains("n/a");
        List<String> csv = sweep.csv().lines().toList();
        assertThat(csv.get(0)).contains(",worst_key_ratio,bound,replications,sent_mean,sent_ci95_low,sent_ci95_high,"
                + "let_through_mean,let_through_ci95_low,let_through_ci95_high,")
                .endsWith(",usd_per_month_mean,usd_per_month_ci95_low,usd_per_month_ci95_high");
        assertThat(csv.get(1)).contains(",4,3.0,3.0,3.0,300.5,");
        assertThat(csv.get(2)).contains(",2,3.0,3.0,3.0,11.0,10.0,12.0,");
        IntervalXYDataset bars = (IntervalXYDataset) sweep.letThroughChart().getXYPlot().getDataset();
        assertThat(bars.getSeriesKey(0)).isEqualTo("l");
        assertThat(bars.getXValue(0, 1)).isEqualTo(6.0);
        assertThat(bars.getYValue(0, 1)).isEqualTo(11.0);
        assertThat(bars.getStartYValue(0, 1)).isEqualTo(10.0);
        assertThat(bars.getEndYValue(0, 1)).isEqualTo(12.0);
        sweep.write(dir.resolve("sweep"));
        assertThat(dir.resolve("sweep/sweep-accepted.png")).isNotEmptyFile();
        assertThat(dir.resolve("sweep/sweep-multiplication.png")).isNotEmptyFile();
        assertThat(dir.resolve("sweep/sweep.md")).content().contains("4 runs per value, at seeds 1 to 4");
    }
}
