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

import java.util.SplittableRandom;

import static io.edgesim.model.tier.TestRequests.MS;
import static io.edgesim.model.tier.TestRequests.SECOND;
import static io.edgesim.model.tier.TestRequests.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BindingPopTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private StageResult decide(PopTier tier, Request request, String key, long nowNanos) {
        return TestRequests.decide(tier, keys, request, key, nowNanos);
    }

    private static AlgorithmSpec limit(long limit, long periodNanos) {
        return AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, limit, periodNanos);
    }

    private BindingPop binding(int machines, long limit, long periodNanos, long seed) {
        BindingStore store = new BindingStore("ns", periodNanos, keys);
        return new BindingPop(new TierSettings.Binding(machines, 100 * MS, "ns"), limit(limit, periodNanos), store,
                new SplittableRandom(seed));
    }

    /**
     * Accepted requests per period of {@code periodNanos}, for requests every {@code gapNanos} until
     * {@code endNanos}.
     */
    private long[] acceptedPerPeriod(BindingPop binding, long gapNanos, long endNanos, long periodNanos) {
        long[] accepted = new long[(int) (endNanos / periodNanos)];
        for (long t = 0; t < endNanos; t += gapNanos) {
            if (decide(binding, at(t, "FRA"), "k", t).outcome() == Outcome.ACCEPTED) {
                accepted[(int) (t / periodNanos)]++;
            }
        }
        return accepted;
    }

    @Test
    void oneMachineCountsExactlyAndResetsEachPeriod() {
        BindingPop binding = binding(1, 10, 10 * SECOND, 5);

        long[] accepted = acceptedPerPeriod(binding, 10 * MS, 30 * SECOND, 10 * SECOND);

        assertThat(accepted).containsExactly(10, 10, 10);
        assertThat(BindingPop.overshootBound(1, binding.maxAdmissionsBetweenSyncs())).isZero();
    }

    @Test
    void machinesThatHaveNotSyncedEachAdmitTheWholeLimit() {
        // 200 requests at the same instant, before any machine's first sync: each of 4 machines admits 5
        BindingPop binding = binding(4, 5, 10 * SECOND, 9);

        int accepted = 0;
        for (int i = 0; i < 200; i++) {
            accepted += decide(binding, at(0, "FRA"), "k", 0).outcome() == Outcome.ACCEPTED ? 1 : 0;
        }

        assertThat(accepted).isEqualTo(20);
        assertThat(binding.maxAdmissionsBetweenSyncs()).isEqualTo(5);
        assertThat(5 + BindingPop.overshootBound(4, binding.maxAdmissionsBetweenSyncs())).isEqualTo(20);
    }

    @Test
    void overshootIsBoundedByWhatTheOtherMachinesAdmitBetweenSyncs() {
        BindingPop binding = binding(8, 50, 10 * SECOND, 13);

        long[] accepted = acceptedPerPeriod(binding, MS, 40 * SECOND, 10 * SECOND);

        long bound = 50 + BindingPop.overshootBound(8, binding.maxAdmissionsBetweenSyncs());
        for (long n : accepted) {
            assertThat(n).isGreaterThan(50).isLessThanOrEqualTo(bound);
        }
    }

    @Test
    void syncedMachinesStopAtTheLimit() {
        // requests far apart: every machine has synced since the previous admission, so the count is exact
        BindingPop binding = binding(8, 20, 60 * SECOND, 17);

        long[] accepted = acceptedPerPeriod(binding, 250 * MS, 120 * SECOND, 60 * SECOND);

        assertThat(accepted).containsExactly(20, 20);
    }

    @Test
    void bindingsSharingANamespaceShareCounts() {
        BindingStore store = new BindingStore("shared", 60 * SECOND, keys);
        TierSettings.Binding settings = new TierSettings.Binding(1, 100 * MS, "shared");
        BindingPop first = new BindingPop(settings, limit(10, 60 * SECOND), store, new SplittableRandom(1));
        BindingPop second = new BindingPop(settings, limit(10, 60 * SECOND), store, new SplittableRandom(2));

        for (int i = 0; i < 10; i++) {
            assertThat(decide(first, at(i * MS, "FRA"), "k", i * MS).outcome()).isEqualTo(Outcome.ACCEPTED);
        }

        // by 1 s the first binding's machine has pushed its 10 and the second's has pulled them
        assertThat(decide(second, at(SECOND, "FRA"), "k", SECOND).outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(store.storedCount(keys.idOf("k", null), SECOND)).isEqualTo(10);
    }

    @Test
    void bindingsInDifferentNamespacesCountSeparately() {
        TierSettings.Binding settings = new TierSettings.Binding(1, 100 * MS, "a");
        BindingPop first = new BindingPop(settings, limit(10, 60 * SECOND), new BindingStore("a", 60 * SECOND, keys),
                new SplittableRandom(1));
        BindingPop second = new BindingPop(settings, limit(10, 60 * SECOND), new BindingStore("b", 60 * SECOND, keys),
                new SplittableRandom(2));

        for (int i = 0; i < 10; i++) {
            decide(first, at(i * MS, "FRA"), "k", i * MS);
        }

        assertThat(decide(second, at(SECOND, "FRA"), "k", SECOND).outcome()).isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void addsNoLatency() {
        assertThat(decide(binding(2, 5, 10 * SECOND, 1), at(0, "FRA"), "k", 0).addedLatencyNanos()).isZero();
    }

    @Test
    void refusesPeriodsOtherThanTenOrSixtySeconds() {
        assertThatThrownBy(() -> new BindingStore("ns", 30 * SECOND, keys))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("10 s or 60 s");
    }

    @Test
    void refusesAnAlgorithmWhoseWindowIsNotTheStorePeriod() {
        BindingStore store = new BindingStore("ns", 10 * SECOND, keys);

        assertThatThrownBy(() -> new BindingPop(new TierSettings.Binding(1, 100 * MS, "ns"),
                limit(5, 60 * SECOND), store, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("same period");
    }
}
