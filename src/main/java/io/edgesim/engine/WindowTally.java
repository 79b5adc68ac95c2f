package io.edgesim.engine;

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
 * and the sum, which then understate by what such outcomes carried. Not thread-safe.
 */
final class WindowTally {

    private static final long NONE = Long.MIN_VALUE;

    private final long windowNanos;
    // per key number k: its newest open window at [2k] (NONE before its first request) and what it let through at
    // [2k + 1], side by side so that a key's count is one memory read
    private long[] newest = new long[0];
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
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window must be greater than 0, was " + windowNanos);
        }
        this.windowNanos = windowNanos;
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
        for (int k = 0; k < newest.length; k += 2) {
            if (newest[k] != NONE) {
                max = Math.max(max, newest[k + 1]);
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
        int at = 2 * key;
        if (at >= newest.length) {
            grow(at + 2);
        }
        long newestWindow = newest[at];
        if (newestWindow == window) {
            newest[at + 1] += tokens;
            sumTotals += tokens;
            return;
        }
        if (newestWindow == NONE) {
            newest[at] = window;
            newest[at + 1] = tokens;
            windows++;
            sumTotals += tokens;
            return;
        }
        if (window > newestWindow) {
            // a newer window: the newest becomes the one before, and the one before that is done with
            long[] older = previous.put(key, new long[] {newestWindow, newest[at + 1]});
            if (older != null) {
                closedMax = Math.max(closedMax, older[1]);
            }
            newest[at] = window;
            newest[at + 1] = tokens;
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
        int old = newest.length;
        int capacity = Math.max(atLeast, Math.max(32, old * 2));
        newest = Arrays.copyOf(newest, capacity);
        for (int k = old; k < capacity; k += 2) {
            newest[k] = NONE;
        }
    }
}
