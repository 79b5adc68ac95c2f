package io.edgesim.scenario;

import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The scenario's latency { tails } switch and a remote tier's service-time distribution. */
class LatencyKeysTest {

    private static final String OBJECT = "limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
            + "service-time = SERVICE } ]\n";

    @Test
    void tailsAreOffUnlessTheScenarioTurnsThemOn(@TempDir Path dir) {
        assertThat(ScenarioFixture.loadOverBase(dir, "").regions().tailsOn()).isFalse();
        Scenario on = ScenarioFixture.loadOverBase(dir, "latency { tails = on }\n");

        assertThat(on.regions().tailsOn()).isTrue();
        assertThat(on.assumptions()).containsKey("regions.tails")
                .containsEntry("regions.tails.p99-over-p50", "1.2 for pairs without a p99 of their own and inside a "
                        + "PoP (assumption: no public source gives these pairs' p99; regions.conf)");
        assertThat(on.assumptions().get("regions.tail.FRA-SYD")).startsWith("p50 250.500 ms, p99 300.600 ms, floor ")
                .endsWith("(default ratio)");
        assertThat(ScenarioFixture.loadOverBase(dir, "").assumptions()).doesNotContainKey("regions.tails");
    }

    @Test
    void tailsTakeOnOrOff(@TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, "latency { tails = yes }\n")).isEqualTo(dir.resolve("s.conf")
                + ": latency.tails: 'yes' is not on or off; allowed: on (draw each remote call's round trip from its "
                + "pair's distribution in the regions file) or off (every call takes the pair's p50)");
        assertThat(ScenarioFixture.errorOverBase(dir, "latency { tail = on }\n")).isEqualTo(dir.resolve("s.conf")
                + ": latency.tail: unknown setting; allowed: tails; did you mean `tails`?");
    }

    @Test
    void serviceTimeIsADurationOrAMedianAndP99(@TempDir Path dir) {
        Scenario plain = ScenarioFixture.load(dir, ScenarioFixture.over(ScenarioFixture.BASE,
                OBJECT.replace("SERVICE", "2ms")));
        Scenario tail = ScenarioFixture.load(dir, ScenarioFixture.over(ScenarioFixture.BASE,
                OBJECT.replace("SERVICE", "{ median = 1ms, p99 = 15ms }")));

        TierSettings.DurableObject fixed = (TierSettings.DurableObject) plain.limiters().get(0).stages().get(0).tier();
        assertThat(fixed.serviceTimeNanos()).isEqualTo(2_000_000L);
        assertThat(fixed.serviceTimeP99Nanos()).isEqualTo(2_000_000L);
        TierSettings.DurableObject drawn = (TierSettings.DurableObject) tail.limiters().get(0).stages().get(0).tier();
        assertThat(drawn.serviceTimeNanos()).isEqualTo(1_000_000L);
        assertThat(drawn.serviceTimeP99Nanos()).isEqualTo(15_000_000L);
        assertThat(drawn.serviceTime().quantile(0.99)).isEqualTo(15_000_000L);
    }

    @Test
    void aServiceTimeP99BelowItsMedianOrAnUnknownKeyIsRefused(@TempDir Path dir) {
        String allowed = "; allowed: { median = 1ms, p99 = 15ms } with 0 < median <= p99 <= 60s, or one duration";
        assertThat(ScenarioFixture.errorOverBase(dir, OBJECT.replace("SERVICE", "{ median = 5ms, p99 = 2ms }")))
                .isEqualTo(dir.resolve("s.conf") + ": limiters[0].service-time.p99: 2ms is below the median (5ms)"
                        + allowed);
        assertThat(ScenarioFixture.errorOverBase(dir, OBJECT.replace("SERVICE", "{ median = 5ms, p95 = 9ms }")))
                .isEqualTo(dir.resolve("s.conf") + ": limiters[0].service-time.p95: unknown setting; allowed: "
                        + "median, p99");
        assertThat(ScenarioFixture.errorOverBase(dir, OBJECT.replace("SERVICE", "{ median = 5ms }")))
                .isEqualTo(dir.resolve("s.conf") + ": limiters[0].service-time: median and p99 are both needed"
                        + allowed);
        assertThat(ScenarioFixture.errorOverBase(dir, OBJECT.replace("SERVICE", "{ median = -1ms, p99 = 2ms }")))
                .isEqualTo(dir.resolve("s.conf") + ": limiters[0].service-time.median: -1ms is negative" + allowed);
    }
}
