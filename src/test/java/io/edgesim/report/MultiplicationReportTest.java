package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MultiplicationReportTest {

    @TempDir
    Path dir;

    /** 10 let through, none of which the exact count (which accepts nothing) would have. */
    private RunResult unbounded() {
        return RecordedRuns.run(dir, recorder -> RecordedRuns.accept(recorder, 10, false));
    }

    /** Nothing let through, nothing accepted by the exact count. */
    private RunResult nothingThrough() {
        return RecordedRuns.run(dir, recorder -> RecordedRuns.reject(recorder, 3 * RecordedRuns.SECOND_NANOS));
    }

    private RunResult tripled() {
        return RecordedRuns.run(dir, recorder -> {
            RecordedRuns.accept(recorder, 1, true);
            RecordedRuns.accept(recorder, 2, false);
        });
    }

    @Test
    void consoleSaysUnboundedWhenRequestsGotThroughThatTheExactCountRefusedAll() {
        assertThat(ConsoleReport.render(unbounded()))
                .contains("exact count accepts 0; multiplication unbounded (exact accepts 0)")
                .doesNotContain("multiplication 0.00x");
    }

    @Test
    void consoleSaysNotApplicableWhenNothingGotThroughEither() {
        assertThat(ConsoleReport.render(nothingThrough()))
                .contains("multiplication n/a (nothing let through, exact accepts 0)")
                .doesNotContain("multiplication 0.00x");
    }

    @Test
    void consoleShowsTheRatioWhenTheExactCountAcceptedSome() {
        assertThat(ConsoleReport.render(tripled())).contains("exact count accepts 1; multiplication 3.00x (bound 1.00x);");
    }

    @Test
    void jsonHasNoMultiplicationWhenTheExactCountAcceptedNothing() {
        assertThat(JsonReport.render(unbounded())).contains("\"multiplication\" : null");
        assertThat(JsonReport.render(nothingThrough())).contains("\"multiplication\" : null");
        assertThat(JsonReport.render(tripled())).contains("\"multiplication\" : 3.0");
    }

    @Test
    void markdownHeadlineSaysUnboundedAndExplainsIt() {
        String md = MarkdownReport.render(unbounded(), Map.of());

        assertThat(md).contains("| l | cache | 10 | 10 | 0 | 0 | 10 | 0 | unbounded (bound 1.00x) | 10 | 0 |")
                .contains("*unbounded* when the limiter let requests through anyway");
    }

    @Test
    void markdownLeavesTheExplanationOutWhenEveryLimiterHasARatio() {
        String md = MarkdownReport.render(tripled(), Map.of());

        assertThat(md).contains("| 3.00x (bound 1.00x) |").doesNotContain("*unbounded*");
    }

    @Test
    void sweepWritesWhyThereIsNoMultiplicationAndLeavesAGapInItsChart() throws IOException {
        SweepReport sweep = new SweepReport("limiters.l.limit", List.of(new SweepReport.Point("1", unbounded()),
                new SweepReport.Point("2", nothingThrough()), new SweepReport.Point("3", tripled())));

        assertThat(sweep.csv().lines().skip(1).map(line -> line.split(",")[11]).toList())
                .containsExactly("unbounded", "n/a", "3.0");
        assertThat(sweep.text()).contains("unbounded").contains("n/a").contains("3.00");
        sweep.write(dir.resolve("sweep"));
        assertThat(dir.resolve("sweep/sweep-multiplication.png")).isNotEmptyFile();
    }
}
