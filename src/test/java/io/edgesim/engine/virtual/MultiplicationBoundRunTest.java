package io.edgesim.engine.virtual;

import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The bound min(N, r / L) beside the figures of a run, met where the count per location is the only leak. */
class MultiplicationBoundRunTest {

    // one key over three PoPs, one request a second in each (constant arrivals): 180 a minute, 60 in each PoP
    private static final String SPREAD = """
            name = t
            duration = 60s
            regions = [FRA, AMS, SYD]
            clients = [ { name = a, key = k, rate = 3, arrival = constant, pops = [FRA, AMS, SYD] } ]
            """;

    private static RunResult run(Path dir, String limiters) {
        return new VirtualEngine(ScenarioFixture.load(dir, SPREAD + "limiters = [ " + limiters + " ]\n")).run();
    }

    @Test
    void aKeyOverThreePopsWithTheLimitBelowEachPopsShareGetsThreeTimesItsLimitAndTheBoundIsThree(
            @TempDir Path dir) {
        LimiterResult l = run(dir, "{ name = l, tier = cache, limit = 20, window = 60s, key = api-key }")
                .limiters().get(0);

        MultiplicationBound bound = l.keys().bound();
        assertThat(bound.scope()).isEqualTo("per-location");
        assertThat(bound.highest().locations()).isEqualTo(3);
        assertThat(bound.highest().offeredPerWindow()).isEqualTo(l.totals().sent());
        assertThat(bound.factor()).isEqualTo(3.0);
        // the figure meets the bound: 20 in each PoP
        assertThat(l.perWindow().orElseThrow().maxFactor()).isEqualTo(bound.factor());
        assertThat(l.keys().letThroughRatio().max()).isEqualTo(bound.worstKey().factor());
        assertThat(l.multiplication().getAsDouble()).isEqualTo(3.0);
    }

    @Test
    void aKeyOfferingLessThanThreeLimitsIsBoundByWhatItOffersAndGetsAllOfIt(@TempDir Path dir) {
        // 180 offered against 100 per PoP: every PoP lets its 60 through, 1.8 times the limit, the bound r / L
        LimiterResult l = run(dir, "{ name = l, tier = cache, limit = 100, window = 60s, key = api-key }")
                .limiters().get(0);

        MultiplicationBound bound = l.keys().bound();
        assertThat(bound.highest().locations()).isEqualTo(3);
        assertThat(bound.factor()).isEqualTo(l.totals().sent() / 100.0);
        assertThat(l.perWindow().orElseThrow().maxFactor()).isEqualTo(bound.factor());
    }

    @Test
    void anExactCountIsBoundByOnceItsLimitAndMeetsIt(@TempDir Path dir) {
        LimiterResult l = run(dir, "{ name = l, tier = durable-object, limit = 20, window = 60s, key = api-key, "
                + "placement { policy = fixed, region = FRA } }").limiters().get(0);

        KeyResults keys = l.keys();
        assertThat(keys.bound().scope()).isEqualTo("exact");
        assertThat(keys.bound().factor()).isEqualTo(1.0);
        assertThat(l.perWindow().orElseThrow().maxFactor()).isEqualTo(1.0);
    }

    @Test
    void aChainHasNoBoundOfThisShape(@TempDir Path dir) {
        LimiterResult l = run(dir, "{ name = l, chain = [ { tier = cache, limit = 40, window = 60s, key = api-key }, "
                + "{ tier = durable-object, limit = 20, window = 60s, key = api-key, "
                + "placement { policy = fixed, region = FRA } } ] }").limiters().get(0);

        assertThat(l.keys().bound()).isNull();
    }
}
