package io.edgesim.scenarios;

import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * scenarios/customers.conf: 10,000 API keys with Zipf rates on two plans, counted per location, in the binding and
 * in a Durable Object per key.
 */
class CustomersScenarioTest {

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("customers"));

    @Test
    void nearlyEveryKeySendsAndMostStayFarBelowTheirLimit() {
        for (LimiterResult limiter : result.limiters()) {
            KeyResults keys = limiter.keys();
            // the Zipf tail sends a request every few minutes: a few keys send none in 5 minutes
            assertThat(keys.seen()).as(limiter.name()).isBetween(9_500L, 10_000L);
            assertThat(keys.letThroughRatio().p50()).as(limiter.name()).isLessThan(0.2);
        }
    }

    @Test
    void countingPerLocationOrInTheBindingLetsTheHeaviestKeysPastTheirContractButThrottlesNobodyWrongly() {
        for (String name : new String[] {"per-location", "binding"}) {
            KeyResults keys = limiter(result, name).keys();
            assertThat(keys.overLimit()).as(name).isGreaterThan(100);
            // a count of one PoP's requests never exceeds the global count: what it refuses, the exact count refuses
            assertThat(keys.wronglyThrottled()).as(name).isZero();
            // a pro key keeps to 4 PoPs and gets more than twice its 600 through in some minute
            assertThat(keys.top().get(0).plan()).as(name).isEqualTo("pro");
            assertThat(keys.top().get(0).maxRatio()).as(name).isGreaterThan(2.0);
        }
    }

    @Test
    void aDurableObjectPerKeyHoldsNearlyEveryKeyToItsContract() {
        KeyResults keys = limiter(result, "durable-object").keys();
        KeyResults perLocation = limiter(result, "per-location").keys();

        assertThat(keys.overLimit()).isLessThan(perLocation.overLimit() / 2);
        // a request from the key's far PoP reaches the object after the minute turned, so a few keys get a little
        // more than their limit in the exact count's minute, and a few have a request refused the count accepted
        assertThat(keys.letThroughRatio().p99()).isLessThanOrEqualTo(1.0);
        assertThat(keys.letThroughRatio().max()).isLessThan(1.2);
        assertThat(keys.wronglyThrottled()).isPositive().isLessThan(keys.seen() / 50);
    }

    @Test
    void eachPlanIsJudgedAgainstItsOwnLimit() {
        for (LimiterResult limiter : result.limiters()) {
            assertThat(limiter.keys().plans()).extracting(KeyResults.PlanKeys::plan, KeyResults.PlanKeys::limit)
                    .containsExactly(tuple("free", 60L),
                            tuple("pro", 600L));
            long seen = limiter.keys().plans().stream().mapToLong(KeyResults.PlanKeys::seen).sum();
            assertThat(seen).isEqualTo(limiter.keys().seen());
            assertThat(limiter.keys().plans().get(1).seen()).isEqualTo(1_000);
        }
    }
}
