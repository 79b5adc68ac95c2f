package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AlgorithmSpecTest {

    @Test
    void eachKindCreatesItsOwnCounter() {
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, 1_000).newCounter())
                .isInstanceOf(FixedWindowCounter.class);
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, 1_000).newCounter())
                .isInstanceOf(SlidingWindowCounter.class);
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, 1_000).newCounter())
                .isInstanceOf(SlidingLogCounter.class);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 5).newCounter())
                .isInstanceOf(TokenBucketCounter.class);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.GCRA, 2, 5).newCounter()).isInstanceOf(GcraCounter.class);
    }

    @Test
    void aFreshCounterHasTheWholeAllowance() {
        for (AlgorithmKind kind : AlgorithmKind.values()) {
            AlgorithmSpec spec = kind.windowed() ? AlgorithmSpec.windowed(kind, 5, 1_000_000_000L)
                    : AlgorithmSpec.rated(kind, 5, 5);
            assertThat(spec.newCounter().tryAcquire(0, 0).remaining()).as(kind.configName()).isEqualTo(5);
        }
    }

    private static final long SECOND = 1_000_000_000L;

    @Test
    void fixedWindowAndSlidingLogStateMattersForOneWindow() {
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10, 3_600 * SECOND).stateLifetimeNanos())
                .isEqualTo(3_600 * SECOND);
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 10, 60 * SECOND).stateLifetimeNanos())
                .isEqualTo(60 * SECOND);
    }

    @Test
    void slidingWindowStateMattersForTwoWindows() {
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 10, 60 * SECOND).stateLifetimeNanos())
                .isEqualTo(120 * SECOND);
        assertThat(new AlgorithmSpec(AlgorithmKind.SLIDING_WINDOW, 1, Long.MAX_VALUE / 2 + 1, 1, 1, Map.of(), null, null)
                .stateLifetimeNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void rateAlgorithmsStateMattersUntilAWholeBurstHasRefilled() {
        // 3 tokens at 0.7/s: 4.2857142857... s, rounded up
        assertThat(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 0.7, 3).stateLifetimeNanos())
                .isEqualTo(4_285_714_286L);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.GCRA, 3, 2).stateLifetimeNanos()).isEqualTo(666_666_667L);
        assertThat(AlgorithmSpec.rated(AlgorithmKind.GCRA, 2, 4).stateLifetimeNanos()).isEqualTo(2 * SECOND);
    }

    @Test
    void rateAlgorithmsKeepTheirWindowAsTheRefillTime() {
        AlgorithmSpec bucket = AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 0.7, 3);

        assertThat(bucket.windowNanos()).isEqualTo(4_285_714_286L);
        assertThat(bucket.limit()).isEqualTo(3);
    }

    static Stream<Arguments> lastChanges() {
        long w = 10 * SECOND;
        // each state set at the moment that makes it matter longest: at a window's start for the windowed ones
        return Stream.of(
                Arguments.of(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, w), 3 * w),
                Arguments.of(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 5, w), 3 * w),
                Arguments.of(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, w), 3 * w + 7),
                Arguments.of(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 0.7, 3), 5 * SECOND + 3),
                Arguments.of(AlgorithmSpec.rated(AlgorithmKind.GCRA, 3, 2), 5 * SECOND + 3),
                Arguments.of(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 4), 5 * SECOND));
    }

    @ParameterizedTest
    @MethodSource("lastChanges")
    void aCounterLeftAloneForItsStateLifetimeDecidesAsAFreshOne(AlgorithmSpec spec, long lastChangeNanos) {
        RateCounter used = spec.newCounter();
        assertThat(used.tryAcquire(lastChangeNanos, spec.limit()).allowed()).isTrue();
        long forgettableNanos = lastChangeNanos + spec.stateLifetimeNanos();

        // a nanosecond earlier the whole allowance is not back yet, so forgetting the state would change a decision
        assertThat(used.copy().tryAcquire(forgettableNanos - 1, spec.limit()).allowed()).isFalse();
        assertThat(used.tryAcquire(forgettableNanos, spec.limit()))
                .isEqualTo(spec.newCounter().tryAcquire(forgettableNanos, spec.limit()));
    }

    @Test
    void aPlanGivesItsKeysItsNumbersAndOtherKeysKeepTheOwnOnes() {
        AlgorithmSpec pro = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600, 60_000_000_000L);
        AlgorithmSpec spec = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60_000_000_000L)
                .withPlans(Map.of("pro", pro));

        assertThat(spec.forPlan("pro")).isEqualTo(pro);
        assertThat(spec.forPlan("free")).isSameAs(spec);
        assertThat(spec.forPlan(null)).isSameAs(spec);
        assertThat(spec.forPlan("pro").limit()).isEqualTo(600);
        assertThat(spec.describe()).isEqualTo("per plan pro 600, others 100 per 60s");
        assertThat(spec.withPlans(Map.of("pro", pro, "free", spec.withLimit(100))).describe())
                .isEqualTo("per plan free 100, pro 600 per 60s");
    }

    @Test
    void theStateLifetimeWithPlansIsTheLongestOfThem() {
        AlgorithmSpec bucket = AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 1, 10);
        AlgorithmSpec planned = bucket.withPlans(Map.of("pro", AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 1, 60),
                "free", AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 1, 5)));

        assertThat(planned.stateLifetimeNanos()).isEqualTo(60_000_000_000L);
        assertThat(bucket.stateLifetimeNanos()).isEqualTo(10_000_000_000L);
    }

    @Test
    void aPlanMustBeTheSameAlgorithmWithTheSameWindow() {
        AlgorithmSpec spec = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60_000_000_000L);

        assertThatThrownBy(() -> spec.withPlans(Map.of("pro",
                AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 600, 60_000_000_000L))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> spec.withPlans(Map.of("pro",
                AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600, 10_000_000_000L))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anAnchorAndAWayOfCountingMakeTheirCounterAndAreKeptByPlans() {
        AlgorithmSpec seed = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 60, 60 * SECOND)
                .withAnchor(WindowAnchor.FIRST_REQUEST).withCount(Counting.ALL);
        AlgorithmSpec planned = seed.withPlans(Map.of("pro", seed.withLimit(600)));

        assertThat(seed.newCounter()).isInstanceOf(FirstRequestWindowCounter.class);
        assertThat(seed.countsRefused()).isTrue();
        assertThat(seed.newCounter().countsRefused()).isTrue();
        assertThat(seed.withCount(Counting.ADMITTED).newCounter().countsRefused()).isFalse();
        assertThat(planned.forPlan("pro")).isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600,
                60 * SECOND).withAnchor(WindowAnchor.FIRST_REQUEST).withCount(Counting.ALL));
        assertThat(planned.forPlan("pro").newCounter()).isInstanceOf(FirstRequestWindowCounter.class);
        assertThat(planned.forPlan("free")).isSameAs(planned);
        assertThat(seed.describe()).isEqualTo("60 per 60s, anchor first-request, count all");
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 60, 60 * SECOND).describe())
                .isEqualTo("60 per 60s");
        assertThatThrownBy(() -> seed.withPlans(Map.of("pro", AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600,
                60 * SECOND)))).hasMessageContaining("with the same window, anchor and count");
    }

    @Test
    void anAnchorIsForFixedWindowsAndCountingAllForWindowedAlgorithms() {
        assertThatThrownBy(() -> AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, SECOND)
                .withAnchor(WindowAnchor.FIRST_REQUEST))
                .hasMessage("anchor first-request is for fixed-window, not sliding-log");
        assertThatThrownBy(() -> AlgorithmSpec.rated(AlgorithmKind.GCRA, 1, 5).withCount(Counting.ALL))
                .hasMessage("count all is for the windowed algorithms, not gcra");
        assertThat(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, SECOND).withCount(Counting.ALL)
                .stateLifetimeNanos()).isEqualTo(SECOND);
    }
}
