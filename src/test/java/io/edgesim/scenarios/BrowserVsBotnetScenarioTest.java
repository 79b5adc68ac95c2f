package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/browser-vs-botnet.conf: per-location counting of a browser session and of a botnet, 30 per minute. */
class BrowserVsBotnetScenarioTest {

    private static final int LIMIT = 30;

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("browser-vs-botnet"));

    private static long popsReached(LimiterResult limiter) {
        return limiter.regions().values().stream().filter(r -> r.counts().sent() > 0).count();
    }

    @Test
    void browserSessionInTwoPopsGetsBetweenOnceAndTwiceTheLimit() {
        LimiterResult browser = limiter(result, "browser-per-location");

        assertThat(popsReached(browser)).isEqualTo(2);
        assertThat(browser.multiplication().orElseThrow()).isBetween(1.0, 2.0);
    }

    @Test
    void botnetGetsTheLimitOnceForEveryPopItReaches() {
        LimiterResult botnet = limiter(result, "botnet-per-location");
        long reached = popsReached(botnet);

        // 64 machines in 16 PoPs reach nearly all of them; each reached PoP grants at least its own 30, a few more
        // where concurrent requests raced the write-behind
        assertThat(reached).isGreaterThanOrEqualTo(12);
        assertThat(botnet.regions().values()).filteredOn(r -> r.counts().sent() > 0)
                .allSatisfy(r -> assertThat(r.counts().accepted()).isGreaterThanOrEqualTo(LIMIT));
        assertThat(botnet.multiplication().orElseThrow()).isBetween((double) reached, reached * 1.1);
    }
}
