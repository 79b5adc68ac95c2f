package io.edgesim.engine;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class KeyTallyTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void countsWhatEachKeyLetThroughPerWindowAndCountsOutcomesOlderThanBothOpenWindowsAsLate() {
        // windows of 10 s: requests at 1, 2, 3, 4, 12, 9, 31 and 8 s
        KeyTally tally = new KeyTally();
        tally.add(0, 0, 1, 1, true, false);
        tally.add(0, 0, 1, 1, true, false);
        tally.add(0, 0, 1, 0, false, true);
        tally.add(1, 0, 1, 1, true, false);
        // key 0 moves on to window 1, then hears late of window 0 (still open: the one before the newest)
        tally.add(0, 1, 1, 1, true, false);
        tally.add(0, 0, 1, 1, true, false);
        // window 3 closes window 0 for good: an outcome for it now is late
        tally.add(0, 3, 1, 1, true, false);
        tally.add(0, 0, 1, 1, true, false);

        KeyTally.Summary summary = tally.summary();
        // (0, w0) = 3, (1, w0) = 1, (0, w1) = 1, (0, w3) = 1
        assertThat(summary.windows()).isEqualTo(4);
        assertThat(summary.maxTotal()).isEqualTo(3);
        assertThat(summary.sumTotals()).isEqualTo(6);
        assertThat(summary.lateOutcomes()).isEqualTo(1);
        // the late outcome still counts among the key's requests
        assertThat(tally.sent(0)).isEqualTo(7);
        assertThat(tally.letThrough(0)).isEqualTo(6);
        assertThat(tally.wronglyRejected(0)).isEqualTo(1);
        assertThat(tally.maxInWindow(0)).isEqualTo(3);
        assertThat(tally.maxInWindow(1)).isEqualTo(1);
        assertThat(tally.keyNumbers()).isEqualTo(2);
    }

    @Test
    void eachKeysLargestWindowMatchesAPlainCountOfEveryWindowWhenOutcomesComeBackAtMostOneWindowLate() {
        KeyTally tally = new KeyTally();
        // the plain way: every (key, window) pair's total in a map
        Map<Long, Long> totals = new HashMap<>();
        SplittableRandom random = new SplittableRandom(3);
        long t = 0;
        for (int i = 0; i < 50_000; i++) {
            t += random.nextLong(SECOND / 500);
            // key numbers past the first capacities, so that the rows grow under the tally
            int key = random.nextInt(400);
            // an outcome comes back up to one window late: its window is still one of the key's two open ones
            long outcomeNanos = Math.max(0, t - random.nextLong(SECOND / 2));
            long tokens = random.nextLong(3);
            tally.add(key, outcomeNanos / SECOND, 2, tokens, tokens > 0, false);
            totals.merge(key * 1_000_000L + outcomeNanos / SECOND, tokens, Long::sum);
        }
        long[] maxByKey = new long[400];
        totals.forEach((pair, total) -> {
            int key = (int) (pair / 1_000_000L);
            maxByKey[key] = Math.max(maxByKey[key], total);
        });
        for (int key = 0; key < 400; key++) {
            assertThat(tally.maxInWindow(key)).as("key %d", key).isEqualTo(maxByKey[key]);
        }
        assertThat(tally.summary().windows()).isEqualTo(totals.size());
    }

    @Test
    void aKeyNumberThatSentNothingHasNoFigures() {
        KeyTally tally = new KeyTally();
        tally.add(5, 0, 1, 1, true, false);
        assertThat(tally.sent(2)).isZero();
        assertThat(tally.maxInWindow(2)).isZero();
        assertThat(tally.sent(1_000)).isZero();
        assertThat(tally.maxInWindow(1_000)).isZero();
        assertThat(tally.keyNumbers()).isEqualTo(6);
    }

    @Test
    void numbersThatOutgrowTheirCellsMoveEveryRowToWiderOnesAndKeepCounting() {
        KeyTally tally = new KeyTally();
        tally.add(0, 0, 1, 5, true, false);
        tally.add(3, 0, 1, 1, true, true);
        assertThat(tally.bits()).isEqualTo(16);
        // one request of a huge cost: its window's total passes Integer.MAX_VALUE
        tally.add(3, 0, 1, 3_000_000_000L, true, false);
        assertThat(tally.bits()).isEqualTo(64);
        assertThat(tally.maxInWindow(3)).isEqualTo(3_000_000_001L);
        assertThat(tally.sent(3)).isEqualTo(2);
        assertThat(tally.wronglyRejected(3)).isEqualTo(1);
        assertThat(tally.maxInWindow(0)).isEqualTo(5);
        // and a window number beyond an int, far in a run of tiny windows
        KeyTally tiny = new KeyTally();
        tiny.add(1, 10, 1, 1, true, false);
        tiny.add(1, 5_000_000_000L, 2, 2, true, false);
        assertThat(tiny.bits()).isEqualTo(64);
        assertThat(tiny.maxInWindow(1)).isEqualTo(2);
        assertThat(tiny.summary().windows()).isEqualTo(2);
    }
}
