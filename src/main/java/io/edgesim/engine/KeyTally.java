package io.edgesim.engine;

import java.util.Arrays;

/**
 * What one limiter did to each key of its exact reference: requests sent, let through and wrongly refused, and what
 * the key got through per window of the reference, each request counted in the window the reference numbered for it
 * ({@link ExactReferences#window}): window k holds the arrivals in [k W, (k + 1) W) for windows aligned to scenario
 * time 0, and a key's own windows for a first-request fixed window. The windows are folded into the figures
 * (windows, each key's largest, the sum) as soon as a key moves on.
 *
 * <p>Outcomes come nearly in arrival order, but a request that went to a far tier is recorded after later ones, so a
 * key keeps its newest window and the window just before it (numbered one less) open. An outcome for an older window
 * (one that came back more than a window late) finds its window closed, or never opened: it is counted as
 * {@code late} and left out of the windows, the largest and the sum, which then understate by what such outcomes
 * carried; it still counts in the key's requests.
 *
 * <p>Memory: eleven numbers per key number up to the largest seen, in {@link WideningCounts} (22 bytes a key
 * while every number is below 65,536, 44 or 88 beyond), whatever the run's length. Not thread-safe.
 */
final class KeyTally {

    // a key's row: two groups of four, what it let through and what it offered (sent, in tokens), each its newest
    // window + 1 (0: none yet) and the total in it; the total in the window just before + 1 (0: that window is not
    // open); the largest total in a window closed since; then its requests, those let through, and those refused
    // that the exact count accepted
    private static final int WINDOW = 0;
    private static final int IN_WINDOW = 1;
    private static final int IN_BEFORE = 2;
    private static final int CLOSED_MAX = 3;
    private static final int LET = 0;
    private static final int OFFERED = 4;
    private static final int SENT = 8;
    private static final int LET_THROUGH = 9;
    private static final int WRONGLY_REJECTED = 10;
    private static final int ROW = 11;
    // what count says of a window
    private static final int LATE = -1;
    private static final int OPENED = 1;

    private final WideningCounts rows = new WideningCounts(16 * ROW);
    private int keys;
    private long windows;
    private long sumTotals;
    private long lateOutcomes;

    /**
     * Counts a request of the key numbered {@code key} (0 or more, the run's numbering) in its window numbered
     * {@code window} (0 or more).
     *
     * @param offeredTokens    its cost, in tokens: what it offered in its window
     * @param letThroughTokens what it got through in its window, in tokens (0 for a request refused)
     * @param letThrough       whether it was let through (accepted or failed open)
     * @param wronglyRejected  whether it was refused where the exact count accepted it
     */
    void add(int key, long window, long offeredTokens, long letThroughTokens, boolean letThrough,
             boolean wronglyRejected) {
        int at = key * ROW;
        if (key >= keys) {
            keys = key + 1;
        }
        rows.add(at + SENT, 1);
        if (letThrough) {
            rows.add(at + LET_THROUGH, 1);
        }
        if (wronglyRejected) {
            rows.add(at + WRONGLY_REJECTED, 1);
        }
        int counted = count(at + LET, window, letThroughTokens);
        if (counted == LATE) {
            lateOutcomes++;
            return;
        }
        if (counted == OPENED) {
            windows++;
        }
        sumTotals += letThroughTokens;
        count(at + OFFERED, window, offeredTokens);
    }

    // adds tokens to window's total in the group at at: OPENED when the window was not open, LATE when it was
    // closed or passed by (nothing counted), else 0
    private int count(int at, long window, long tokens) {
        long stored = rows.get(at + WINDOW);
        if (stored == window + 1) {
            rows.add(at + IN_WINDOW, tokens);
            return 0;
        }
        if (stored == 0) {
            rows.set(at + WINDOW, window + 1);
            rows.set(at + IN_WINDOW, tokens);
            return OPENED;
        }
        if (window + 1 > stored) {
            // a newer window: the one before is done with, and the newest becomes the one before if it is just
            // before the new one, else it is done with too
            long newest = rows.get(at + IN_WINDOW);
            closeBefore(at);
            if (window == stored) {
                rows.set(at + IN_BEFORE, newest + 1);
            } else {
                fold(at, newest);
            }
            rows.set(at + WINDOW, window + 1);
            rows.set(at + IN_WINDOW, tokens);
            return OPENED;
        }
        if (window + 2 == stored) {
            long before = rows.get(at + IN_BEFORE);
            if (before == 0) {
                rows.set(at + IN_BEFORE, tokens + 1);
                return OPENED;
            }
            rows.set(at + IN_BEFORE, before + tokens);
            return 0;
        }
        return LATE;
    }

    private void closeBefore(int at) {
        long before = rows.get(at + IN_BEFORE);
        if (before != 0) {
            fold(at, before - 1);
            rows.set(at + IN_BEFORE, 0);
        }
    }

    private void fold(int at, long total) {
        if (total > rows.get(at + CLOSED_MAX)) {
            rows.set(at + CLOSED_MAX, total);
        }
    }

    /** Reads the row of key number {@code key}, both ends, for a loop that fetches several keys' rows together. */
    long touch(int key) {
        return rows.get(key * ROW) + rows.get(key * ROW + ROW - 1);
    }

    /** One past the largest key number counted: keys are numbered below it. */
    int keyNumbers() {
        return keys;
    }

    /** Requests of key number {@code key} (0 for a number that sent none, or none under this limiter). */
    long sent(int key) {
        return rows.get(key * ROW + SENT);
    }

    /** Requests of key number {@code key} let through (accepted or failed open). */
    long letThrough(int key) {
        return rows.get(key * ROW + LET_THROUGH);
    }

    /** Requests of key number {@code key} refused where the exact count accepted them. */
    long wronglyRejected(int key) {
        return rows.get(key * ROW + WRONGLY_REJECTED);
    }

    /** The most key number {@code key} got through in one window, in tokens (0 for a key without requests). */
    long maxInWindow(int key) {
        return maxInGroup(key * ROW + LET);
    }

    /**
     * The most key number {@code key} offered (sent, in tokens) in one window, counting the requests whose outcome
     * came in time for the per-window figures (0 for a key without requests).
     */
    long maxOfferedInWindow(int key) {
        return maxInGroup(key * ROW + OFFERED);
    }

    private long maxInGroup(int at) {
        long max = Math.max(rows.get(at + CLOSED_MAX), rows.get(at + IN_WINDOW));
        return Math.max(max, rows.get(at + IN_BEFORE) - 1);
    }

    /** Bits per number in the rows now: 16, 32 or 64 ({@link WideningCounts}). */
    int bits() {
        return rows.bits();
    }

    /** The figures over every (key, window) pair that saw traffic. */
    Summary summary() {
        long max = 0;
        for (int key = 0; key < keys; key++) {
            max = Math.max(max, maxInWindow(key));
        }
        return new Summary(windows, max, sumTotals, lateOutcomes);
    }

    /**
     * @param windows      (key, window) pairs that saw traffic
     * @param maxTotal     the most let through in one of them
     * @param sumTotals    everything let through in those windows (so {@code sumTotals / windows} is the mean)
     * @param lateOutcomes outcomes recorded after their window was closed or passed by (in none of the above)
     */
    record Summary(long windows, long maxTotal, long sumTotals, long lateOutcomes) {
    }
}
