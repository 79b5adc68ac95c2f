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

/**
 * scenarios/placement.conf: a key first used from Washington, then by users in Sydney and Frankfurt, with its object
 * placed by first request, by a location hint (oc) and per area. No queueing and no jitter: each request's latency is
 * the round trip to its object's home plus the service time.
 */
class PlacementScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("placement");
    private final RunResult result = ShippedScenarios.run(scenario);

    private double p50(String limiter, String pop) {
        return limiter(result, limiter).regions().get(pop).latencyMs().p50();
    }

    private double tripMs(String pop, String home) {
        double serviceMs = ShippedScenarios.tier(scenario, "first-request", 0, TierSettings.DurableObject.class)
                .serviceTimeNanos() / NANOS_PER_MS;
        return rttMs(scenario, pop, home) + serviceMs;
    }

    @Test
    void firstRequestFromWashingtonHomesTheObjectFarFromItsUsers() {
        assertThat(p50("first-request", "SYD")).isCloseTo(tripMs("SYD", "IAD"), within(0.5));
        assertThat(p50("first-request", "FRA")).isCloseTo(tripMs("FRA", "IAD"), within(0.5));
        assertThat(p50("first-request", "SYD")).isGreaterThan(200);
    }

    @Test
    void locationHintNearTheUsersMakesSydneyFastAndFrankfurtFar() {
        assertThat(p50("hinted-oc", "SYD")).isCloseTo(tripMs("SYD", "SYD"), within(0.5));
        assertThat(p50("hinted-oc", "FRA")).isCloseTo(tripMs("FRA", "SYD"), within(0.5));
    }

    @Test
    void perAreaObjectsAreNearEveryoneButLimitEachAreaOnItsOwn() {
        LimiterResult perArea = limiter(result, "per-area");

        for (String pop : scenario.pops()) {
            assertThat(p50("per-area", pop)).as(pop).isCloseTo(tripMs(pop, pop), within(0.5));
        }
        assertThat(perArea.stageStats().get("0:durable-object").get("objects")).isEqualTo(3);
        // Sydney and Frankfurt each grant 20 (Frankfurt sees fewer), Washington its one request
        assertThat(perArea.totals().accepted()).isGreaterThan(limiter(result, "first-request").totals().accepted());
        assertThat(limiter(result, "first-request").totals().accepted()).isEqualTo(20);
        assertThat(limiter(result, "hinted-oc").totals().accepted()).isEqualTo(20);
    }
}
