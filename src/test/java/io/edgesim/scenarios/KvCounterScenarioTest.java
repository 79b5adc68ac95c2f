package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/kv-counter.conf: the Workers KV counter's propagation lag, write rate limit and failing open. */
class KvCounterScenarioTest {

    private static final long LAG_LIMIT = 10;
    private static final long BUSY_LIMIT = 100;
    // the busy key sends for 59 s, and KV takes one write per second per key
    private static final long BUSY_SECONDS = 59;

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("kv-counter"));

    @Test
    void staleCopiesLetEachPopCountAlmostOnItsOwn() {
        LimiterResult lag = limiter(result, "propagation-lag");

        // each PoP decides on its own cached copy for cacheTtl, so each grants up to the limit
        assertThat(lag.regions()).allSatisfy((pop, region) ->
                assertThat(region.counts().accepted()).as(pop).isLessThanOrEqualTo(LAG_LIMIT));
        assertThat(lag.totals().accepted()).isBetween(LAG_LIMIT * 3 / 2, 2 * LAG_LIMIT);
        // one request every 2 s: never more than one write per second
        assertThat(lag.totals().failed()).isZero();
    }

    @Test
    void writesBeyondOnePerSecondPerKeyFail() {
        LimiterResult failOpen = limiter(result, "fail-open");

        // 5 requests a second, one write a second: about four in five fail
        assertThat(failOpen.totals().accepted()).isBetween(BUSY_SECONDS - 5, BUSY_SECONDS + 1);
        assertThat(failOpen.totals().failed()).isGreaterThanOrEqualTo(failOpen.totals().sent() * 3 / 4);
    }

    @Test
    void failingOpenLetsEveryFailedRequestThroughAndNothingIsRefused() {
        LimiterResult failOpen = limiter(result, "fail-open");

        assertThat(failOpen.totals().failedOpen()).isEqualTo(failOpen.totals().failed()).isPositive();
        assertThat(failOpen.totals().rejected()).isZero();
        assertThat(failOpen.totals().letThrough()).isEqualTo(failOpen.totals().sent());
        assertThat(failOpen.exact().accepted()).isEqualTo(BUSY_LIMIT);
        assertThat(failOpen.multiplication().orElseThrow()).isGreaterThan(2.5);
    }

    @Test
    void failingClosedRefusesLegitimateRequestsInstead() {
        LimiterResult failClosed = limiter(result, "fail-closed");

        assertThat(failClosed.totals().failed()).isPositive();
        assertThat(failClosed.totals().failedOpen()).isZero();
        assertThat(failClosed.totals().letThrough()).isLessThan(BUSY_LIMIT);
        assertThat(failClosed.exact().wronglyRejected()).isPositive();
    }
}
