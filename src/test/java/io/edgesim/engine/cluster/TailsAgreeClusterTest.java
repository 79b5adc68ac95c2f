package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Latency tails on both engines: each remote call's round trip is drawn by a key of the run's seed, the request, its
 * limiter and stage, so the cluster draws what the virtual engine draws for the same request. Request by request, the
 * cluster's added latency is the virtual one plus the cluster's delivery lateness, never less.
 */
@ClusterTest
class TailsAgreeClusterTest {

    // a call reaches its object at its deadline or later and its reply is handled no earlier than its deadline
    private static final long EPSILON_NANOS = 1_000;
    // lateness of one request's two deliveries (there and back) on a loaded, shared machine: one delivery may wait
    // out a collection or a descheduled dispatcher (a CI run saw 51 ms once); the share within CLOSE_NANOS below is
    // what holds the cluster to the virtual engine's draws
    private static final long LATENESS_BOUND_NANOS = 150_000_000;
    // most requests are delivered on time: within this of the virtual latency (a CI run beside three other JVMs busy
    // on the same two cores had 457 of 487, 94 %; a draw not the virtual engine's is off by the tail's spread, tens
    // of ms, for most requests)
    private static final long CLOSE_NANOS = 5_000_000;
    private static final double CLOSE_SHARE = 0.90;

    @TempDir
    static Path dir;

    private static Scenario scenario;
    private static RunResult virtual;
    private static RunResult cluster;
    private static Map<Request, Long> onVirtual;
    private static Map<Request, Long> onCluster;

    /** A request as a decision names it: its PoP, key and arrival time. */
    private record Request(String pop, String key, long timeNanos) {
    }

    /** Each request's added latency under the one limiter of the scenario, by request. */
    private static final class Latencies implements DecisionListener {

        private final List<Map.Entry<Request, Long>> decided = new ArrayList<>();
        private int notAccepted;

        @Override
        public synchronized void decided(String limiter, long timeNanos, String pop, String key, int cost,
                                         String allowed, long remaining, long retryAfterNanos, long latencyNanos) {
            // engines call from their own threads: count here, assert on the test's thread
            if (!allowed.equals("true")) {
                notAccepted++;
            }
            decided.add(Map.entry(new Request(pop, key, timeNanos), latencyNanos));
        }

        @Override
        public void close() {
        }

        synchronized Map<Request, Long> byRequest() {
            assertThat(notAccepted).as("decisions other than accepted").isZero();
            Map<Request, Long> byRequest = new HashMap<>();
            for (Map.Entry<Request, Long> d : decided) {
                assertThat(byRequest.put(d.getKey(), d.getValue())).as("two decisions for %s", d.getKey()).isNull();
            }
            return byRequest;
        }
    }

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
        Latencies virtualLatencies = new Latencies();
        virtual = new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST, virtualLatencies).run();
        onVirtual = virtualLatencies.byRequest();
        Latencies clusterLatencies = new Latencies();
        cluster = ClusterRuns.engine(scenario, clusterLatencies, 1.0).run();
        onCluster = clusterLatencies.byRequest();
    }

    @Test
    void theClusterDrawsEachRequestsRoundTripAsTheVirtualEngineDoes() {
        assertThat(scenario.regions().tailsOn()).isTrue();
        assertThat(onVirtual).hasSize((int) limiter(virtual, "object").totals().accepted());
        assertThat(limiter(cluster, "object").totals()).isEqualTo(limiter(virtual, "object").totals());
        assertThat(onCluster.keySet()).isEqualTo(onVirtual.keySet());
        int close = 0;
        for (Map.Entry<Request, Long> entry : onVirtual.entrySet()) {
            long virtualNanos = entry.getValue();
            long clusterNanos = onCluster.get(entry.getKey());
            assertThat(clusterNanos).as("cluster latency of %s (virtual %d ns)", entry.getKey(), virtualNanos)
                    .isBetween(virtualNanos - EPSILON_NANOS, virtualNanos + LATENESS_BOUND_NANOS);
            if (clusterNanos - virtualNanos <= CLOSE_NANOS) {
                close++;
            }
        }
        assertThat(close).as("requests within %d ns of their virtual latency, of %d", CLOSE_NANOS, onVirtual.size())
                .isGreaterThanOrEqualTo((int) Math.ceil(CLOSE_SHARE * onVirtual.size()));
    }

    @Test
    void sydneysCallsHaveATail() {
        // 1.2 x 250.5 ms at the p99 of the round trip: the draws differ enough that a different draw shows
        LatencyStats sydney = limiter(virtual, "object").regions().get("SYD").latencyMs();
        assertThat(sydney.samples()).isGreaterThan(200);
        assertThat(sydney.p90() - sydney.p50()).isGreaterThan(10);
    }
}
