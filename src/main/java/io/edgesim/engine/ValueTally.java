package io.edgesim.engine;

import java.util.Arrays;

/**
 * An exact count of whole non-negative values - the seconds of Retry-After headers, latencies in microseconds
 * ({@link LatencyTally}) - : how many times each value was seen, in an open-addressing table of primitive longs, so
 * memory grows with the number of distinct values, not with their size or their count. Percentiles are nearest-rank: the p-th percentile of n values is the smallest value v such that at
 * least p % of them are at most v (the value at rank ceil(p / 100 * n), counting from 1 in ascending order), so it is
 * always a value that was recorded. Not thread-safe.
 */
final class ValueTally {

    private static final long EMPTY = -1;
    private static final int INITIAL_CAPACITY = 16;

    private long[] values = newTable(INITIAL_CAPACITY);
    private long[] counts = new long[INITIAL_CAPACITY];
    private int distinct;
    private long total;
    private long max;
    // refusals come in runs telling the same second; the last slot saves the lookup
    private int lastSlot = -1;

    private static long[] newTable(int capacity) {
        long[] table = new long[capacity];
        Arrays.fill(table, EMPTY);
        return table;
    }

    /** Counts one occurrence of {@code seconds} (any whole value, not negative). */
    void add(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("values must not be negative, got " + seconds);
        }
        total++;
        max = Math.max(max, seconds);
        if (lastSlot >= 0 && values[lastSlot] == seconds) {
            counts[lastSlot]++;
            return;
        }
        int slot = slotOf(values, seconds);
        if (values[slot] == EMPTY) {
            if (2 * (distinct + 1) > values.length) {
                grow();
                slot = slotOf(values, seconds);
            }
            values[slot] = seconds;
            distinct++;
        }
        counts[slot]++;
        lastSlot = slot;
    }

    /** How many values were counted. */
    long total() {
        return total;
    }

    /** How many different values were counted. */
    int distinct() {
        return distinct;
    }

    /** Each value counted, with how many times, in no order. */
    void forEach(Counted each) {
        for (int slot = 0; slot < values.length; slot++) {
            if (values[slot] != EMPTY) {
                each.accept(values[slot], counts[slot]);
            }
        }
    }

    /** What {@link #forEach} gives. */
    interface Counted {
        void accept(long value, long count);
    }

    /** The largest value counted, 0 when none was. */
    long max() {
        return max;
    }

    /**
     * The nearest-rank {@code percentile} (0 < percentile <= 100) of the values counted, 0 when none was.
     */
    long percentile(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + percentile);
        }
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * total));
        long[] sorted = new long[distinct];
        int n = 0;
        for (long value : values) {
            if (value != EMPTY) {
                sorted[n++] = value;
            }
        }
        Arrays.sort(sorted);
        long seen = 0;
        for (long value : sorted) {
            seen += counts[slotOf(values, value)];
            if (seen >= rank) {
                return value;
            }
        }
        return max;
    }

    private void grow() {
        long[] oldValues = values;
        long[] oldCounts = counts;
        values = newTable(oldValues.length * 2);
        counts = new long[oldValues.length * 2];
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != EMPTY) {
                int slot = slotOf(values, oldValues[i]);
                values[slot] = oldValues[i];
                counts[slot] = oldCounts[i];
            }
        }
        lastSlot = -1;
    }

    // linear probing; the table is at most half full, so a free slot or the value is always found
    private static int slotOf(long[] table, long value) {
        int mask = table.length - 1;
        int slot = Long.hashCode(value * 0x9E3779B97F4A7C15L) & mask;
        while (table[slot] != EMPTY && table[slot] != value) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }
}
