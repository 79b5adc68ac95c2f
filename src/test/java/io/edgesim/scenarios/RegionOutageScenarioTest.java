package io.edgesim.scenarios;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.CostResult;
import io.edgesim.result.Counts;
import io.edgesim.result.ExactComparison;
import io.edgesim.result.FaultResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * scenarios/region-outage.conf: 20 customers at 1 per second and an abuser at 20 per second for 60 s, 100 per minute
 * per key, counted in Frankfurt, which is down from 20 s to 40 s.
 */
class RegionOutageScenarioTest {

    private final Scenario scenario = ShippedScenarios.load("region-outage");
    private final RunResult result = ShippedScenarios.run(scenario);

    // 20 s of the 40 requests per second: 800
    private static final long DURING_OUTAGE = 800;

    @Test
    void anExactCountLetsEachCustomerAllItSentAndTheAbuserItsLimit() {
        assertThat(limiter(result, "fail-open").exact().accepted()).isEqualTo(20 * 60 + 100);
    }

    @Test
    void failingOpenLetsTheAbuserThroughWhileTheHomeIsDown() {
        LimiterResult open = limiter(result, "fail-open");

        assertThat(open.totals().failed()).isEqualTo(DURING_OUTAGE);
        assertThat(open.totals().failedOpen()).isEqualTo(DURING_OUTAGE);
        // the abuser's 400 requests of the outage, over its limit
        assertThat(open.exact().wronglyAccepted()).isEqualTo(400);
        assertThat(open.totals().letThrough()).isEqualTo(1300 + 400);
        assertThat(open.regions().get("AMS").latencyMs().max()).isEqualTo(1000.0);
    }

    @Test
    void failingClosedRefusesTheCustomersToo() {
        LimiterResult closed = limiter(result, "fail-closed");

        assertThat(closed.totals().failed()).isEqualTo(DURING_OUTAGE);
        assertThat(closed.totals().failedOpen()).isZero();
        assertThat(closed.exact().wronglyRejected()).isEqualTo(400);
        assertThat(closed.keys().wronglyThrottled()).isEqualTo(20);
    }

    @Test
    void aShieldInFrontKeepsFailingOpenToWhatAnExactCountAccepts() {
        LimiterResult shield = limiter(result, "shield-fail-open");

        assertThat(shield.totals().letThrough()).isEqualTo(1300);
        assertThat(shield.exact().wronglyAccepted()).isZero();
        assertThat(shield.totals().failedOpen()).isEqualTo(400);
    }

    @Test
    void frankfurtsClientsFailOverToAmsterdam() {
        FaultResult outage = result.faults().get(0);
        long inFrankfurt = limiter(result, "fail-open").regions().get("FRA").counts().sent();

        assertThat(outage.label()).isEqualTo("region-outage FRA 20s-40s");
        assertThat(outage.limiters()).extracting(FaultResult.Effect::failedOver).containsOnly(204L);
        // Frankfurt took no request while it was down: a quarter of 40 per second for the other 40 s
        assertThat(inFrankfurt).isBetween(390L, 410L);
        Counts amsterdam = limiter(result, "fail-open").regions().get("AMS").counts();
        // its own quarter of the 2,400 requests, and Frankfurt's 204
        assertThat(amsterdam.sent() - 204).isBetween(580L, 620L);
    }

    @Test
    void theOutagesTwentySecondsHaveFiguresOfTheirOwn() {
        // [20 s, 40 s): the customers' 20 x 20 = 400 and the abuser's 20 x 20 = 400 arrive; the exact count accepts
        // the customers' 400 (each under its limit) and none of the abuser's (at its limit since ~5 s)
        PeriodResult outage = result.periods().get(0);
        assertThat(outage.label()).isEqualTo("region-outage FRA 20s-40s");
        assertThat(outage.seconds()).isEqualTo(20.0);
        PeriodResult.LimiterPeriod open = outage.limiters().get(0);
        assertThat(open.totals()).isEqualTo(new Counts(DURING_OUTAGE, 0, 0, DURING_OUTAGE, DURING_OUTAGE));
        assertThat(open.exact()).isEqualTo(new ExactComparison(400, 400, 0));
        assertThat(open.multiplication().getAsDouble()).isEqualTo(2.0);
        // the abuser got its 400 of the outage through in one window: 4x its 100, the one key over its limit
        assertThat(open.keysOverLimit()).isEqualTo(1);
        assertThat(open.worstKey()).isEqualTo(4.0);
        assertThat(open.latency().keySet()).containsExactly("AMS", "LHR", "IAD");
        assertThat(open.latency().get("LHR").p50Ms()).isEqualTo(1000.0);
        PeriodResult.LimiterPeriod closed = outage.limiters().get(1);
        assertThat(closed.totals().letThrough()).isZero();
        assertThat(closed.exact()).isEqualTo(new ExactComparison(400, 0, 400));
        assertThat(closed.keysWronglyThrottled()).isEqualTo(20);
        // outside: 40 s, 1,600 requests; the customers' 800 and the abuser's first 100 go through, as exactly
        PeriodResult outside = result.periods().get(1);
        assertThat(outside.label()).isEqualTo(PeriodResult.OUTSIDE);
        assertThat(outside.seconds()).isEqualTo(40.0);
        for (PeriodResult.LimiterPeriod l : outside.limiters()) {
            assertThat(l.totals().sent()).as(l.limiter()).isEqualTo(1600);
            assertThat(l.totals().letThrough()).as(l.limiter()).isEqualTo(900);
            assertThat(l.exact()).as(l.limiter()).isEqualTo(new ExactComparison(900, 0, 0));
        }
    }

