package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.edgesim.report.RecordedRuns.SECOND_NANOS;
import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterReportTest {

    @TempDir
    Path dir;

    @Test
    void jsonCountsRefusalsThatCanNeverPassApartFromTheFiniteRetryAfters() {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.reject(recorder,
                3_600 * SECOND_NANOS, Long.MAX_VALUE, 3_599 * SECOND_NANOS));

        assertThat(JsonReport.render(run)).contains("""
                "retry_after_s" : {
                      "p50" : 3599,
                      "p90" : 3600,
                      "max" : 3600,
                      "never" : 1,
                      "samples" : 2
                    }""");
    }

    @Test
    void markdownGivesTheExactFiguresAndTheRefusalsThatCanNeverPass() {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.reject(recorder,
                3_600 * SECOND_NANOS, Long.MAX_VALUE, 3_599 * SECOND_NANOS));

        assertThat(MarkdownReport.render(run, Map.of())).contains("Retry-After told to 2 rejected clients: p50 3599 s, "
                + "p90 3600 s, max 3600 s; 1 rejected request can never pass (cost above the limit) and got no "
                + "Retry-After.");
    }

    @Test
    void markdownGivesNoFiguresWhenNoRefusalCouldEverPass() {
        RunResult run = RecordedRuns.run(dir, recorder -> RecordedRuns.reject(recorder,
                Long.MAX_VALUE, Long.MAX_VALUE));

        assertThat(MarkdownReport.render(run, Map.of()))
                .contains("No Retry-After: 2 rejected requests can never pass (cost above the limit)")
                .doesNotContain("Retry-After told");
    }
}
