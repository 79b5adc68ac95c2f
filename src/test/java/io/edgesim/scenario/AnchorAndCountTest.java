package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.tier.LimiterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A limiter's {@code anchor} and {@code count}: read into its stages, its reference and its plans. */
class AnchorAndCountTest {

    private static final long MINUTE = 60_000_000_000L;

    @Test
    void leftOutTheyAreTheDefaultsAndTheReferenceTakesTheLastStages(@TempDir Path dir) {
        LimiterSpec limiter = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10, plan = pro } ]
                limiters = [
                  { name = l, chain = [ { tier = cache, limit = 100, window = 60s },
                                        { tier = durable-object, limit = 100, window = 60s, anchor = first-request,
                                          count = all } ],
                    plans { pro { limit = 600 } } }
                ]
                """).limiters().get(0);

        AlgorithmSpec cache = limiter.stages().get(0).algorithm();
        assertThat(cache.anchor()).isEqualTo(WindowAnchor.EPOCH);
        assertThat(cache.count()).isEqualTo(Counting.ADMITTED);
        AlgorithmSpec seed = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, MINUTE)
                .withAnchor(WindowAnchor.FIRST_REQUEST).withCount(Counting.ALL);
        AlgorithmSpec object = limiter.stages().get(1).algorithm();
        assertThat(object.withPlans(null)).isEqualTo(seed);
        assertThat(object.forPlan("pro")).isEqualTo(seed.withLimit(600));
        assertThat(limiter.reference()).isEqualTo(limiter.stages().get(1).algorithm());
    }

    @Test
    void aReferenceMaySetItsOwnAndKeepsTheLastStagesCountingForAnotherWindowedAlgorithm(@TempDir Path dir) {
        LimiterSpec limiter = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = a, tier = durable-object, limit = 10, window = 60s, anchor = first-request,
                    reference { anchor = epoch } }
                  { name = b, tier = cache, algorithm = sliding-window, limit = 10, window = 60s, count = all,
                    reference { algorithm = sliding-log } }
                ]
                """).limiters().get(1);

        assertThat(limiter.reference()).isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 10, MINUTE)
                .withCount(Counting.ALL));
    }

    @Test
    void aReferenceSwitchedFromAFirstRequestWindowToASlidingLogCountsInItsOwnWindows(@TempDir Path dir) {
        LimiterSpec limiter = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = a, tier = durable-object, limit = 10, window = 60s, anchor = first-request,
                               reference { algorithm = sliding-log } } ]
                """).limiters().get(0);

        assertThat(limiter.reference().anchor()).isEqualTo(WindowAnchor.EPOCH);
        assertThat(limiter.stages().get(0).algorithm().anchor()).isEqualTo(WindowAnchor.FIRST_REQUEST);
    }
}
