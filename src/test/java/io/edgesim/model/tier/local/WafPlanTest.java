package io.edgesim.model.tier.local;

import io.edgesim.model.key.KeyKind;
import org.junit.jupiter.api.Test;

import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WafPlanTest {

    @Test
    void freeAllowsOnlyTenSecondsAndTheIp() {
        assertThat(WafPlan.FREE.validate(10 * SECOND, 10 * SECOND, KeyKind.IP)).isNull();
        assertThat(WafPlan.FREE.validate(10 * SECOND, 60 * SECOND, KeyKind.IP))
                .isEqualTo("mitigation timeout 60s is not available to WAF rules on"
                        + " Cloudflare's free plan; allowed: 10s");
        assertThat(WafPlan.FREE.validate(10 * SECOND, 10 * SECOND, KeyKind.API_KEY))
                .isEqualTo("key 'api-key' is not a counting characteristic of WAF rules on"
                        + " Cloudflare's free plan; allowed: ip");
    }

    @Test
    void proAllowsPeriodsUpToAMinuteAndTimeoutsUpToAnHour() {
        assertThat(WafPlan.PRO.validate(60 * SECOND, 3_600 * SECOND, KeyKind.IP)).isNull();
        assertThat(WafPlan.PRO.periodProblem(120 * SECOND))
                .isEqualTo("period 120s is not available to WAF rules on"
                        + " Cloudflare's pro plan; allowed: 10s, 15s, 20s, 30s, 40s, 45s, 60s");
        assertThat(WafPlan.PRO.timeoutProblem(86_400 * SECOND)).contains("allowed:").endsWith("2400s, 3600s");
    }

    @Test
    void businessAllowsTenMinutesAndADay() {
        assertThat(WafPlan.BUSINESS.validate(600 * SECOND, 86_400 * SECOND, KeyKind.IP)).isNull();
        assertThat(WafPlan.BUSINESS.periodProblem(900 * SECOND)).isNotNull();
    }

    @Test
    void enterpriseAllowsLongPeriodsCustomTimeoutsAndHeaderKeys() {
        assertThat(WafPlan.ENTERPRISE.validate(65_535 * SECOND, 7_777 * SECOND, KeyKind.API_KEY)).isNull();
        assertThat(WafPlan.ENTERPRISE.periodProblem(25 * SECOND)).isNotNull();
        assertThat(WafPlan.ENTERPRISE.timeoutProblem(86_401 * SECOND)).isNotNull();
        assertThat(WafPlan.ENTERPRISE.characteristicProblem(KeyKind.GLOBAL)).isNotNull();
    }

    @Test
    void parsesPlanNamesAndListsThemOnError() {
        assertThat(WafPlan.parse("business")).isEqualTo(WafPlan.BUSINESS);
        assertThatThrownBy(() -> WafPlan.parse("gold"))
                .hasMessage("unknown WAF plan 'gold'; allowed: free, pro, business, enterprise");
    }
}
