package io.edgesim.report;

import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PerWindowReportTest {

    @TempDir
    Path dir;

    /**
     * Six requests of one key let through in the first 10 s window of a limit of 3 per 10 s: twice the limit, all in
     * Frankfurt (outcomes fed to the recorder, no cache deciding them: above the bound of one location).
     */
    private RunResult doubled() {
        return RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 6, false));
    }

    @Test
    void jsonGivesThePerWindowFiguresPerLimiter() {
        String json = JsonReport.render(doubled());

        assertThat(json).containsIgnoringWhitespaces("""
                    "per_window" : {
                      "key" : "api-key",
                      "window_s" : 10.0,
                      "anchor" : "epoch",
                      "limit" : 3,
                      "windows" : 1,
                      "max_let_through" : 6,
                      "max_factor" : 2.0,
                      "mean_factor" : 2.0,
                      "late_outcomes" : 0
                    },""");
    }

    @Test
    void markdownHasALinePerLimiter() {
        String md = MarkdownReport.render(doubled(), Map.of());

        assertThat(md).contains("Per window (10 s from t = 0, one count per api-key): up to 6 let through against a "
                + "limit of 3 (2.00x; bound 1.00x = min(1 location reached, 6 offered in the busiest window / 3)), "
                + "mean 2.00x over 1 window with traffic." + MarkdownReport.ABOVE_BOUND + "\n");
    }

    @Test
    void underPlansTheWorstKeyAboveItsBoundIsExplainedToo() {
        // 10 a second from Sydney to an object in Frankfurt, 50 per 10 s: a request that arrives in the last ~125 ms
        // of a window is counted by the object in the next one, so the key gets past its plan in the exact count's
        RunResult run = new io.edgesim.engine.virtual.VirtualEngine(io.edgesim.scenario.ScenarioFixture.load(dir, """
                name = plans-late
                duration = 30s
                regions = [SYD, FRA]
                plans { free { limit = 50, window = 10s } }
                clients = [ { name = a, key = k, rate = 10, arrival = constant, pops = [SYD], plan = free } ]
                limiters = [ { name = exact, tier = durable-object, placement { policy = fixed, region = FRA } } ]
                """)).run();
        double worst = run.limiters().get(0).keys().letThroughRatio().max();
        assertThat(worst).isGreaterThan(1.005);

        assertThat(MarkdownReport.render(run, Map.of())).contains("Per window: see per key - plans give keys "
                + "limits of their own. The worst key (" + Numbers.fixed(worst, 2) + "x) shows above its bound "
                + "(1.00x)." + MarkdownReport.ABOVE_BOUND + "\n");
    }

    @Test
    void markdownSaysWhyOnlyWhereAFigureShowsAboveItsBound() {
        RunResult limit = RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 3, false));
        String atTheLimit = MarkdownReport.render(limit, Map.of());
        MultiplicationBound one = limit.limiters().get(0).keys().bound();

        assertThat(atTheLimit).contains("(1.00x; bound 1.00x = min(1 location reached, 3 offered in the busiest "
                + "window / 3)), mean 1.00x over 1 window with traffic.\n").doesNotContain("Above the bound");
        assertThat(MarkdownReport.aboveBound(new PerWindow("api-key", 60, 100, 1, 100, 1.004, 1.0, 0, "epoch"), one))
                .as("1.004 shows as 1.00, the bound's figure").isFalse();
        assertThat(MarkdownReport.aboveBound(new PerWindow("api-key", 60, 100, 1, 101, 1.01, 1.0, 0, "epoch"), one))
                .isTrue();
        assertThat(MarkdownReport.aboveBound(new PerWindow("api-key", 60, 100, 1, 101, 1.01, 1.0, 0, "epoch"), null))
                .as("no bound").isFalse();
    }

    @Test
    void consoleSummaryLineEndsWithThePerWindowFigures() {
        assertThat(ConsoleReport.render(doubled())).contains("; cost $0.00/month (+ $5.00 plan minimum); per api-key per 10 s window from t = 0: up to 6 "
                + "let through against 3 (2.00x; bound 1.00x = min(1 location reached, 6 offered in the busiest "
                + "window / 3)), mean 2.00x\n");
    }

    @Test
    void firstRequestWindowsSayTheyStartAtEachKeysFirstRequest() {
        PerWindow w = new PerWindow("api-key", 60, 100, 3, 150, 1.5, 1.2, 0, "first-request");

        assertThat(ConsoleReport.perWindow(w, null)).isEqualTo("per api-key per 60 s window from each key's first request: "
                + "up to 150 let through against 100 (1.50x), mean 1.20x");
    }
}
