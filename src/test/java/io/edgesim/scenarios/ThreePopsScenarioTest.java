package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.scenarios.ShippedScenarios.limiter;
import static io.edgesim.scenarios.ShippedScenarios.rttMs;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/three-pops.conf: the seed article's example, one key over FRA, AMS and SYD, 100 per minute. */
class ThreePopsScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("three-pops");
    private final RunResult result = ShippedScenarios.run(scenario);

    @Test
    void cacheCounterLetsOneHundredThroughInEachPop() {
        LimiterResult local = limiter(result, "local");

        assertThat(local.totals().accepted()).isEqualTo(300);
        assertThat(local.regions()).allSatisfy((pop, region) ->
                assertThat(region.counts().accepted()).as(pop).isEqualTo(100));
        assertThat(local.multiplication()).hasValue(3.0);
    }

    @Test
    void cacheCounterLetsThreeTimesTheLimitThroughInTheMinute() {
        PerWindow perWindow = limiter(result, "local").perWindow().orElseThrow();

        assertThat(perWindow.windowSeconds()).isEqualTo(60.0);
        assertThat(perWindow.limit()).isEqualTo(100);
        assertThat(perWindow.windows()).isEqualTo(1);
        assertThat(perWindow.maxLetThrough()).isEqualTo(300);
        assertThat(perWindow.maxFactor()).isEqualTo(3.0);
        assertThat(perWindow.lateOutcomes()).isZero();
    }

    @Test
    void durableObjectKeepsTheMinuteToItsLimit() {
        PerWindow perWindow = limiter(result, "exact").perWindow().orElseThrow();

        assertThat(perWindow.maxLetThrough()).isEqualTo(100);
        assertThat(perWindow.maxFactor()).isEqualTo(1.0);
        assertThat(perWindow.meanFactor()).isEqualTo(1.0);
    }

    @Test
    void durableObjectInFrankfurtLetsExactlyOneHundredThrough() {
        LimiterResult exact = limiter(result, "exact");

        assertThat(exact.totals().accepted()).isEqualTo(100);
        assertThat(exact.exact().wronglyAccepted()).isZero();
        assertThat(exact.exact().wronglyRejected()).isZero();
    }

    @Test
    void sydneyPaysTheRoundTripToFrankfurtWhileFrankfurtPaysAlmostNothing() {
        LimiterResult exact = limiter(result, "exact");
        double rtt = rttMs(scenario, "SYD", "FRA");

        assertThat(exact.regions().get("SYD").latencyMs().p50()).isBetween(rtt, rtt + 5);
        assertThat(exact.regions().get("FRA").latencyMs().p50()).isLessThanOrEqualTo(5);
    }
}
