package io.edgesim.engine;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.KeyCounters;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WindowTallyTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void countsWhatEachKeyLetThroughPerWindowAndCountsOutcomesOlderThanBothOpenWindowsAsLate() {
        WindowTally tally = new WindowTally(10 * SECOND);
        tally.add(0, 1 * SECOND, 1);
        tally.add(0, 2 * SECOND, 1);
        tally.add(0, 3 * SECOND, 0);
        tally.add(1, 4 * SECOND, 1);
        // key 0 moves on to window 1, then hears late of window 0 (still open: the one before the newest)
        tally.add(0, 12 * SECOND, 1);
        tally.add(0, 9 * SECOND, 1);
        // window 3 closes window 0 for good: an outcome for it now is late
        tally.add(0, 31 * SECOND, 1);
        tally.add(0, 8 * SECOND, 1);

        WindowTally.Summary summary = tally.summary();
        // (0, w0) = 3, (1, w0) = 1, (0, w1) = 1, (0, w3) = 1
        assertThat(summary.windows()).isEqualTo(4);
        assertThat(summary.maxTotal()).isEqualTo(3);
        assertThat(summary.sumTotals()).isEqualTo(6);
        assertThat(summary.lateOutcomes()).isEqualTo(1);
    }

    @Test
    void aTallyBesideTheExactCountsCountsAsOneWithItsOwnArrayAndLeavesTheCountersAlone() {
        AlgorithmSpec reference = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND);
        KeyCounters exact = KeyCounters.dense(reference, new KeyIds(), 2);
        KeyCounters plain = KeyCounters.dense(reference, new KeyIds());
        WindowTally own = new WindowTally(SECOND);
        WindowTally beside = WindowTally.beside(SECOND, exact);
        SplittableRandom random = new SplittableRandom(3);
        long t = 0;
        for (int i = 0; i < 50_000; i++) {
            t += random.nextLong(SECOND / 500);
            // key numbers past the first capacities, so that the rows grow under the tally
            int key = random.nextInt(400);
            assertThat(exact.allows(key, t, 1)).as("request %d", i).isEqualTo(plain.allows(key, t, 1));
            // outcomes come back up to two windows late, some after their window has closed
            long outcomeNanos = Math.max(0, t - random.nextLong(2 * SECOND));
            long tokens = random.nextLong(3);
            own.add(key, outcomeNanos, tokens);
            beside.add(key, outcomeNanos, tokens);
        }

        assertThat(beside.summary()).isEqualTo(own.summary());
        assertThat(own.summary().lateOutcomes()).isPositive();
        assertThat(own.summary().windows()).isGreaterThan(400);
    }

    @Test
    void aTallyBesideTheExactCountsNeedsTheirRoomAndTakesKeysByNumberOnly() {
        AlgorithmSpec reference = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 5, SECOND);
        assertThatThrownBy(() -> WindowTally.beside(SECOND, KeyCounters.dense(reference, new KeyIds())))
                .isInstanceOf(IllegalArgumentException.class);
        WindowTally beside = WindowTally.beside(SECOND, KeyCounters.dense(reference, new KeyIds(), 2));
        assertThatThrownBy(() -> beside.add("key", 0, 1)).isInstanceOf(IllegalStateException.class);
    }
}
