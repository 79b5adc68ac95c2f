package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static io.edgesim.engine.cluster.ClusterRuns.rttMs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The shipped three-pops scenario (one key over FRA, AMS and SYD, 100 per minute, a cache counter and a Durable
 * Object in Frankfurt) on both engines, its traffic cut to the first 29 s (about 435 requests, 145 a PoP: each PoP's
 * cache and the object still refuse after their 100): 15 s of real time for the cluster, at speed 2 (messages handled
 * a tenth of a millisecond late in real time are a fifth late in scenario time, well within the tolerance).
 */
@ClusterTest
class EnginesAgreeClusterTest {

    // the machine is shared: a median of measured latencies stays within a few ms, a maximum need not
    private static final double LATENCY_TOLERANCE_MS = 5;
    private static final Map<String, String> HALF_A_MINUTE = Map.of("duration", "30s", "clients.spread.stop", "29s");

    private static Scenario scenario;
    private static RunResult virtual;
    private static RunResult cluster;

    @BeforeAll
    static void runBothEngines() {
        scenario = ClusterRuns.shipped("three-pops", HALF_A_MINUTE);
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.cluster(scenario, HALF_A_MINUTE, 2.0);
    }

    @Test
    void durableObjectAcceptsTheSameCountOnBothEngines() {
        assertThat(limiter(cluster, "exact").totals().accepted())
                .isEqualTo(limiter(virtual, "exact").totals().accepted())
                .isEqualTo(100);
        assertThat(cluster.engine()).isEqualTo("cluster");
    }

    @Test
    void perLocationCountingAgreesWithinTwoPercent() {
        LimiterResult onCluster = limiter(cluster, "local");
        LimiterResult onVirtual = limiter(virtual, "local");

        assertThat((double) onCluster.totals().accepted())
                .isCloseTo(onVirtual.totals().accepted(), within(0.02 * onVirtual.totals().accepted()));
        onVirtual.regions().forEach((pop, region) -> assertThat(
                (double) onCluster.regions().get(pop).counts().accepted()).as(pop)
                .isCloseTo(region.counts().accepted(), within(0.02 * region.counts().accepted())));
    }

    @Test
    void durableObjectAddsTheRoundTripPlusServiceTimeInEveryRegionOnBothEngines() {
        TierSettings.DurableObject settings =
                (TierSettings.DurableObject) scenario.limiters().get(1).stages().get(0).tier();
        double serviceMs = settings.serviceTimeNanos() / ClusterRuns.NANOS_PER_MS;
        for (String pop : scenario.pops()) {
            double expectedMs = rttMs(scenario, pop, "FRA") + serviceMs;
            assertThat(limiter(cluster, "exact").regions().get(pop).latencyMs().p50()).as("cluster p50 in " + pop)
                    .isCloseTo(expectedMs, within(LATENCY_TOLERANCE_MS));
            assertThat(limiter(virtual, "exact").regions().get(pop).latencyMs().p50()).as("virtual p50 in " + pop)
                    .isCloseTo(expectedMs, within(LATENCY_TOLERANCE_MS));
        }
    }
}
