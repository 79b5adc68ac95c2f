package io.edgesim.scenarios;

import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.HotKey;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static io.edgesim.scenarios.ShippedScenarios.NANOS_PER_MS;
import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * scenarios/hot-key-durable-object.conf: a key at 1,500 requests per second on one object, and one at 800; the hot key
 * over two objects.
 */
class HotKeyDurableObjectScenarioTest {

    private static final int SECONDS = 6;

    private final Scenario scenario = ShippedScenarios.load("hot-key-durable-object");
    private final RecordedDecisions decisions = new RecordedDecisions();
    private final RunResult result = ShippedScenarios.run(scenario, decisions);
    private final TierSettings.DurableObject object =
            ShippedScenarios.tier(scenario, "hot-object", 0, TierSettings.DurableObject.class);

    /** Mean added latency, ms, of the requests of {@code limiter} accepted in each second of the run. */
    private double[] meanLatencyPerSecondMs(String limiter) {
        double[] sum = new double[SECONDS];
        long[] count = new long[SECONDS];
        for (RecordedDecisions.Decision d : decisions.of(limiter)) {
            if (d.accepted()) {
                int second = (int) (d.timeNanos() / 1_000_000_000L);
                sum[second] += d.latencyNanos() / NANOS_PER_MS;
                count[second]++;
            }
        }
        double[] mean = new double[SECONDS];
        for (int s = 0; s < SECONDS; s++) {
            mean[s] = sum[s] / count[s];
        }
        return mean;
    }

    @Test
    void hotKeyBeyondTheObjectsCapacityGetsOverloadedErrors() {
        LimiterResult hot = limiter(result, "hot-object");
        long servedPerSecond = 1_000_000_000L / object.serviceTimeNanos();
        // what the object serves in the run plus what fits in its queue; the rest is refused as overloaded
        long expectedFailed = hot.totals().sent() - servedPerSecond * SECONDS - object.queueBound();

        assertThat(hot.totals().failed()).isCloseTo(expectedFailed, within(expectedFailed / 100));
        assertThat(hot.totals().failed()).isGreaterThan(hot.totals().sent() / 5);
        assertThat(hot.totals().failedOpen()).isZero();
        assertThat(hot.totals().rejected()).isZero();
    }

    @Test
    void hotKeyLatencyGrowsWhileTheQueueFillsThenStaysAtTheQueueBound() {
        double[] mean = meanLatencyPerSecondMs("hot-object");
        double fullQueueMs = object.queueBound() * object.serviceTimeNanos() / NANOS_PER_MS;

        // 500 more arrive than leave each second: the wait grows by 500 ms a second until the queue is full
        assertThat(mean[0]).isCloseTo(fullQueueMs / 4, within(25.0));
        assertThat(mean[1]).isCloseTo(fullQueueMs * 3 / 4, within(25.0));
        for (int s = 2; s < SECONDS; s++) {
            assertThat(mean[s]).as("second " + s).isCloseTo(fullQueueMs, within(10.0));
        }
    }

    @Test
    void hotKeyIsNamedWithItsRateAndFailedRequests() {
        LimiterResult hot = limiter(result, "hot-object");

        assertThat(hot.hotKeys().count()).isEqualTo(1);
        HotKey key = hot.hotKeys().hottest().get(0);
        assertThat(key.object()).isEqualTo("hot-key");
        assertThat(key.busiestSecond()).isEqualTo(1500);
        assertThat(key.capacityPerSecond()).isEqualTo(1_000_000_000L / object.serviceTimeNanos());
        assertThat(key.overloaded()).isEqualTo(hot.totals().failed());
        assertThat(limiter(result, "warm-object").hotKeys().count()).isZero();
    }

    @Test
    void hotKeyOverTwoObjectsIsServedWithoutFailures() {
        LimiterResult sharded = limiter(result, "hot-sharded");

        assertThat(sharded.totals().accepted()).isEqualTo(sharded.totals().sent());
        assertThat(sharded.hotKeys().count()).isZero();
        assertThat(sharded.stageStats().get("0:durable-object")).containsEntry("objects", 2L);
        assertThat(sharded.regions().get("FRA").latencyMs().p99()).isLessThan(10.0);
    }

    @Test
    void keyUnderTheObjectsCapacityKeepsAFlatLatency() {
        LimiterResult warm = limiter(result, "warm-object");
        double flatMs = (scenario.regions().intraPopRttNanos() + object.serviceTimeNanos()) / NANOS_PER_MS;

        assertThat(warm.totals().failed()).isZero();
        assertThat(warm.regions().get("FRA").latencyMs().max()).isCloseTo(flatMs, within(0.01));
        for (double mean : meanLatencyPerSecondMs("warm-object")) {
            assertThat(mean).isCloseTo(flatMs, within(0.01));
        }
    }
}
