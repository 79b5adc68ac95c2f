package io.edgesim.scenarios;

import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/cache-write-behind.conf: 200 requests 1 ms apart in one PoP against 10 per minute. */
class CacheWriteBehindScenarioTest {

    private static final long LIMIT = 10;

    private final Scenario scenario = ShippedScenarios.load("cache-write-behind");
    private final RunResult result = ShippedScenarios.run(scenario);

    private long gapNanos() {
        ClientSpec.Population burst = (ClientSpec.Population) scenario.clients().get(0);
        return burst.burst().spreadNanos() / burst.burst().size();
    }

    private long writeDelayNanos(String name) {
        return ShippedScenarios.tier(scenario, name, 0, TierSettings.Cache.class).writeDelayNanos();
    }

    @Test
    void burstReadsCountsWhoseWritesHaveNotLandedAndUndercounts() {
        // the count read at t is floor(t / write delay) in units of the gap: the limit is seen only after
        // limit x (write delay / gap) requests have passed
        for (String name : new String[] {"write-5ms", "write-2ms"}) {
            long expected = LIMIT * writeDelayNanos(name) / gapNanos();
            assertThat(limiter(result, name).totals().accepted()).as(name).isEqualTo(expected);
        }
        assertThat(limiter(result, "write-5ms").totals().accepted()).isEqualTo(50);
        assertThat(limiter(result, "write-5ms").multiplication()).hasValue(5.0);
    }

    @Test
    void durableObjectInTheSamePopCountsExactly() {
        assertThat(limiter(result, "durable-object").totals().accepted()).isEqualTo(LIMIT);
        assertThat(limiter(result, "durable-object").exact().wronglyAccepted()).isZero();
    }
}
