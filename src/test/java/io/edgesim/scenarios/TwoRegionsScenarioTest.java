package io.edgesim.scenarios;

import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.scenarios.ShippedScenarios.NANOS_PER_MS;
import static io.edgesim.result.RunResults.limiter;
import static io.edgesim.scenarios.ShippedScenarios.rttMs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** scenarios/two-regions.conf: one key used from Frankfurt and Washington, 100 per minute. */
class TwoRegionsScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("two-regions");
    private final RunResult result = ShippedScenarios.run(scenario);

    @Test
    void perLocationLimiterLetsTwiceTheLimitThrough() {
        LimiterResult perLocation = limiter(result, "per-location");

        assertThat(perLocation.totals().accepted()).isEqualTo(200);
        assertThat(perLocation.regions()).allSatisfy((pop, region) ->
                assertThat(region.counts().accepted()).as(pop).isEqualTo(100));
        assertThat(perLocation.multiplication()).hasValue(2.0);
        assertThat(perLocation.exact().wronglyAccepted()).isEqualTo(100);
    }

    @Test
    void durableObjectLetsTheLimitThroughOnceAndWashingtonPaysTheAtlantic() {
        LimiterResult exact = limiter(result, "exact");
        double serviceMs = ShippedScenarios.tier(scenario, "exact", 0, TierSettings.DurableObject.class)
                .serviceTimeNanos() / NANOS_PER_MS;

        assertThat(exact.totals().accepted()).isEqualTo(100);
        assertThat(exact.regions().get("IAD").latencyMs().p50())
                .isCloseTo(rttMs(scenario, "IAD", "FRA") + serviceMs, within(0.5));
    }
}
