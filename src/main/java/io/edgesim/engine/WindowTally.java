package io.edgesim.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * What one limiter let through per key per window, per region: windows of {@code windowNanos} aligned to scenario
 * time 0 (window k holds the arrivals in [k W, (k + 1) W)), as a fixed-window counter's are. Only windows in which a
 * key sent something are held, in a map per key, so memory grows with the (key, window) pairs that saw traffic,
 * never with the run's duration over W; outcomes may come in any order (a request that went to a far tier is
 * recorded after later ones). Not thread-safe.
 */
final class WindowTally {

    private final long windowNanos;
    private final int pops;
    private final Map<String, KeyWindows> keys = new HashMap<>();

    /**
     * @param windowNanos the window length, greater than 0
     * @param pops        how many PoPs (regions) the counts are split into
     */
    WindowTally(long windowNanos, int pops) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window must be greater than 0, was " + windowNanos);
        }
        this.windowNanos = windowNanos;
        this.pops = pops;
    }

    /**
     * Counts a request of {@code key} that arrived in PoP {@code pop} at {@code requestNanos}: the window it falls in
     * now saw traffic, and {@code letThroughTokens} (0 for a request refused) more got through in it.
     */
    void add(String key, int pop, long requestNanos, long letThroughTokens) {
        long window = Math.floorDiv(requestNanos, windowNanos);
        keys.computeIfAbsent(key, k -> new KeyWindows()).counts(window)[pop] += letThroughTokens;
    }

    /** The figures over every (key, window) pair that saw traffic. */
    Summary summary() {
        long windows = 0;
        long maxTotal = 0;
        long sumTotals = 0;
        long[] maxPerPop = new long[pops];
        for (KeyWindows key : keys.values()) {
            for (long[] counts : key.windows.values()) {
                long total = 0;
                for (int p = 0; p < pops; p++) {
                    total += counts[p];
                    maxPerPop[p] = Math.max(maxPerPop[p], counts[p]);
                }
                windows++;
                sumTotals += total;
                maxTotal = Math.max(maxTotal, total);
            }
        }
        return new Summary(windows, maxTotal, sumTotals, maxPerPop);
    }

    /**
     * @param windows   (key, window) pairs that saw traffic
     * @param maxTotal  the most let through in one of them, all regions together
     * @param sumTotals everything let through (so {@code sumTotals / windows} is the mean per window)
     * @param maxPerPop per PoP, the most let through in one of them in that PoP alone
     */
    record Summary(long windows, long maxTotal, long sumTotals, long[] maxPerPop) {
    }

    private final class KeyWindows {
        final Map<Long, long[]> windows = new HashMap<>();
        // most requests of a key fall in the same window as its previous one: that one is kept at hand
        long lastWindow;
        long[] last;

        long[] counts(long window) {
            if (last == null || lastWindow != window) {
                last = windows.computeIfAbsent(window, w -> new long[pops]);
                lastWindow = window;
            }
            return last;
        }
    }
}
