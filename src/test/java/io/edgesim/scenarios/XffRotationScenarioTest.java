package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/xff-rotation.conf: one attacker rotating X-Forwarded-For, an exact limit keyed on xff or on ip. */
class XffRotationScenarioTest {

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("xff-rotation"));

    @Test
    void rotatingForwardedForMintsAFreshBucketWithEveryRequest() {
        LimiterResult xff = limiter(result, "keyed-on-xff");

        assertThat(xff.totals().accepted()).isEqualTo(xff.totals().sent()).isGreaterThan(1000);
        assertThat(xff.stageStats().get("0:durable-object").get("objects")).isEqualTo(xff.totals().sent());
        // judged against the exact count per CF-Connecting-IP (reference key = ip): all but 10 wrongly accepted
        assertThat(xff.exact().accepted()).isEqualTo(10);
        assertThat(xff.exact().wronglyAccepted()).isEqualTo(xff.totals().sent() - 10);
        assertThat(xff.multiplication()).hasValue(xff.totals().sent() / 10.0);
    }

    @Test
    void connectingIpHoldsTheAttackerToTheLimit() {
        LimiterResult ip = limiter(result, "keyed-on-ip");

        assertThat(ip.totals().accepted()).isEqualTo(10);
        assertThat(ip.stageStats().get("0:durable-object").get("objects")).isEqualTo(1);
    }
}
