package io.edgesim.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What one limiter let through per key per window: windows of {@code windowNanos} aligned to scenario time 0 (window
 * k holds the arrivals in [k W, (k + 1) W)), as a fixed-window counter's are, counted as the outcomes come in and
 * folded into the figures (windows, largest, sum) as soon as a key moves on.
 *
 * <p>Memory is two open windows per key (three numbers each), whatever the run's length: outcomes come nearly in
 * arrival order, but a request that went to a far tier is recorded after later ones, so a key keeps its newest window
 * and the one before open. An outcome for a window older than both (one that came back more than a window late) is
 * still counted in the sum, but its window may already be closed; such outcomes are counted as {@code late}, and the
 * largest window may then be understated by what they carried. Not thread-safe.
 */
final class WindowTally {

    private static final long NONE = Long.MIN_VALUE;

    private final long windowNanos;
    // per key number k: [2k] the newest open window and [2k + 1] the one before (NONE when empty), with their totals
    private long[] openWindows = new long[0];
    private long[] openTotals = new long[0];
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
        for (int i = 0; i < openWindows.length; i++) {
            if (openWindows[i] != NONE) {
                max = Math.max(max, openTotals[i]);
            }
        }
        return new Summary(windows, max, sumTotals, lateOutcomes);
    }

    /**
     * @param windows      (key, window) pairs that saw traffic
     * @param maxTotal     the most let through in one of them
     * @param sumTotals    everything let through (so {@code sumTotals / windows} is the mean per window)
     * @param lateOutcomes outcomes recorded after their window was closed (in the sum; maybe not in the largest)
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
        int newest = 2 * key;
        int older = newest + 1;
        if (older >= openWindows.length) {
            grow(older + 1);
        }
        sumTotals += tokens;
        if (openWindows[newest] == window) {
            openTotals[newest] += tokens;
        } else if (openWindows[older] == window) {
            openTotals[older] += tokens;
        } else if (openWindows[newest] == NONE || window > openWindows[newest]) {
            // a newer window: the one before the newest is done with
            close(older);
            openWindows[older] = openWindows[newest];
            openTotals[older] = openTotals[newest];
            open(newest, window, tokens);
        } else if (openWindows[older] == NONE || window > openWindows[older]) {
            // between the two open ones
            close(older);
            open(older, window, tokens);
        } else {
            lateOutcomes++;
        }
    }

    private void open(int slot, long window, long tokens) {
        openWindows[slot] = window;
        openTotals[slot] = tokens;
        windows++;
    }

    private void close(int slot) {
        if (openWindows[slot] != NONE) {
            closedMax = Math.max(closedMax, openTotals[slot]);
            openWindows[slot] = NONE;
        }
    }

    private void grow(int atLeast) {
        int old = openWindows.length;
        int capacity = Math.max(atLeast, Math.max(16, old * 2));
        openWindows = Arrays.copyOf(openWindows, capacity);
        openTotals = Arrays.copyOf(openTotals, capacity);
        Arrays.fill(openWindows, old, capacity, NONE);
    }
}
