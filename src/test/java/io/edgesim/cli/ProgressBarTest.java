package io.edgesim.cli;

import io.edgesim.engine.cluster.RunProgress;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressBarTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void barShowsScenarioTimeElapsedOfTheTotalRequestsAndAccepted() {
        String bar = ProgressBar.render(new RunProgress("running", 15 * SECOND, 60 * SECOND, 1_234, 100));

        assertThat(bar).isEqualTo("running  [########----------------------]    15.0 / 60.0 s  requests 1,234"
                + "  accepted 100");
    }

    @Test
    void barIsFullAtTheEndAndEmptyBeforeTheStart() {
        assertThat(ProgressBar.render(new RunProgress("draining", 60 * SECOND, 60 * SECOND, 885, 400)))
                .contains("[" + "#".repeat(30) + "]");
        assertThat(ProgressBar.render(new RunProgress("starting", 0, 60 * SECOND, 0, 0)))
                .contains("[" + "-".repeat(30) + "]");
    }

    @Test
    void withoutATerminalNothingIsDrawn() {
        StringWriter err = new StringWriter();

        ProgressBar.start(() -> new RunProgress("running", 0, SECOND, 0, 0), new PrintWriter(err, true)).close();

        // surefire's forked JVM writes to pipes, never to a terminal
        assertThat(err.toString()).isEmpty();
    }
}
