package io.edgesim.scenarios;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/** scenarios/binding.conf: the Workers Rate Limiting binding per location, its sync, and shared namespaces. */
class BindingScenarioTest {

    // one key, 100 requests a second over FRA and LHR for 60 s: six 10 s periods, one 60 s period
    private static final long PER_POP_PER_MINUTE = 300;
    private static final long SHARED_LIMIT = 60;

    private final RunResult result = ShippedScenarios.run(ShippedScenarios.load("binding"));

    @Test
    void oneMachinePerPopLetsExactlyTheLimitThroughPerLocationAndPeriod() {
        LimiterResult exactPerPop = limiter(result, "one-machine-10s");

        assertThat(exactPerPop.regions()).allSatisfy((pop, region) ->
                assertThat(region.counts().accepted()).as(pop).isEqualTo(6 * 50));
        assertThat(exactPerPop.multiplication()).hasValue(2.0);
    }

    @Test
    void machinesDecidingOnCachedCountsOvershootALittle() {
        LimiterResult tenSeconds = limiter(result, "four-machines-10s");
        LimiterResult sixtySeconds = limiter(result, "four-machines-60s");

        // permissive: more than the limit per location; bounded: only what was admitted between syncs comes on top
        assertThat(tenSeconds.totals().accepted()).isGreaterThan(2 * PER_POP_PER_MINUTE);
        assertThat(tenSeconds.regions()).allSatisfy((pop, region) -> assertThat(region.counts().accepted()).as(pop)
                .isBetween(PER_POP_PER_MINUTE, PER_POP_PER_MINUTE * 13 / 10));
        assertThat(sixtySeconds.totals().accepted()).isGreaterThan(2 * PER_POP_PER_MINUTE);
        assertThat(sixtySeconds.regions()).allSatisfy((pop, region) -> assertThat(region.counts().accepted()).as(pop)
                .isBetween(PER_POP_PER_MINUTE, PER_POP_PER_MINUTE * 105 / 100));
    }

    @Test
    void twoWorkersSharingANamespaceShareTheirCounters() {
        long shared = limiter(result, "worker-a-shared").totals().accepted()
                + limiter(result, "worker-b-shared").totals().accepted();

        // the limit once between the two Workers, give or take what one machine admitted before its sync
        assertThat(shared).isBetween(SHARED_LIMIT, SHARED_LIMIT + 3);
        assertThat(limiter(result, "worker-a-shared").totals().accepted()).isPositive();
        assertThat(limiter(result, "worker-b-shared").totals().accepted()).isPositive();
    }

    @Test
    void twoWorkersWithTheirOwnNamespacesEachGrantTheLimit() {
        assertThat(limiter(result, "worker-a-own").totals().accepted()).isEqualTo(SHARED_LIMIT);
        assertThat(limiter(result, "worker-b-own").totals().accepted()).isEqualTo(SHARED_LIMIT);
    }
}
