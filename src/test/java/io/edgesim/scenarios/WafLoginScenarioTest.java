package io.edgesim.scenarios;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/waf-login.conf: a Free-plan WAF rule on /login, 20 per 10 s per IP, blocking for 10 s. */
class WafLoginScenarioTest {

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("waf-login"));

    private static long saved(LimiterResult limiter) {
        return limiter.stageStats().get("0:waf").get("worker_invocations_saved");
    }

    @Test
    void bruteForceAttackIsBlockedMostOfTheTime() {
        LimiterResult attacker = limiter(result, "rule-vs-attacker");

        // 10 per second: the counter sees the 21st request 2 s after it was sent, by when 20 more have passed; then
        // 10 s of block. A 14 s cycle lets 40 through; cycles start at 0, 14, 28, 42 and 56 s: 5 x 40 = 200 of 600
        assertThat(attacker.totals().sent()).isEqualTo(600);
        assertThat(attacker.totals().accepted()).isEqualTo(200);
        assertThat(attacker.totals().rejected()).isEqualTo(400);
    }

    @Test
    void attackerGetsTwiceTheLimitThroughInTheFirstPeriod() {
        LimiterResult attacker = limiter(result, "rule-vs-attacker");
        PerWindow perWindow = attacker.perWindow().orElseThrow();

        // the first cycle's 40 all pass in the first 4 s, inside the first 10 s period: 2x the limit there, while
        // over the run (200 against the exact count's 120) it is 1.67x
        assertThat(perWindow.windowSeconds()).isEqualTo(10.0);
        assertThat(perWindow.maxLetThrough()).isEqualTo(40);
        assertThat(perWindow.maxFactor()).isEqualTo(2.0);
        assertThat(attacker.multiplication()).hasValue(1.6667);
    }

    @Test
    void officeGetsMoreThanTheLimitThroughInAPeriodThoughNotOverTheRun() {
        LimiterResult office = limiter(result, "rule-vs-office");
        PerWindow perWindow = office.perWindow().orElseThrow();

        // the rule sees the office's 21st login 2 s late and lets the next ones in, then blocks for 10 s and lets
        // too few through: over the minute it evens out with the exact count (1.00x), period by period it does not
        assertThat(office.multiplication()).hasValue(1.0);
        assertThat(perWindow.meanFactor()).isEqualTo(1.0);
        assertThat(perWindow.maxFactor()).isGreaterThanOrEqualTo(1.2);
        assertThat(perWindow.maxLetThrough()).isGreaterThan(perWindow.limit());
    }

    @Test
    void officeBehindOneNatIsBlockedByTheSameRule() {
        LimiterResult office = limiter(result, "rule-vs-office");

        assertThat(office.totals().rejected()).isGreaterThanOrEqualTo(office.totals().sent() / 4);
    }

    @Test
    void theSamePeopleWithTheirOwnAddressesAreNeverBlocked() {
        LimiterResult remote = limiter(result, "rule-vs-remote-staff");

        assertThat(remote.totals().rejected()).isZero();
        assertThat(remote.totals().accepted()).isEqualTo(remote.totals().sent());
    }

    @Test
    void everyBlockedRequestIsAWorkerInvocationSaved() {
        for (String name : new String[] {"rule-vs-attacker", "rule-vs-office", "rule-vs-remote-staff"}) {
            LimiterResult rule = limiter(result, name);
            assertThat(saved(rule)).as(name).isEqualTo(rule.totals().rejected());
        }
        assertThat(saved(limiter(result, "rule-vs-attacker"))).isEqualTo(400);
    }

    @Test
    void onlyTheRequestsTheRuleLetThroughAreBilledAsWorkerRequests() {
        // 600 sent, 400 blocked before the Worker: 200 invocations in 60 s, 43,200 runs in a 30-day month
        LimiterResult attacker = limiter(result, "rule-vs-attacker");

        assertThat(attacker.cost().monthly().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(200.0 * 43_200);
        assertThat(attacker.cost().monthly().get(CostEstimate.WORKER_CPU_MS)).isEqualTo(200.0 * 43_200);
    }
}
