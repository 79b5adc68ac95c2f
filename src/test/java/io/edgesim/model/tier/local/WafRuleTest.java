package io.edgesim.model.tier.local;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TestRequests;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WafRuleTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private static AlgorithmSpec perTenSeconds(long limit) {
        return AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, limit, 10 * SECOND);
    }

    @Test
    void blockStartsWhenTheDelayedCounterSeesTheExcessAndLastsTheTimeout() {
        // limit 5 per 10 s, requests every 100 ms, counters 2 s late: the 6th request (0.5 s) is seen at 2.5 s,
        // so everything before 2.5 s passes and the block lasts until 12.5 s; in the next window the requests
        // from 12.5 s are seen from 14.5 s and the 6th of them (13.0 s) blocks again at 15.0 s
        WafRule rule = new WafRule(new TierSettings.Waf("free", 2 * SECOND, 10 * SECOND), perTenSeconds(5), keys);

        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < 160; i++) {
            long t = i * 100 * MS;
            outcomes.add(decide(rule, at(t, "FRA"), "k", t).outcome());
        }

        assertThat(outcomes.subList(0, 25)).containsOnly(Outcome.ACCEPTED);
        assertThat(outcomes.subList(25, 125)).containsOnly(Outcome.REJECTED);
        assertThat(outcomes.subList(125, 150)).containsOnly(Outcome.ACCEPTED);
        assertThat(outcomes.subList(150, 160)).containsOnly(Outcome.REJECTED);
        assertThat(rule.workerInvocationsSaved()).isEqualTo(110);
    }

    @Test
    void blockedRequestCarriesTheTimeUntilTheBlockEnds() {
        WafRule rule = new WafRule(new TierSettings.Waf("free", 2 * SECOND, 10 * SECOND), perTenSeconds(1), keys);
        decide(rule, at(0, "FRA"), "k", 0);
        decide(rule, at(MS, "FRA"), "k", MS);

        // the second request is seen at 2.001 s: blocked until 12.001 s
        StageResult result = decide(rule, at(3 * SECOND, "FRA"), "k", 3 * SECOND);

        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.decision().retryAfterNanos()).isEqualTo(9 * SECOND + MS);
        assertThat(result.addedLatencyNanos()).isZero();
    }

    @Test
    void withoutDelayTheRequestOverTheRateIsItselfBlocked() {
        WafRule rule = new WafRule(new TierSettings.Waf("pro", 0, 60 * SECOND), perTenSeconds(2), keys);

        assertThat(decide(rule, at(0, "FRA"), "k", 0).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(decide(rule, at(SECOND, "FRA"), "k", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(decide(rule, at(2 * SECOND, "FRA"), "k", 2 * SECOND).outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(decide(rule, at(62 * SECOND - 1, "FRA"), "k", 62 * SECOND - 1).outcome())
                .isEqualTo(Outcome.REJECTED);
        assertThat(decide(rule, at(62 * SECOND, "FRA"), "k", 62 * SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void anExcessSeenAtTheEndOfABlockStartsANewOne() {
        // 1 per 60 s, no delay, blocks of 10 s: the request at 1 s blocks until 11 s; at 11 s the block is over, and
        // the counter, whose window is still full, sees an excess again and blocks until 21 s
        WafRule rule = new WafRule(new TierSettings.Waf("pro", 0, 10 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 1, 60 * SECOND), keys);
        decide(rule, at(0, "FRA"), "k", 0);
        decide(rule, at(SECOND, "FRA"), "k", SECOND);

        StageResult result = decide(rule, at(11 * SECOND, "FRA"), "k", 11 * SECOND);

        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.decision().retryAfterNanos()).isEqualTo(10 * SECOND);
        assertThat(rule.workerInvocationsSaved()).isEqualTo(2);
    }

    @Test
    void blockingOneKeyLeavesOthersAlone() {
        WafRule rule = new WafRule(new TierSettings.Waf("free", 0, 10 * SECOND), perTenSeconds(1), keys);
        decide(rule, at(0, "FRA"), "a", 0);
        decide(rule, at(MS, "FRA"), "a", MS);

        assertThat(decide(rule, at(2 * MS, "FRA"), "a", 2 * MS).outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(decide(rule, at(3 * MS, "FRA"), "b", 3 * MS).outcome()).isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void refusesAPeriodThePlanDoesNotOffer() {
        assertThatThrownBy(() -> new WafRule(new TierSettings.Waf("free", 2 * SECOND, 10 * SECOND),
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 60 * SECOND), keys))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period 60s is not available to WAF rules on Cloudflare's free plan; allowed: 10s");
    }
}
