package io.edgesim.scenarios;

import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * scenarios/window-anchor.conf: windows aligned to the epoch against windows from each key's first request, each
 * key bursting across one of the two kinds of boundary, each limiter judged in the other anchor's windows.
 */
class WindowAnchorScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("window-anchor");
    private final RunResult result = ShippedScenarios.run(scenario);

    private static KeyResults.KeyOutcome key(LimiterResult limiter, String key) {
        return limiter.keys().top().stream().filter(k -> k.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void anEpochWindowLetsBothBurstsThroughAcrossItsBoundaryButHoldsAKeysOwnEdge() {
        LimiterResult epoch = limiter(result, "epoch");

        // aligned-edge: its first request and 99 before 60 s, then 100 more after it
        assertThat(key(epoch, "aligned-edge").letThrough()).isEqualTo(200);
        // own-edge: one at 10 s, then the minute from 60 s takes 99 and 1 of the burst after its own edge
        assertThat(key(epoch, "own-edge").letThrough()).isEqualTo(101);
        assertThat(epoch.totals().letThrough()).isEqualTo(301);
    }

    @Test
    void aFirstRequestWindowDoesTheReverse() {
        LimiterResult firstRequest = limiter(result, "first-request");

        assertThat(key(firstRequest, "aligned-edge").letThrough()).isEqualTo(100);
        assertThat(key(firstRequest, "own-edge").letThrough()).isEqualTo(200);
        assertThat(firstRequest.totals().letThrough()).isEqualTo(300);
    }

    @Test
    void judgedInTheOtherAnchorsWindowsEachLetsTwiceTheLimitThroughInOne() {
        // aligned-edge's own window [30 s, 90 s) holds its 200 under the epoch limiter
        PerWindow epoch = limiter(result, "epoch").perWindow().orElseThrow();
        assertThat(epoch.maxLetThrough()).isEqualTo(200);
        assertThat(epoch.maxFactor()).isEqualTo(2.0);
        // own-edge's windows [10 s, 70 s) and from 70.1 s, aligned-edge's from 30 s
        assertThat(epoch.windows()).isEqualTo(3);
        assertThat(epoch.lateOutcomes()).isZero();
        assertThat(key(limiter(result, "epoch"), "aligned-edge").maxRatio()).isEqualTo(2.0);

        // the epoch minute from 60 s holds own-edge's 99 + 100 under the first-request limiter
        PerWindow firstRequest = limiter(result, "first-request").perWindow().orElseThrow();
        assertThat(firstRequest.maxLetThrough()).isEqualTo(199);
        assertThat(firstRequest.maxFactor()).isEqualTo(1.99);
        assertThat(firstRequest.windows()).isEqualTo(4);
        assertThat(key(limiter(result, "first-request"), "own-edge").maxRatio()).isEqualTo(1.99);
    }

    @Test
    void eachWronglyAcceptsTheBurstTheOtherRefuses() {
        // epoch: aligned-edge's second burst wrongly accepted; own-edge's second burst (but its first request)
        // wrongly refused
        assertThat(limiter(result, "epoch").exact().wronglyAccepted()).isEqualTo(100);
        assertThat(limiter(result, "epoch").exact().wronglyRejected()).isEqualTo(99);
        assertThat(limiter(result, "first-request").exact().wronglyAccepted()).isEqualTo(99);
        assertThat(limiter(result, "first-request").exact().wronglyRejected()).isEqualTo(100);
    }
}
