package io.edgesim.serve;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What serve's report says was turned away: what ended before any limiter saw it, not an idle connection. */
class LiveCountsTest {

    @Test
    void aConnectionIdleAfterItsAnswerIsNotTurnedAwayAndOneAnswered408Is(@TempDir Path dir) {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, "");
        LiveCounts counts = new LiveCounts(scenario, scenario.limiters().get(0).name());

        counts.headerTimedOut(false);
        assertThat(counts.turnedAway()).isNull();
        assertThat(counts.json()).contains("\"header_timeouts\":1");

        counts.headerTimedOut(true);
        counts.refusedConnection();
        counts.badRequest();
        assertThat(counts.turnedAway()).isEqualTo("1 refused with 503 on connections over --max-connections, 1 "
                + "refused with 400 or 413 (a missing key or address, a body too large), 1 answered 408 for sending no "
                + "whole request head within the header timeout: no limiter saw them, so they are in no figure");
        assertThat(counts.json()).contains("\"header_timeouts\":2");
    }
}
