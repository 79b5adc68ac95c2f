package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Invocations;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.remote.Placement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a chain makes the Workers do that Cloudflare bills, from the requests that ended at each stage. */
class ChainBillingTest {

    private static final AlgorithmSpec LIMIT = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60 * SECOND);
    private static final StageSpec WAF = new StageSpec(new TierSettings.Waf("pro", 0, 60 * SECOND), LIMIT,
            KeyKind.IP);
    private static final StageSpec CACHE = new StageSpec(new TierSettings.Cache(MS / 2, 5 * MS), LIMIT,
            KeyKind.API_KEY);
    private static final StageSpec KV = new StageSpec(new TierSettings.Kv(60 * SECOND, 120 * SECOND, MS, 5 * MS,
            20 * MS, SECOND, false), LIMIT, KeyKind.API_KEY);
    private static final StageSpec BINDING = new StageSpec(new TierSettings.Binding(1, 100 * MS, "ns"), LIMIT,
            KeyKind.API_KEY);
    private static final StageSpec OBJECT = new StageSpec(new TierSettings.DurableObject(MS, 1000, true,
            new Placement(Placement.Policy.FIXED, "FRA", null)), LIMIT, KeyKind.API_KEY);

    private static LimiterSpec chain(StageSpec... stages) {
        return new LimiterSpec("l", List.of(stages), Set.of(), null);
    }

    @Test
    void everyRequestOfAnObjectLimiterIsOneInvocationAndOneCallWhateverBecameOfIt() {
        // 1,000 sent: the object refused 300 (rejected or failed closed); the rest passed or failed open
        Invocations billed = ChainBilling.of(chain(OBJECT), 1_000, new long[] {300}, 1_000, new long[] {300});

        assertThat(billed).isEqualTo(new Invocations(1_000, 1_000, 0, 0));
    }

    @Test
    void requestsAWafRuleBlocksRunNoWorkerAndCallNothing() {
        // WAF blocks 400 of 1,000; the cache refuses 100 of the 600 left; 500 call the object
        Invocations billed = ChainBilling.of(chain(WAF, CACHE, OBJECT), 1_000, new long[] {400, 100, 50},
                1_000, new long[] {400, 100, 50});

        assertThat(billed).isEqualTo(new Invocations(600, 500, 0, 0));
    }

    @Test
    void aShieldInFrontCutsTheObjectCallsButNotTheInvocations() {
        Invocations billed = ChainBilling.of(chain(CACHE, OBJECT), 1_000, new long[] {700, 0},
                1_000, new long[] {700, 0});

        assertThat(billed).isEqualTo(new Invocations(1_000, 300, 0, 0));
    }

    @Test
    void everyRequestMeetingAKvStageIsOneRead() {
        Invocations billed = ChainBilling.of(chain(CACHE, KV), 1_000, new long[] {200, 300},
                1_000, new long[] {200, 300});

        assertThat(billed).isEqualTo(new Invocations(1_000, 0, 800, 0));
    }

    @Test
    void everyRequestMeetingABindingIsABindingCall() {
        Invocations billed = ChainBilling.of(chain(WAF, BINDING), 1_000, new long[] {250, 600},
                1_000, new long[] {250, 600});

        assertThat(billed).isEqualTo(new Invocations(750, 0, 0, 750));
    }

    @Test
    void aRequestOfCostNMeetingABindingIsNCalls() {
        // 1,000 requests of cost 5: the WAF rule blocks 250 (1,250 tokens), the binding sees 750 (3,750 tokens)
        Invocations billed = ChainBilling.of(chain(WAF, BINDING), 1_000, new long[] {250, 600}, 5_000,
                new long[] {1_250, 3_000});

        assertThat(billed).isEqualTo(new Invocations(750, 0, 0, 3_750));
    }

    @Test
    void refusesCountsThatDoNotMatchTheStages() {
        assertThatThrownBy(() -> ChainBilling.of(chain(CACHE, OBJECT), 10, new long[] {1}, 10, new long[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one count per stage");
    }
}
