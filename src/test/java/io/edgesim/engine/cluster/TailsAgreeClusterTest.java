package io.edgesim.engine.cluster;

import io.edgesim.result.LatencyStats;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static io.edgesim.engine.cluster.ClusterRuns.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Latency tails on both engines: each remote call's round trip is drawn by a key of the run's seed, the request, its
 * limiter and stage, so the cluster draws what the virtual engine draws for the same request, and the percentiles
 * agree within the cluster's delivery lateness.
 */
@Tag("cluster")
class TailsAgreeClusterTest {

    // the machine is shared: a percentile of measured latencies stays within a few ms of the virtual one
    private static final double LATENCY_TOLERANCE_MS = 5;

    @TempDir
    static Path dir;

    private static Scenario scenario;
    private static RunResult virtual;
    private static RunResult cluster;

    @BeforeAll
    static void runBothEngines() throws IOException {
        scenario = ClusterRuns.load(dir, """
                name = tails
                duration = 10s
                seed = 5
                regions = [FRA, SYD]
                latency { tails = on }
                clients = [ { name = users, count = 100, key = "user-{i}", rate = 0.5, arrival = poisson } ]
                limiters = [ { name = object, tier = durable-object, limit = 1000, window = 60s,
                               placement { policy = fixed, region = FRA } } ]
                """);
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.cluster(scenario, 1.0);
    }

    @Test
    void bothEnginesDrawTheSameRoundTripsSoTheirPercentilesAgree() {
        assertThat(scenario.regions().tailsOn()).isTrue();
        for (String pop : scenario.pops()) {
            LatencyStats onVirtual = limiter(virtual, "object").regions().get(pop).latencyMs();
            LatencyStats onCluster = limiter(cluster, "object").regions().get(pop).latencyMs();
            assertThat(onCluster.samples()).as(pop).isEqualTo(onVirtual.samples());
            assertThat(onCluster.p50()).as("p50 in " + pop).isCloseTo(onVirtual.p50(), within(LATENCY_TOLERANCE_MS));
            assertThat(onCluster.p90()).as("p90 in " + pop).isCloseTo(onVirtual.p90(), within(LATENCY_TOLERANCE_MS));
        }
        // Sydney's calls do have a tail: 1.2 x 250.5 ms at the p99 of the round trip
        LatencyStats sydney = limiter(virtual, "object").regions().get("SYD").latencyMs();
        assertThat(sydney.p90() - sydney.p50()).isGreaterThan(10);
    }
}