    @Test
    void theOutagesBillAtItsRateCountsEveryRequestThatWaitedOutTheTimeout() {
        // 800 requests in 20 s, priced as if that rate lasted a 30-day month: 800 x 129,600 = 103.68 M Worker
        // requests, each also a call to the object in Frankfurt, though none reached it
        PeriodResult.LimiterPeriod open = result.periods().get(0).limiters().get(0);
        CostResult bill = open.cost();
        assertThat(bill.monthly().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(103_680_000.0);
        assertThat(bill.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isEqualTo(103_680_000.0);
        // (103.68 M - 10 M included) x $0.30; (103.68 M - 30 M) CPU ms x $0.02; (103.68 M - 1 M), rounded up to
        // 103 M as the objects' compute items are, x $0.15
        assertThat(bill.items().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(28.104);
        assertThat(bill.items().get(CostEstimate.WORKER_CPU_MS)).isEqualTo(1.4736);
        assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isEqualTo(15.45);
        // behind the shield only the customers' 400 call the object: 51.84 M a month, (51.84 M - 1 M), rounded up
        // to 51 M, x $0.15
        CostResult shield = result.periods().get(0).limiters().get(2).cost();
        assertThat(shield.monthly().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(103_680_000.0);
        assertThat(shield.items().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isEqualTo(7.65);
        // outside: 1,600 requests in 40 s, the same rate; the outage's rate is no lower for the options that call
        // the object with every request
        PeriodResult outside = result.periods().get(1);
        for (int l = 0; l < 2; l++) {
            CostResult during = result.periods().get(0).limiters().get(l).cost();
            CostResult after = outside.limiters().get(l).cost();
            assertThat(after.monthly().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(103_680_000.0);
            assertThat(during.usdPerMonth()).as(outside.limiters().get(l).limiter())
                    .isGreaterThanOrEqualTo(after.usdPerMonth());
        }
        // the outage's 800 unanswered calls are billed a row written each in its own window: 103.68 M a month,
        // (103.68 M - 50 M included) x $1.00; outside, the rows the object wrote, one per request it accepted:
        // 900 in 40 s, 900 x 64,800 a month
        assertThat(bill.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isEqualTo(103_680_000.0);
        assertThat(bill.items().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isEqualTo(53.68);
        assertThat(outside.limiters().get(0).cost().monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN))
                .isEqualTo(58_320_000.0);
        // the periods' usage at their rates, weighted by their lengths, is the run's, item by item (their bills need
        // not add up so: an item is charged beyond an included amount, and the objects' compute items by whole
        // millions begun); within a hundredth of a percent, the unanswered calls taking a mean service time in whole
        // nanoseconds
        for (int l = 0; l < 3; l++) {
            CostResult run = result.limiters().get(l).cost();
            for (String item : CostEstimate.ITEMS) {
                double weighted = (result.periods().get(0).limiters().get(l).cost().monthly().get(item) * 20
                        + outside.limiters().get(l).cost().monthly().get(item) * 40) / 60;
                assertThat(weighted).as(outside.limiters().get(l).limiter() + " " + item)
                        .isCloseTo(run.monthly().get(item), org.assertj.core.data.Percentage.withPercentage(0.01));
            }
        }
    }

    @Test
    void theOutageMakesNoOptionCheaperThanTheSameRunWithoutIt() {
        Scenario s = scenario;
        RunResult calm = ShippedScenarios.run(new Scenario(s.source(), s.name(), s.description(), s.durationNanos(),
                s.seed(), s.pops(), s.clients(), s.limiters(), s.regions(), s.regionsFile(), s.assumptions(),
                s.prices(), List.of(), s.settings().entrySet().stream().filter(e -> !e.getKey().startsWith("faults."))
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))));

        for (String name : List.of("fail-open", "fail-closed", "shield-fail-open")) {
            CostResult outage = limiter(result, name).cost();
            CostResult without = limiter(calm, name).cost();
            // every request that waited out the timeout is still a Worker request and an object call
            assertThat(outage.monthly().get(CostEstimate.WORKER_REQUESTS)).as(name)
                    .isEqualTo(without.monthly().get(CostEstimate.WORKER_REQUESTS));
            assertThat(outage.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).as(name)
                    .isEqualTo(without.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS));
            assertThat(outage.billUsdPerMonth()).as(name).isGreaterThanOrEqualTo(without.billUsdPerMonth());
        }
        // the 800 requests of the outage never reached Frankfurt; behind the shield, the customers' 400
        assertThat(limiter(result, "fail-open").cost().unansweredObjectCalls()).isEqualTo(DURING_OUTAGE);
        assertThat(limiter(result, "shield-fail-open").cost().unansweredObjectCalls()).isEqualTo(400);
    }
}
