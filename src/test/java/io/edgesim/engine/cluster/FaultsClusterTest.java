package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.model.Request;
import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.Counts;
import io.edgesim.result.FaultResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Faults on the cluster, against the hand-worked figures and the virtual engine: 10 requests per second from AMS for
 * 30 s; Frankfurt, home of a Durable Object that never limits, down from 5 s to 25 s (1 s timeout, failing open), and
 * AMS down over the same 20 s, its clients landing in LHR. 30 s of scenario time at twice real time.
 */
@ClusterTest
class FaultsClusterTest {

    private static final long S = 1_000_000_000L;

    @TempDir
    static Path dir;
    private static RunResult virtual;
    private static RunResult cluster;
    // requests reaching Frankfurt while it is down, and how many of them had failed over to LHR
    private static long lost;
    private static long lostFromLhr;

    @BeforeAll
    static void runBothEngines() throws IOException {
        Scenario scenario = ClusterRuns.load(dir, """
                name = faults
                duration = 30s
                seed = 3
                regions = [AMS, LHR]
                clients = [ { name = c, key = k, rate = 10, pops = [AMS] } ]
                limiters = [
                  { name = exact, tier = durable-object, limit = 100000, window = 60s, timeout = 1s, fail-open = true,
                    placement { policy = fixed, region = FRA } }
                  { name = local, tier = cache, limit = 100000, window = 60s }
                ]
                faults = [
                  { kind = region-outage, region = FRA, from = 5s, until = 25s }
                  { kind = pop-outage, pop = AMS, from = 5s, until = 25s }
                ]
                """);
        // a request leaves AMS, or LHR while AMS is down, and reaches Frankfurt half a round trip later: 200, give
        // or take one at each edge, where the two PoPs' delays differ
        RequestStream stream = TrafficGenerator.open(scenario);
        for (Request r = stream.next(); r != null; r = stream.next()) {
            boolean failedOver = r.timeNanos() >= 5 * S && r.timeNanos() < 25 * S;
            long arrival = r.timeNanos() + scenario.regions().oneWayNanos(failedOver ? "LHR" : "AMS", "FRA");
            if (arrival >= 5 * S && arrival < 25 * S) {
                lost++;
                lostFromLhr += failedOver ? 1 : 0;
            }
        }
        virtual = ClusterRuns.virtual(scenario);
        cluster = ClusterRuns.cluster(scenario, 2.0);
    }

    @Test
    void requestsToTheDownHomeFailOpenAfterTheTimeoutOnBothEngines() {
        for (RunResult run : new RunResult[] {virtual, cluster}) {
            LimiterResult exact = limiter(run, "exact");
            assertThat(lost).isBetween(199L, 201L);
            assertThat(exact.totals()).as(run.engine()).isEqualTo(new Counts(300, 300 - lost, 0, lost, lost));
            assertThat(exact.regions().get("LHR").latencyMs().p50()).as(run.engine())
                    .isCloseTo(1000.0, within(5.0));
        }
    }

    @Test
    void theDownPopsTrafficIsCountedAtTheNearestLivePopOnBothEngines() {
        for (RunResult run : new RunResult[] {virtual, cluster}) {
            LimiterResult local = limiter(run, "local");
            assertThat(local.regions().get("LHR").counts()).as(run.engine()).isEqualTo(new Counts(200, 200, 0, 0, 0));
            assertThat(local.regions().get("AMS").counts().sent()).as(run.engine()).isEqualTo(100);
        }
    }

    @Test
    void bothEnginesListTheSameFaultCounts() {
        assertThat(cluster.faults()).isEqualTo(virtual.faults());
        // the outage of FRA lost the object's 200 requests; the outage of AMS moved them and the cache's 200 to LHR
        assertThat(cluster.faults().get(0).limiters().get(0))
                .isEqualTo(new FaultResult.Effect("exact", lost, 0, 0, lost, 0, 0));
        assertThat(cluster.faults().get(1).limiters())
                .containsExactly(new FaultResult.Effect("exact", 200, 200 - lostFromLhr, 0, lostFromLhr, 0, 200),
                        new FaultResult.Effect("local", 200, 200, 0, 0, 0, 200));
    }

    @Test
    void bothEnginesGiveTheSameCountsForEachFaultWindow() {
        assertThat(cluster.periods()).hasSize(3);
        for (int p = 0; p < 3; p++) {
            for (int l = 0; l < 2; l++) {
                PeriodResult.LimiterPeriod onCluster = cluster.periods().get(p).limiters().get(l);
                PeriodResult.LimiterPeriod onVirtual = virtual.periods().get(p).limiters().get(l);
                assertThat(onCluster.totals()).as(onCluster.limiter()).isEqualTo(onVirtual.totals());
                assertThat(onCluster.exact()).as(onCluster.limiter()).isEqualTo(onVirtual.exact());
                // the period's bill counts the period's own requests and calls, as the recorder got them
                for (String item : List.of(CostEstimate.WORKER_REQUESTS, CostEstimate.DURABLE_OBJECT_REQUESTS)) {
                    assertThat(onCluster.cost().monthly().get(item)).as(onCluster.limiter() + " " + item)
                            .isEqualTo(onVirtual.cost().monthly().get(item));
                }
            }
        }
        // 5 s to 25 s: the object's 200 requests (lost or not, each a Worker request and a call) in 20 s, at a
        // month's rate: 200 x 129,600
        assertThat(cluster.periods().get(0).limiters().get(0).cost().monthly().get(CostEstimate.WORKER_REQUESTS))
                .isEqualTo(25_920_000.0);
        // 5 s to 25 s: 200 requests; outside: the other 10 s, 100
        assertThat(virtual.periods().get(0).limiters().get(1).totals().sent()).isEqualTo(200);
        assertThat(virtual.periods().get(2).limiters().get(1).totals().sent()).isEqualTo(100);
        assertThat(virtual.periods().get(2).seconds()).isEqualTo(10.0);
    }
}
