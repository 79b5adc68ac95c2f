package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
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

    @Test
    void withTailsOffEveryRegionsLatencyIsExactlyItsRoundTripPlusTheServiceTime() {
        LimiterResult exact = limiter(result, "exact");

        // the regions file carries a tail ratio, but three-pops does not turn tails on: p50 = p99 = max, analytic
        assertThat(scenario.regions().tailsOn()).isFalse();
        assertThat(scenario.regions().defaultP99OverP50()).isGreaterThan(1.0);
        for (String pop : scenario.pops()) {
            var latency = exact.regions().get(pop).latencyMs();
            double flat = rttMs(scenario, pop, "FRA") + 1.0;
            // percentiles are HdrHistogram bucket middles, 3 significant digits
            assertThat(latency.p50()).as(pop).isCloseTo(flat, org.assertj.core.api.Assertions.within(0.001 * flat));
            assertThat(latency.p99()).as(pop).isEqualTo(latency.p50());
            // the maximum is exact
            assertThat(latency.max()).as(pop).isCloseTo(flat, org.assertj.core.api.Assertions.within(0.001));
        }
        assertThat(exact.regions().get("SYD").latencyMs().p99())
                .isCloseTo(251.5, org.assertj.core.api.Assertions.within(0.1));
    }
}
