package io.edgesim.report;

import io.edgesim.result.ClusterRun;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a cluster run adds to its report: engine settings, where each PoP ran, lateness, and the flag on latencies. */
class ClusterRunReportTest {

    @TempDir
    Path dir;

    private RunResult clusterRun(double injectedP99Ms, double toleranceMs) {
        Map<String, String> placement = new LinkedHashMap<>();
        placement.put("FRA", "127.0.0.1:25520 (in the coordinator)");
        placement.put("SYD", "127.0.0.1:25521");
        ClusterRun cluster = new ClusterRun(2, 2, placement, new ClusterRun.Lateness(1770, 0.12, injectedP99Ms, 20),
                new ClusterRun.Lateness(885, 0.1, 1.5, 9), toleranceMs, List.of("l"));
        return RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true)).withCluster(cluster);
    }

    @Test
    void defaultToleranceIsFivePercentOfTheSmallestDelayOrTwoMilliseconds() {
        assertThat(ClusterRun.defaultToleranceMs(0.5)).isEqualTo(2.0);
        assertThat(ClusterRun.defaultToleranceMs(40)).isEqualTo(2.0);
        assertThat(ClusterRun.defaultToleranceMs(125.25)).isEqualTo(6.2625);
        assertThat(ClusterRun.defaultToleranceMs(0)).isEqualTo(2.0);
    }

    @Test
    void latenciesAreFlaggedOnlyWhenTheInjectedP99ExceedsTheTolerance() {
        assertThat(clusterRun(3.0, 2.0).cluster().orElseThrow().latencyFlagged()).isTrue();
        assertThat(clusterRun(2.0, 2.0).cluster().orElseThrow().latencyFlagged()).isFalse();
        assertThat(clusterRun(3.0, 2.0).cluster().orElseThrow().withToleranceMs(5).latencyFlagged()).isFalse();
        // a limiter without a remote stage carries no injected latency
        assertThat(clusterRun(3.0, 2.0).cluster().orElseThrow().latencyFlagged("l")).isTrue();
        assertThat(clusterRun(3.0, 2.0).cluster().orElseThrow().latencyFlagged("in-pop")).isFalse();
    }

    @Test
    void theLatencyChartOfAFlaggedRunSaysSoForItIsPastedAlone() {
        RunResult flagged = clusterRun(3.0, 2.0);

        assertThat(LatencyChart.lateNote(flagged)).hasValue("not faithful (late): figures of l carry the cluster's "
                + "lateness, p99 3.00 ms (tolerance 2.00 ms)");
        List<String> subtitles = new java.util.ArrayList<>();
        JFreeChart chart = LatencyChart.chart(flagged);
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle title) {
                subtitles.add(title.getText());
            }
        }
        assertThat(subtitles).contains(LatencyChart.lateNote(flagged).orElseThrow());
        assertThat(LatencyChart.lateNote(clusterRun(2.0, 2.0))).isEmpty();
    }

    @Test
    void jsonRecordsSettingsPlacementLatenessAndTheFlag() {
        String json = JsonReport.render(clusterRun(3.0, 2.0));

        assertThat(json).contains("""
                  "cluster" : {
                    "speed" : 2.0,
                    "nodes" : 2,
                    "placement" : {
                      "FRA" : "127.0.0.1:25520 (in the coordinator)",
                      "SYD" : "127.0.0.1:25521"
                    },
                    "lateness_ms" : {
                      "injected_latency" : {
                        "messages" : 1770,
                        "p50" : 0.12,
                        "p99" : 3.0,
                        "max" : 20.0
                      },
                      "arrival" : {
                        "messages" : 885,
                        "p50" : 0.1,
                        "p99" : 1.5,
                        "max" : 9.0
                      }
                    },
                    "tolerance_ms" : 2.0,
                    "latency_flagged" : true,
                    "injected_latency_limiters" : [ "l" ]
                  }
                """);
    }

    @Test
    void aClusterOfOneNodeIsOneNode() {
        ClusterRun one = new ClusterRun(2, 1, Map.of("FRA", "127.0.0.1:25520 (in the coordinator)"),
                new ClusterRun.Lateness(10, 0.1, 0.5, 1), new ClusterRun.Lateness(5, 0.1, 0.5, 1), 2.0, List.of());
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true)).withCluster(one);

        assertThat(MarkdownReport.render(run, Map.of())).contains(", speed 2, 1 node (see *Cluster engine*).",
                "(met).");
        // no injected latency waited out: nothing to judge, not "met"
        ClusterRun none = new ClusterRun(2, 1, Map.of("FRA", "127.0.0.1:25520 (in the coordinator)"),
                new ClusterRun.Lateness(0, 0, 0, 0), new ClusterRun.Lateness(5, 0.1, 0.5, 1), 2.0, List.of());
        assertThat(MarkdownReport.render(run.withCluster(none), Map.of()))
                .contains("(nothing to judge: no injected latency was waited out).").doesNotContain("(met)");
    }

    @Test
    void aVirtualRunHasNoClusterSection() {
        RunResult virtual = RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, true));

        assertThat(JsonReport.render(virtual)).doesNotContain("\"cluster\"");
        assertThat(MarkdownReport.render(virtual, Map.of())).doesNotContain("Cluster engine", "(late)");
    }

    @Test
    void markdownMarksTheLatencyFiguresOfALateRun() {
        String md = MarkdownReport.render(clusterRun(3.0, 2.0), Map.of());

        assertThat(md).contains(", speed 2, 2 nodes (see *Cluster engine*).", "## Cluster engine",
                "| SYD | 127.0.0.1:25521 |", "| carrying an injected latency | 1,770 | 0.12 | 3.00 (late) | 20.00 |",
                "| p50 ms (late) | p90 ms (late) | p99 ms (late) | max ms (late) |",
                "Latency figures marked (late) (of l) are not faithful",
                "late by a p99 of 3.00 ms, above the tolerance of 2.00 ms",
                "(exceeded: latency figures are marked (late))");
        // the summary's worst p50 too
        assertThat(md).containsPattern("\\n\\| l \\| [^\\n]* \\| \\d+\\.\\d+ \\(late\\) \\| \\$[^|]*\\|\\n");
    }

    @Test
    void withMoreRegionsThanRowsTheCoordinatorListsEachNodesRegionsOnOneRow() {
        Map<String, String> placement = new LinkedHashMap<>();
        for (int i = 0; i < 30; i++) {
            placement.put(String.format("R%02d", i), i % 2 == 0 ? "127.0.0.1:25520 (in the coordinator)"
                    : "127.0.0.1:25521");
        }
        String table = MarkdownReport.placement(placement).markdown();

        assertThat(table.lines()).hasSize(4);
        assertThat(table).contains("| node | regions | count |",
                "| 127.0.0.1:25520 (in the coordinator) | R00, R02, R04,", "R26, R28 | 15 |",
                "| 127.0.0.1:25521 | R01, R03,");
        placement.remove("R29");
        placement.remove("R28");
        placement.remove("R27");
        placement.remove("R26");
        placement.remove("R25");
        placement.remove("R24");
        assertThat(MarkdownReport.placement(placement).markdown()).contains("| region | node |",
                "| R23 | 127.0.0.1:25521 |");
    }

    @Test
    void moreRoundTripsThanAPageListsAreCountedAndLeftToResultJson() {
        RunResult run = clusterRun(1.0, 2.0);
        List<RunResult.LatencyPair> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < 301; i++) {
            pairs.add(new RunResult.LatencyPair(String.format("P%02d", i % 100) + (char) ('A' + i / 100), "ICN",
                    100.0 + i, i % 2 == 0));
        }
        RunResult many = new RunResult(run.scenario(), run.description(), run.engine(), run.seed(),
                run.durationSeconds(), run.regions(), run.limiters(), pairs, run.assumptions(), run.settings(),
                run.replications(),
                run.cluster(), run.faults(), run.periods(), run.thresholds());

        String md = MarkdownReport.render(many, Map.of());

        assertThat(md).contains("301 round trips between the run's PoPs and the remote homes its requests went to "
                + "(151 of them estimated), more than this page lists: result.json has each under `latency_pairs`")
                .doesNotContain("| from | to | round trip ms | source |");
        assertThat(MarkdownReport.render(run, Map.of())).contains("| from | to | round trip ms | source |");
    }

    @Test
    void markdownOfARunWithinToleranceMarksNothing() {
        String md = MarkdownReport.render(clusterRun(1.9, 2.0), Map.of());

        assertThat(md).contains("## Cluster engine", "p99 up to 2.00 ms (met)",
                "| carrying an injected latency | 1,770 | 0.12 | 1.90 | 20.00 |").doesNotContain("(late)");
    }
}
