package io.edgesim.scenarios;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * scenarios/api-plans.conf: 50,000 API keys on three plans (the contract), the Rate Limiting binding, a Durable
 * Object per key homed in IAD, and a cache shield at twice the plan in front of that object; IAD is down from 60 s
 * to 120 s.
 */
class ApiPlansScenarioTest {

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("api-plans"));

    @Test
    void everyLimiterIsJudgedAgainstTheSameContractOverTheSameCustomers() {
        long exact = limiter(result, "binding").exact().accepted();
        for (LimiterResult limiter : result.limiters()) {
            KeyResults keys = limiter.keys();
            assertThat(limiter.exact().accepted()).as(limiter.name()).isEqualTo(exact);
            assertThat(keys.declared()).as(limiter.name()).isEqualTo(50_000);
            assertThat(keys.plans()).extracting(KeyResults.PlanKeys::plan)
                    .containsExactlyInAnyOrder("free", "pro", "enterprise");
            assertThat(keys.plans()).extracting(KeyResults.PlanKeys::declared)
                    .containsExactlyInAnyOrder(45_000L, 4_500L, 500L);
            assertThat(keys.plans()).extracting(KeyResults.PlanKeys::limit)
                    .containsExactlyInAnyOrder(100L, 1_000L, 10_000L);
        }
    }

    @Test
    void theBindingLetsKeysPastTheirContractButThrottlesNobodyWrongly() {
        LimiterResult binding = limiter(result, "binding");
        assertThat(binding.multiplication().getAsDouble()).isGreaterThan(1.05);
        assertThat(binding.keys().overLimit()).isPositive();
        assertThat(binding.keys().wronglyThrottled()).isZero();
        assertThat(binding.totals().failed()).isZero();
    }

    @Test
    void outsideTheOutageTheObjectIsExactAndDuringItEveryCallToWashingtonFailsClosed() {
        PeriodResult outage = result.periods().get(0);
        PeriodResult outside = result.periods().get(1);
        assertThat(outage.label()).isEqualTo("region-outage IAD 60s-120s");
        for (String name : List.of("durable-object", "shield-then-object")) {
            PeriodResult.LimiterPeriod during = outage.limiters().stream().filter(l -> l.limiter().equals(name))
                    .findFirst().orElseThrow();
            PeriodResult.LimiterPeriod after = outside.limiters().stream().filter(l -> l.limiter().equals(name))
                    .findFirst().orElseThrow();
            // fail-open = false: what the exact count accepted during the outage is refused
            assertThat(during.totals().letThrough()).as(name).isLessThan(during.exact().accepted() / 100);
            assertThat(during.keysWronglyThrottled()).as(name).isGreaterThan(during.keysSeen() / 2);
            assertThat(after.multiplication().getAsDouble()).as(name).isBetween(0.99, 1.01);
        }
        // the binding counts in every PoP and never calls Washington: the outage changes nothing for it
        PeriodResult.LimiterPeriod binding = outage.limiters().get(0);
        assertThat(binding.totals().failed()).isZero();
        assertThat(binding.multiplication().getAsDouble()).isGreaterThan(1.05);
    }

    @Test
    void theShieldCostsLessThanTheObjectAloneAndTheBindingLeastWithEveryInvocationBilled() {
        double binding = limiter(result, "binding").cost().usdPerMonth();
        double object = limiter(result, "durable-object").cost().usdPerMonth();
        double shield = limiter(result, "shield-then-object").cost().usdPerMonth();
        assertThat(binding).isLessThan(shield);
        assertThat(shield).isLessThan(object);
        // every request is a Worker invocation for each option (no WAF in front), the outage's included
        double invocations = limiter(result, "binding").cost().monthly().get(CostEstimate.WORKER_REQUESTS);
        for (LimiterResult limiter : result.limiters()) {
            assertThat(limiter.cost().monthly().get(CostEstimate.WORKER_REQUESTS)).as(limiter.name())
                    .isEqualTo(invocations);
        }
    }
}
