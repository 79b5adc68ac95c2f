package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.model.Request;
import io.edgesim.result.FaultResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Faults that meet a reply on its way back, on the cluster against the virtual engine: 40 requests per second from
 * SYD to a Durable Object homed in FRA (one way 125 ms, 1 ms at the object, 1 s timeout, failing closed) for 4 s;
 * the link cut from 1 s to 2 s, and 1.5 s added to its round trip (0.75 s each way) from 3 s to 3.2 s. A reply sent
 * while the link is cut is lost, and one slowed is back after the timeout: either way the request fails at its
 * timeout, and the fault touched it, although the request itself went out before the fault began.
 */
@ClusterTest
class FaultsOnTheWayBackClusterTest {

    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    @TempDir
    static Path dir;
    private static RunResult virtual;
    private static RunResult cluster;
    // requests sent while the link is cut, and those sent before whose reply left while it was
    private static long cutOnTheWayOut;
    private static long cutOnTheWayBack;
    // requests sent while the link is slow, and those sent before whose reply left while it was
    private static long slowOnTheWayOut;
    private static long slowOnTheWayBack;

    @BeforeAll
    static void runBothEngines() throws IOException {
        Scenario scenario = ClusterRuns.load(dir, """
                name = faults-on-the-way-back
                duration = 4s
                seed = 5
                regions = [SYD]
                clients = [ { name = c, key = k, rate = 40, pops = [SYD] } ]
                limiters = [ { name = exact, tier = durable-object, limit = 100000, window = 60s, timeout = 1s,
                               placement { policy = fixed, region = FRA } } ]
                faults = [ { kind = partition, between = [FRA, SYD], from = 1s, until = 2s }
                           { kind = latency, between = [FRA, SYD], extra = 1500ms, from = 3s, until = 3200ms } ]
                """);
        long oneWay = scenario.regions().oneWayNanos("SYD", "FRA");
        RequestStream stream = TrafficGenerator.open(scenario);
        for (Request r = stream.next(); r != null; r = stream.next()) {
            long sent = r.timeNanos();
            long replied = sent + oneWay + MS;
            cutOnTheWayOut += within(sent, 1 * S, 2 * S) ? 1 : 0;
            cutOnTheWayBack += sent < 1 * S && within(replied, 1 * S, 2 * S) ? 1 : 0;
            slowOnTheWayOut += within(sent, 3 * S, 3_200 * MS) ? 1 : 0;
            slowOnTheWayBack += sent < 3 * S && within(replied, 3 * S, 3_200 * MS) ? 1 : 0;
        }
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.cluster(scenario, 2.0);
    }

    private static boolean within(long nanos, long from, long until) {
        return nanos >= from && nanos < until;
    }

    @Test
    void bothEnginesCountTheRequestsWhoseReplyAFaultLostOrSlowedPastTheTimeout() {
        assertThat(cutOnTheWayBack).as("replies under way when the link is cut").isGreaterThan(2);
        assertThat(slowOnTheWayBack).as("replies under way when the link slows").isGreaterThan(2);
        FaultResult.Effect cut = virtual.faults().get(0).limiters().get(0);
        FaultResult.Effect slow = virtual.faults().get(1).limiters().get(0);
        // give or take one request at each edge of a window
        assertThat(cut.touched()).isBetween(cutOnTheWayOut + cutOnTheWayBack - 2,
                cutOnTheWayOut + cutOnTheWayBack + 2);
        assertThat(cut.failedClosed()).isEqualTo(cut.touched());
        // 125 + 750 + 1 + 125 ms: every slowed request is back after its 1 s timeout
        assertThat(slow.touched()).isBetween(slowOnTheWayOut + slowOnTheWayBack - 2,
                slowOnTheWayOut + slowOnTheWayBack + 2);
        assertThat(slow.failedClosed()).isEqualTo(slow.touched());

        assertThat(cluster.faults()).isEqualTo(virtual.faults());
        assertThat(limiter(cluster, "exact").totals()).isEqualTo(limiter(virtual, "exact").totals());
    }
}
