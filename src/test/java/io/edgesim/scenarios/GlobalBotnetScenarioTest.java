package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * scenarios/global-botnet.conf: 100,000 addresses over every location share one key; the figures against the bound
 * min(N, r / L) for the counts per location and 1 for the Durable Object.
 */
class GlobalBotnetScenarioTest {

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("global-botnet"));

    private static long popsReached(LimiterResult limiter) {
        return limiter.regions().values().stream().filter(r -> r.counts().sent() > 0).count();
    }

    @Test
    void theBotnetReachesNearlyEveryLocationAndTheBoundIsTheLocationsItReached() {
        LimiterResult cache = limiter(result, "per-location");
        MultiplicationBound bound = cache.keys().bound();

        assertThat(cache.regions()).hasSize(340);
        assertThat(bound.highest().locations()).isEqualTo(popsReached(cache)).isGreaterThan(300);
        // the key offers more than its limit in every location it reaches: the locations are the bound
        assertThat(bound.highest().offeredPerWindow() / 100.0).isGreaterThan(bound.highest().locations());
        assertThat(bound.factor()).isEqualTo(bound.highest().locations());
    }

    @Test
    void perLocationCountingLetsHundredsOfTimesTheLimitThroughButLessThanTheBound() {
        for (String name : new String[] {"per-location", "binding"}) {
            LimiterResult l = limiter(result, name);
            // the light locations do not fill their own limit: below the bound, yet over 200 times the limit
            assertThat(l.multiplication().orElseThrow()).as(name).isGreaterThan(200)
                    .isLessThan(l.keys().bound().factor());
        }
    }

    @Test
    void theDurableObjectIsBoundByOnceTheLimitAndStaysNearIt() {
        LimiterResult object = limiter(result, "durable-object");

        assertThat(object.keys().bound().factor()).isEqualTo(1.0);
        // requests from far locations that reach the object after its minute has turned count in its next one
        assertThat(object.multiplication().orElseThrow()).isBetween(1.0, 1.5);
    }
}
