package io.edgesim.report;

import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Outcome;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every report lists the faults with what became of the requests each touched; the over-time chart shades them. */
class FaultReportTest {

    @TempDir
    Path dir;

    /**
     * Limiter "l" in AMS and LHR, AMS down 2-5 s: 3 requests failed over to LHR (2 accepted, 1 refused), 1 more
     * accepted untouched; KV down 6-7 s touched one request, failed open.
     */
    private RunResult run() {
        Scenario scenario = ScenarioFixture.load(dir, """
                name = f
                duration = 10s
                regions = [AMS, LHR]
                clients = [ { name = a, key = k, rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 3, window = 10s } ]
                faults = [ { kind = pop-outage, pop = AMS, from = 2s, until = 5s }, { kind = kv-outage, from = 6s,
                             until = 7s } ]
                """);
        KeyIds keys = new KeyIds();
        keys.idOf("k", null);
        RunRecorder recorder = new RunRecorder(scenario, "virtual", keys);
        Outcome[] outcomes = {Outcome.ACCEPTED, Outcome.ACCEPTED, Outcome.REJECTED};
        for (Outcome outcome : outcomes) {
            record(recorder, "LHR", outcome, false);
            recorder.recordFaults(0, 0b01, 0b01, outcome, false);
        }
        record(recorder, "AMS", Outcome.ACCEPTED, false);
        record(recorder, "AMS", Outcome.FAILED, true);
        recorder.recordFaults(0, 0b10, 0, Outcome.FAILED, true);
        return recorder.finish(Collections.nCopies(1, Usage.NONE),
                Collections.nCopies(1, Map.of()), Collections.nCopies(1, List.of()),
                scenario.durationNanos());
    }

    private static void record(RunRecorder recorder, String pop, Outcome outcome, boolean failedOpen) {
        recorder.record(0, recorder.popIndex(pop), 0, 0, 1, outcome, failedOpen, 0, outcome == Outcome.ACCEPTED
                ? -1 : 0, true, 0, 0, 0);
    }

    @Test
    void consoleListsEachFaultWithHowItsRequestsEnded() {
        List<String> lines = ConsoleReport.render(run()).lines().toList();

        assertThat(lines).containsSubsequence(
                "faults: the requests each touched (failed over, lost, slowed, or failed by KV)",
                "fault                 limiter  touched  accepted  refused  failed open  failed closed  failed over",
                "pop-outage AMS 2s-5s        l        3         2        1            0              0            3",
                "kv-outage 6s-7s             l        1         0        0            1              0            0");
    }

    @Test
    void markdownHasAFaultsSection() {
        String md = MarkdownReport.render(run(), Map.of());

        assertThat(md).contains("## Faults\n\n| fault | limiter | touched | accepted | refused | failed open | "
                + "failed closed | failed over |");
        assertThat(md).contains("| pop-outage AMS 2s-5s | l | 3 | 2 | 1 | 0 | 0 | 3 |");
    }

    @Test
    void jsonListsFaultsAfterTheAssumptions() {
        String json = JsonReport.render(run());

        assertThat(json).contains("""
                  "faults" : [ {
                    "fault" : "pop-outage AMS 2s-5s",
                    "kind" : "pop-outage",
                    "from_s" : 2.0,
                    "until_s" : 5.0,
                    "limiters" : {
                      "l" : {
                        "touched" : 3,
                        "accepted" : 2,
                        "rejected" : 1,
                        "failed_open" : 0,
                        "failed_closed" : 0,
                        "failed_over" : 3
                      }
                    }
                  }, {
                """);
    }

    @Test
    void overTimeChartShadesEachFaultsInterval() {
        JFreeChart chart = OverTimeChart.chart(run());

        // the bands behind the lines, unlabelled; the labels in front of them, each on a light background
        Collection<?> bands = chart.getXYPlot().getDomainMarkers(Layer.BACKGROUND);
        assertThat(bands).hasSize(2).allSatisfy(band -> assertThat(((Marker) band).getLabel()).isNull());
        IntervalMarker band = (IntervalMarker) bands.iterator().next();
        assertThat(List.of(band.getStartValue(), band.getEndValue())).containsExactly(2.0, 5.0);
        Collection<?> markers = chart.getXYPlot().getDomainMarkers(Layer.FOREGROUND);
        assertThat(markers).hasSize(2);
        IntervalMarker first = (IntervalMarker) markers.iterator().next();
        assertThat(List.of(first.getStartValue(), first.getEndValue(), ((Marker) first).getLabel()))
                .containsExactly(2.0, 5.0, "pop-outage AMS 2s-5s");
        assertThat(first.getLabelBackgroundColor()).isEqualTo(OverTimeChart.LABEL_BACKGROUND);
        assertThat(((java.awt.Color) first.getPaint()).getAlpha()).isZero();
        // each label on a line of its own, written from its band's start: the kv-outage's, in the run's second half,
        // fits before the chart's right edge (one that would not is written leftwards from its band's end: see
        // OverTimeChartTest)
        IntervalMarker second = (IntervalMarker) markers.stream().skip(1).findFirst().orElseThrow();
        assertThat(second.getLabelOffset().getTop() - first.getLabelOffset().getTop())
                .isEqualTo(OverTimeChart.LABEL_LINE);
        assertThat(first.getLabelTextAnchor()).isEqualTo(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
        assertThat(second.getLabelTextAnchor()).isEqualTo(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
        assertThat(OverTimeChart.fitsFrom(second, 6, 10)).isTrue();
        assertThat(OverTimeChart.fitsFrom(second, 9.5, 10)).isFalse();
    }
}
