package io.edgesim.engine;

import io.edgesim.model.tier.KeyCounters;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What one limiter let through per key per window: windows of {@code windowNanos} aligned to scenario time 0 (window
 * k holds the arrivals in [k W, (k + 1) W)), as a fixed-window counter's are, counted as the outcomes come in and
 * folded into the figures (windows, largest, sum) as soon as a key moves on.
 *
 * <p>Outcomes come nearly in arrival order, but a request that went to a far tier is recorded after later ones, so a
 * key keeps its newest window and the one before open. Memory: the newest window of every key (two numbers), and the
 * one before only for keys that have moved on to a newer window and may still hear of the older one (a small table),
 * whatever the run's length. An outcome for a window older than both (one that came back more than a window late)
 * finds its window closed, or never opened: it is counted as {@code late} and left out of the windows, the largest
 * and the sum, which then understate by what such outcomes carried.
 *
 * <p>A key's newest window is two longs: the window number XOR {@link Long#MIN_VALUE} (so that zeroes are a key with
 * no window yet) and what it let through. They sit in the tally's own array, or beside the key's exact count in that
 * count's rows ({@link #beside}), which the engine reads for the same request just before: one memory read fewer
 * per request. Not thread-safe.
 */
final class WindowTally {

    // a window number as stored: XOR this, so that the zero of a fresh row is "no window"
    private static final long NONE = Long.MIN_VALUE;

    private final long windowNanos;
    // per key number k: its newest open window at [2k] (stored, see NONE) and what it let through at [2k + 1], side
    // by side so that a key's count is one memory read; null when they are kept beside the exact counts
    private long[] newest;
    // the exact counts whose extra two longs per key hold the newest window, or null
    private final KeyCounters beside;
    // per key number, for keys whose previous window is still open: {window, total}
    private final Map<Integer, long[]> previous = new HashMap<>();
    // numbers for callers that pass keys by name (the cluster engine); a run numbers its keys one way only
    private final Map<String, Integer> numbers = new HashMap<>();
    private Boolean byName;
    private long windows;
    private long closedMax;
    private long sumTotals;
    private long lateOutcomes;

    /** @param windowNanos the window length, greater than 0 */
    WindowTally(long windowNanos) {
        this(windowNanos, null);
    }

    private WindowTally(long windowNanos, KeyCounters beside) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window must be greater than 0, was " + windowNanos);
        }
        this.windowNanos = windowNanos;
        this.beside = beside;
        this.newest = beside == null ? new long[0] : null;
    }

    /**
     * A tally that keeps each key's newest window in the two extra longs per key of {@code exactCounts} (dense
     * counters made with {@link KeyCounters#dense(io.edgesim.model.algorithm.AlgorithmSpec, int)} and 2 extra longs,
     * which nothing else writes). Keys are then given by number only.
     */
    static WindowTally beside(long windowNanos, KeyCounters exactCounts) {
        if (exactCounts.extraLongs() != 2) {
            throw new IllegalArgumentException("the exact counts have no room for a window beside each counter");
        }
        WindowTally tally = new WindowTally(windowNanos, exactCounts);
        tally.numberedBy(false);
        return tally;
    }

    /**
     * Counts a request of the key numbered {@code key} (0 or more, the run's numbering) that arrived at
     * {@code requestNanos}: its window saw traffic, and {@code letThroughTokens} (0 for a request refused) more got
     * through in it.
     */
    void add(int key, long requestNanos, long letThroughTokens) {
        numberedBy(false);
        count(key, requestNanos, letThroughTokens);
    }

    /** The same for a key given by name. */
    void add(String key, long requestNanos, long letThroughTokens) {
        numberedBy(true);
        Integer number = numbers.get(key);
        if (number == null) {
            number = numbers.size();
            numbers.put(key, number);
        }
        count(number, requestNanos, letThroughTokens);
    }

    /** The figures over every (key, window) pair that saw traffic. */
    Summary summary() {
        long max = closedMax;
        int first = beside == null ? 0 : beside.extraAt(0);
        long[] rows = beside == null ? newest : beside.rows();
        int stride = beside == null ? 2 : beside.rowLongs();
        for (int at = first; at + 1 < rows.length; at += stride) {
            if (rows[at] != 0) {
                max = Math.max(max, rows[at + 1]);
            }
        }
        for (long[] open : previous.values()) {
            max = Math.max(max, open[1]);
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

    private void numberedBy(boolean name) {
        if (byName == null) {
            byName = name;
        } else if (byName != name) {
            throw new IllegalStateException("a run numbers its reference keys one way: by the run's numbers or by name");
        }
    }

    private void count(int key, long requestNanos, long tokens) {
        long window = Math.floorDiv(requestNanos, windowNanos);
        long[] rows;
        int at;
        if (beside != null) {
            at = beside.extraAt(key);
            rows = beside.rows();
        } else {
            at = 2 * key;
            if (at >= newest.length) {
                grow(at + 2);
            }
            rows = newest;
        }
        long stored = rows[at];
        if (stored == (window ^ NONE)) {
            rows[at + 1] += tokens;
            sumTotals += tokens;
            return;
        }
        long newestWindow = stored ^ NONE;
        if (stored == 0) {
            rows[at] = window ^ NONE;
            rows[at + 1] = tokens;
            windows++;
            sumTotals += tokens;
            return;
        }
        if (window > newestWindow) {
            // a newer window: the newest becomes the one before, and the one before that is done with
            long[] older = previous.put(key, new long[] {newestWindow, rows[at + 1]});
            if (older != null) {
                closedMax = Math.max(closedMax, older[1]);
            }
            rows[at] = window ^ NONE;
            rows[at + 1] = tokens;
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
                closedMax = Math.max(closedMax, before[1]);
            }
            previous.put(key, new long[] {window, tokens});
            windows++;
            sumTotals += tokens;
        } else {
            lateOutcomes++;
        }
    }

    private void grow(int atLeast) {
        newest = Arrays.copyOf(newest, Math.max(atLeast, Math.max(32, newest.length * 2)));
    }
}
