package io.edgesim.scenarios;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.model.region.LatencyTail;
import io.edgesim.report.JsonReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.edgesim.scenarios.ShippedScenarios.NANOS_PER_MS;
import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * scenarios/latency-tails.conf: 400 keys from FRA, IAD and SYD to objects homed in FRA, with each call's round trip
 * drawn from its pair's shifted lognormal (p99 = 1.2 x p50 by the regions file's default).
 */
class LatencyTailsScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("latency-tails");
    private final RunResult result = ShippedScenarios.run(scenario);

    // the object's fixed service time
    private static final double SERVICE_MS = 1.0;

    @Test
    void eachRegionsAddedLatencyHasItsPairsP50AndP99() {
        LimiterResult perKey = limiter(result, "per-key");

        assertThat(scenario.regions().tailsOn()).isTrue();
        for (String pop : scenario.pops()) {
            LatencyTail tail = scenario.regions().tail(pop, "FRA");
            LatencyStats latency = perKey.regions().get(pop).latencyMs();
            double p50 = tail.p50Nanos() / NANOS_PER_MS + SERVICE_MS;
            double p99 = tail.p99Nanos() / NANOS_PER_MS + SERVICE_MS;
            // about 4,000 calls a region: the p50 within 1 %, the p99 (about 40 calls above it) within 3 %
            assertThat(latency.p50()).as(pop + " p50").isCloseTo(p50, within(0.01 * p50));
            assertThat(latency.p99()).as(pop + " p99").isCloseTo(p99, within(0.03 * p99));
            assertThat(latency.samples()).isEqualTo(perKey.regions().get(pop).counts().sent()).isGreaterThan(3_800);
        }
        // Sydney: 250.5 ms measured round trip, p99 1.2 x that
        assertThat(perKey.regions().get("SYD").latencyMs().p99()).isCloseTo(301.6, within(9.0));
    }

    @Test
    void aSlowServiceTailMakesRequestsQueueBehindTheSlowOnes() {
        LatencyStats perKey = limiter(result, "per-key").regions().get("FRA").latencyMs();
        LatencyStats oneObject = limiter(result, "one-object").regions().get("FRA").latencyMs();

        // inside Frankfurt: 1 ms round trip (1.2 ms at the p99) + 1 ms service
        assertThat(perKey.p99()).isCloseTo(2.2, within(0.1));
        // the service time's own p99 is 15 ms; at ~40 % busy, waiting behind slow requests adds to it
        assertThat(oneObject.p99()).isGreaterThan(15 + 1.2 + 5);
        assertThat(oneObject.p50()).isBetween(2.0, 5.0);
    }

    @Test
    void sameSeedGivesTheSameReportByteForByte() {
        String again = JsonReport.render(new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST,
                DecisionListener.NONE).run());

        assertThat(again).isEqualTo(JsonReport.render(result));
    }

    @Test
    void withTailsOffEveryCallTakesItsPairsRoundTrip() {
        Scenario off = ScenarioLoader.load(ShippedScenarios.FOLDER.resolve("latency-tails.conf"),
                ShippedScenarios.REGIONS, Map.of("latency.tails", "off"));
        LimiterResult perKey = limiter(ShippedScenarios.run(off), "per-key");

        assertThat(off.regions().tailsOn()).isFalse();
        for (String pop : off.pops()) {
            LatencyStats latency = perKey.regions().get(pop).latencyMs();
            double flat = ShippedScenarios.rttMs(off, pop, "FRA") + SERVICE_MS;
            assertThat(latency.p50()).as(pop).isCloseTo(flat, within(0.001 * flat + 0.01));
            // (the max can hold a rare wait behind the same key's previous request)
            assertThat(latency.p99()).as(pop).isCloseTo(flat, within(0.001 * flat + 0.01));
        }
    }
}
