package io.edgesim.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What one limiter did to each key of its exact reference: requests sent, let through and wrongly refused, and what
 * the key got through per window of {@code windowNanos}, aligned to scenario time 0 (window k holds the arrivals in
 * [k W, (k + 1) W)), as a fixed-window counter's are. The windows are folded into the figures (windows, each key's
 * largest, the sum) as soon as a key moves on.
 *
 * <p>Outcomes come nearly in arrival order, but a request that went to a far tier is recorded after later ones, so a
 * key keeps its newest window and the one before open. Memory: one row of six longs per key number up to the largest
 * seen, and the window before the newest only for keys that have moved on to a newer window and may still hear of
 * the older one (a small table), whatever the run's length. An outcome for a window older than both (one that came
 * back more than a window late) finds its window closed, or never opened: it is counted as {@code late} and left
 * out of the windows, the largest and the sum, which then understate by what such outcomes carried; it still counts
 * in the key's requests. Not thread-safe.
 */
final class KeyTally {

    // a window number as stored: XOR this, so that the zero of a fresh row is "no window"
    private static final long NONE = Long.MIN_VALUE;
    // a key's row: its newest open window (stored, see NONE), what it let through in it, the most it let through in
    // a window closed since, its requests, those let through, those refused that the exact count accepted
    private static final int WINDOW = 0;
    private static final int IN_WINDOW = 1;
    private static final int CLOSED_MAX = 2;
    private static final int SENT = 3;
    private static final int LET_THROUGH = 4;
    private static final int WRONGLY_REJECTED = 5;
    private static final int ROW = 6;

    private final long windowNanos;
    private long[] rows = new long[16 * ROW];
    // per key number, for keys whose previous window is still open: {window, total}
    private final Map<Integer, long[]> previous = new HashMap<>();
    private int keys;
    private long windows;
    private long sumTotals;
    private long lateOutcomes;

    /** @param windowNanos the window length, greater than 0 */
    KeyTally(long windowNanos) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window must be greater than 0, was " + windowNanos);
        }
        this.windowNanos = windowNanos;
    }

    /**
     * Counts a request of the key numbered {@code key} (0 or more, the run's numbering) that arrived at
     * {@code requestNanos}.
     *
     * @param letThroughTokens what it got through in its window, in tokens (0 for a request refused)
     * @param letThrough       whether it was let through (accepted or failed open)
     * @param wronglyRejected  whether it was refused where the exact count accepted it
     */
    void add(int key, long requestNanos, long letThroughTokens, boolean letThrough, boolean wronglyRejected) {
        int at = key * ROW;
        if (at >= rows.length) {
            rows = Arrays.copyOf(rows, Math.max(at + ROW, 2 * rows.length));
        }
        if (key >= keys) {
            keys = key + 1;
        }
        long[] r = rows;
        r[at + SENT]++;
        if (letThrough) {
            r[at + LET_THROUGH]++;
        }
        if (wronglyRejected) {
            r[at + WRONGLY_REJECTED]++;
        }
        count(r, at, key, Math.floorDiv(requestNanos, windowNanos), letThroughTokens);
    }

    private void count(long[] r, int at, int key, long window, long tokens) {
        long stored = r[at + WINDOW];
        if (stored == (window ^ NONE)) {
            r[at + IN_WINDOW] += tokens;
            sumTotals += tokens;
            return;
        }
        if (stored == 0) {
            r[at + WINDOW] = window ^ NONE;
            r[at + IN_WINDOW] = tokens;
            windows++;
            sumTotals += tokens;
            return;
        }
        long newestWindow = stored ^ NONE;
        if (window > newestWindow) {
            // a newer window: the newest becomes the one before, and the one before that is done with
            long[] older = previous.put(key, new long[] {newestWindow, r[at + IN_WINDOW]});
            if (older != null) {
                r[at + CLOSED_MAX] = Math.max(r[at + CLOSED_MAX], older[1]);
            }
            r[at + WINDOW] = window ^ NONE;
            r[at + IN_WINDOW] = tokens;
            windows++;
            sumTotals += tokens;
            return;
        }
        long[] before = previous.get(key);
        if (before != null && before[0] == window) {
            before[1] += tokens;
            sumTotals += tokens;
        } else if (before == null || window > before[0]) {
            // older than the newest but newer than any open one before it: it becomes the one before
            if (before != null) {
                r[at + CLOSED_MAX] = Math.max(r[at + CLOSED_MAX], before[1]);
            }
            previous.put(key, new long[] {window, tokens});
            windows++;
            sumTotals += tokens;
        } else {
            lateOutcomes++;
        }
    }

    /** One past the largest key number counted: keys are numbered below it. */
    int keyNumbers() {
        return keys;
    }

    /** Requests of key number {@code key} (0 for a number that sent none, or none under this limiter). */
    long sent(int key) {
        return field(key, SENT);
    }

    /** Requests of key number {@code key} let through (accepted or failed open). */
    long letThrough(int key) {
        return field(key, LET_THROUGH);
    }

    /** Requests of key number {@code key} refused where the exact count accepted them. */
    long wronglyRejected(int key) {
        return field(key, WRONGLY_REJECTED);
    }

    /** The most key number {@code key} got through in one window, in tokens (0 for a key without requests). */
    long maxInWindow(int key) {
        int at = key * ROW;
        if (at >= rows.length || rows[at + WINDOW] == 0) {
            return 0;
        }
        long max = Math.max(rows[at + CLOSED_MAX], rows[at + IN_WINDOW]);
        long[] before = previous.get(key);
        return before == null ? max : Math.max(max, before[1]);
    }

    private long field(int key, int field) {
        int at = key * ROW;
        return at < rows.length ? rows[at + field] : 0;
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
