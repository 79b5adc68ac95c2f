package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RetryAfterStats;
import io.edgesim.result.RunResult;
import io.edgesim.result.StageRefusals;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/edge-shield.conf: an edge shield at 600 per minute in front of an exact origin limit of 100. */
class EdgeShieldScenarioTest {

    private static final long EDGE_LIMIT = 600;
    private static final long ORIGIN_LIMIT = 100;
    private static final int POPS_SENDING = 2;

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("edge-shield"));

    @Test
    void originAcceptsExactlyWhatTheExactCountAccepts() {
        for (String name : new String[] {"cache-shield", "object-shield"}) {
            LimiterResult chain = limiter(result, name);
            assertThat(chain.totals().accepted()).as(name).isEqualTo(ORIGIN_LIMIT);
            assertThat(chain.exact().accepted()).as(name).isEqualTo(ORIGIN_LIMIT);
            assertThat(chain.exact().wronglyAccepted()).as(name).isZero();
            assertThat(chain.exact().wronglyRejected()).as(name).isZero();
        }
    }

    @Test
    void perPopCacheShieldPassesItsLimitInEachPopAndTheOriginRefusesMost() {
        LimiterResult chain = limiter(result, "cache-shield");
        long passedEdge = POPS_SENDING * EDGE_LIMIT;

        assertThat(chain.rejectedBy().get("0:cache").refused()).isEqualTo(chain.totals().sent() - passedEdge);
        assertThat(chain.rejectedBy().get("1:origin").refused()).isEqualTo(passedEdge - ORIGIN_LIMIT);
    }

    @Test
    void durableObjectShieldPassesItsLimitOnceAndSparesTheOrigin() {
        LimiterResult chain = limiter(result, "object-shield");

        assertThat(chain.rejectedBy().get("0:durable-object").refused())
                .isEqualTo(chain.totals().sent() - EDGE_LIMIT);
        assertThat(chain.rejectedBy().get("1:origin").refused()).isEqualTo(EDGE_LIMIT - ORIGIN_LIMIT);
    }

    @Test
    void everyRefusalByEitherTierIsOneTheExactLimitMakesToo() {
        for (String name : new String[] {"cache-shield", "object-shield"}) {
            for (StageRefusals stage : limiter(result, name).rejectedBy().values()) {
                assertThat(stage.exactAlsoRefused()).as(name).isEqualTo(stage.refused()).isPositive();
            }
        }
    }

    @Test
    void clientsAreToldToRetryWhenTheMinuteTurns() {
        for (String name : new String[] {"cache-shield", "object-shield"}) {
            RetryAfterStats retryAfter = limiter(result, name).retryAfter();
            // the first refusal comes ~3.4 s in (the 101st request at 30 per second), the last just before 59 s;
            // each is told the seconds left in the minute
            assertThat(retryAfter.max()).as(name).isBetween(55L, 57L);
            assertThat(retryAfter.p50()).as(name).isBetween(20L, 40L);
            assertThat(retryAfter.p90()).as(name).isBetween(retryAfter.p50(), retryAfter.max());
        }
    }
}
