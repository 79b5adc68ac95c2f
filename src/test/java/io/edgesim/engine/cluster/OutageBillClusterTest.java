package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.CostResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The bill of a small run, worked out by hand from the published prices, on both engines, with and without an
 * outage of the Durable Object's home: 30 requests per second from AMS for 30 s (900), one object in Frankfurt that
 * accepts everything, 1 ms of service each, a 1 s timeout, failing open; Frankfurt down from 5 s to 25 s. The
 * requests that wait out the timeout are billed as the platform bills them, and the calls that never reached the
 * object as served ones, so the outage does not make the bill smaller. 30 s of scenario time at four times real time:
 * what is lost, served or timed out follows from the scenario times alone, so the bills stay the virtual engine's.
 */
@ClusterTest
class OutageBillClusterTest {

    private static final String SCENARIO = """
            name = outage-bill
            duration = 30s
            seed = 3
            regions = [AMS]
            clients = [ { name = c, key = k, rate = 30, pops = [AMS] } ]
            limiters = [
              { name = exact, tier = durable-object, limit = 100000, window = 60s, timeout = 1s, fail-open = true,
                placement { policy = fixed, region = FRA } }
            ]
            """;
    private static final String OUTAGE = "faults = [ { kind = region-outage, region = FRA, from = 5s, until = 25s } ]\n";

    @TempDir
    static Path dir;
    private static Map<String, CostResult> bills;

    @BeforeAll
    static void runBothEnginesWithAndWithoutTheOutage() throws IOException {
        Scenario calm = ClusterRuns.load(dir, SCENARIO);
        RunResult calmVirtual = ClusterRuns.virtual(calm);
        RunResult calmCluster = ClusterRuns.cluster(calm, 4.0);
        Scenario outage = ClusterRuns.load(dir, SCENARIO + OUTAGE);
        RunResult outageVirtual = ClusterRuns.virtual(outage);
        RunResult outageCluster = ClusterRuns.cluster(outage, 4.0);
        bills = Map.of("calm virtual", limiter(calmVirtual, "exact").cost(),
                "calm cluster", limiter(calmCluster, "exact").cost(),
                "outage virtual", limiter(outageVirtual, "exact").cost(),
                "outage cluster", limiter(outageCluster, "exact").cost());
    }

    @Test
    void theBillOfTheCalmRunIsTheOneWorkedOutByHand() {
        // a 30-day month is 86,400 runs of 30 s: 900 requests a run are 77.76 M a month
        // Worker requests: 77.76 M, 67.76 M beyond the included 10 M x $0.30               = $20.328
        // Worker CPU at 1 ms (the assumption): 77.76 M ms, 47.76 M beyond 30 M x $0.02       = $0.9552
        // Durable Object requests: one call each, 77.76 M, 76.76 M beyond 1 M, rounded up
        // to 77 M (whole millions begun) x $0.15                                           = $11.55
        // rows written: every request accepted, 77.76 M, 27.76 M beyond 50 M x $1.00        = $27.76
        // rows read: 77.76 M, within the 25,000 M included                                  = $0
        // duration: 900 x 1 ms = 0.9 s a run, 77,760 s x 0.128 GB = 9,953.28 GB-s, within 400,000 = $0
        // usage $60.5932; plus the $5 plan minimum, a bill of $65.5932
        for (String run : new String[] {"calm virtual", "calm cluster"}) {
            CostResult bill = bills.get(run);
            assertThat(bill.monthly().get(CostEstimate.WORKER_REQUESTS)).as(run).isEqualTo(77_760_000);
            assertThat(bill.items().get(CostEstimate.WORKER_REQUESTS)).as(run).isCloseTo(20.328, within(1e-4));
            assertThat(bill.items().get(CostEstimate.WORKER_CPU_MS)).as(run).isCloseTo(0.9552, within(1e-4));
            assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).as(run).isCloseTo(11.55, within(1e-4));
            assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).as(run)
                    .isCloseTo(27.76, within(1e-4));
            assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_ROWS_READ)).as(run).isZero();
            assertThat(bill.monthly().get(CostEstimate.DURABLE_OBJECT_DURATION)).as(run)
                    .isCloseTo(9_953.28, within(0.1));
            assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_DURATION)).as(run).isZero();
            assertThat(bill.usdPerMonth()).as(run).isCloseTo(60.5932, within(1e-4));
            assertThat(bill.planMinimumUsd()).as(run).isEqualTo(5.00);
            assertThat(bill.billUsdPerMonth()).as(run).isCloseTo(65.5932, within(1e-4));
            assertThat(bill.unansweredObjectCalls()).as(run).isZero();
        }
    }

    @Test
    void anOutageDoesNotLowerTheBill() {
        for (String engine : new String[] {"virtual", "cluster"}) {
            CostResult calm = bills.get("calm " + engine);
            CostResult outage = bills.get("outage " + engine);
            // about 20 s x 30 requests waited out the timeout: each still a Worker request and an object call
            assertThat(outage.unansweredObjectCalls()).as(engine).isBetween(590L, 610L);
            assertThat(outage.monthly().get(CostEstimate.WORKER_REQUESTS)).as(engine)
                    .isEqualTo(calm.monthly().get(CostEstimate.WORKER_REQUESTS));
            assertThat(outage.monthly().get(CostEstimate.WORKER_CPU_MS)).as(engine)
                    .isEqualTo(calm.monthly().get(CostEstimate.WORKER_CPU_MS));
            assertThat(outage.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).as(engine)
                    .isEqualTo(calm.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS));
            assertThat(outage.billUsdPerMonth()).as(engine).isGreaterThanOrEqualTo(calm.billUsdPerMonth());
        }
    }

    @Test
    void bothEnginesBillTheSame() {
        assertThat(bills.get("calm cluster")).isEqualTo(bills.get("calm virtual"));
        assertThat(bills.get("outage cluster")).isEqualTo(bills.get("outage virtual"));
    }
}
