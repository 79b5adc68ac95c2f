package io.edgesim.scenarios;

import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/isolate-eviction.conf: 100 per minute counted in isolate memory, isolates living 10 s, 30 s, 10 min. */
class IsolateEvictionScenarioTest {

    private static final List<String> SHORTEST_LIVED_FIRST = List.of("short-lived", "default-lived", "long-lived");
    private static final long LIMIT = 100;
    private static final long WINDOWS = 3;

    private final Scenario scenario = ShippedScenarios.load("isolate-eviction");
    private final RunResult result = ShippedScenarios.run(scenario);

    private long isolates(String name) {
        return ShippedScenarios.tier(scenario, name, 0, TierSettings.Isolate.class).isolatesPerPop();
    }

    private static long evictions(LimiterResult limiter) {
        return limiter.stageStats().get("0:isolate").get("isolate_evictions");
    }

    @Test
    void everyIsolateCountsItsOwnLimitSoThePopLetsSeveralTimesItThrough() {
        for (String name : SHORTEST_LIVED_FIRST) {
            LimiterResult limiter = limiter(result, name);
            // 600 requests a minute over 4 isolates: each sees ~150 and grants its own 100
            assertThat(limiter.totals().accepted()).as(name).isGreaterThanOrEqualTo(isolates(name) * LIMIT * WINDOWS);
            assertThat(limiter.multiplication().orElseThrow()).as(name).isGreaterThanOrEqualTo(isolates(name));
        }
    }

    @Test
    void evictionsOnlyAddFreshCounters() {
        for (String name : SHORTEST_LIVED_FIRST) {
            LimiterResult limiter = limiter(result, name);
            // every isolate (original or replacement) grants at most the limit in each window it lives in
            long instanceWindows = isolates(name) * WINDOWS + evictions(limiter);
            assertThat(limiter.totals().accepted()).as(name).isLessThanOrEqualTo(instanceWindows * LIMIT);
        }
    }

    @Test
    void shorterLifetimesEvictMoreAndLetMoreThrough() {
        LimiterResult shortLived = limiter(result, "short-lived");
        LimiterResult defaultLived = limiter(result, "default-lived");
        LimiterResult longLived = limiter(result, "long-lived");

        assertThat(evictions(shortLived)).isGreaterThan(evictions(defaultLived));
        assertThat(evictions(defaultLived)).isGreaterThan(evictions(longLived)).isPositive();
        assertThat(shortLived.totals().accepted()).isGreaterThan(defaultLived.totals().accepted());
        assertThat(defaultLived.totals().accepted()).isGreaterThan(longLived.totals().accepted());
        assertThat(shortLived.exact().accepted()).isEqualTo(LIMIT * WINDOWS);
    }
}
