package io.edgesim.scenarios;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.CostResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** scenarios/cost.conf: 10 million Durable Object checks a month, one hour of them scaled to 30 days. */
class CostScenarioTest {

    private static final double TEN_MILLION = 10_000_000;

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("cost"));
    private final CostResult cost = limiter(result, "checks").cost();

    @Test
    void runIsTenMillionChecksAMonth() {
        assertThat(cost.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(TEN_MILLION,
                within(TEN_MILLION / 1000));
        assertThat(limiter(result, "checks").totals().rejected()).isZero();
    }

    @Test
    void requestsBeyondTheIncludedMillionCostAboutADollarThirtyFive() {
        double monthlyRequests = cost.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS);

        // (requests - 1 M included) x $0.15 per million
        assertThat(cost.items().get(CostEstimate.DURABLE_OBJECT_REQUESTS))
                .isCloseTo((monthlyRequests - 1e6) / 1e6 * 0.15, within(0.0001))
                .isCloseTo(1.35, within(0.005));
        assertThat(cost.usdPerMonth()).isCloseTo(1.35, within(0.005));
    }

    @Test
    void rowsWrittenStayInsideTheIncludedFiftyMillion() {
        assertThat(cost.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN))
                .isCloseTo(TEN_MILLION, within(TEN_MILLION / 1000)).isLessThan(50e6);
        assertThat(cost.items().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isZero();
        assertThat(cost.items().get(CostEstimate.DURABLE_OBJECT_ROWS_READ)).isZero();
        assertThat(cost.items().get(CostEstimate.DURABLE_OBJECT_DURATION)).isZero();
    }

    @Test
    void theWorkerInvocationsStayInsideTheIncludedAmountsAndThePlanMinimumIsShownApart() {
        // each check is one Worker request (10 M, the included amount) of 1 ms of CPU (10 M ms of the 30 M included)
        assertThat(cost.monthly().get(CostEstimate.WORKER_REQUESTS)).isCloseTo(TEN_MILLION, within(TEN_MILLION / 1000))
                .isLessThanOrEqualTo(10e6);
        assertThat(cost.items().get(CostEstimate.WORKER_REQUESTS)).isZero();
        assertThat(cost.items().get(CostEstimate.WORKER_CPU_MS)).isZero();
        assertThat(cost.planMinimumUsd()).isEqualTo(5.00);
        assertThat(cost.billUsdPerMonth()).isCloseTo(6.35, within(0.005));
    }
}
