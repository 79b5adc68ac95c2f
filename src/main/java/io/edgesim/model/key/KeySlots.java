package io.edgesim.model.key;

import java.util.Arrays;

/**
 * A fixed number of longs per key, keyed by the key's number in the run's {@link KeyIds}, all in one array: a key's
 * number and its longs sit side by side, so reaching them costs one or two cache lines, where a table of objects
 * costs the slot, the reference and the object.
 *
 * <p>Mechanism: open addressing with linear probing over one {@code long[]} of slots of {@code 1 + longsPerKey}
 * longs (number + 1, 0 marking a free slot; then the key's longs), at most three quarters full, slots found by the
 * same Fibonacci hashing as {@link KeyTable}. A key's longs start as zeros. Entries are never removed one by one;
 * {@link #clear} empties the table. Not thread-safe.
 */
public final class KeySlots {

    private static final int MIN_SLOTS = 16;

    private final int stride;
    private long[] data;
    // slots - 1 (a power of two less one), kept apart so that finding a slot divides nothing
    private int mask;
    private int size;

    /** A table of {@code longsPerKey} longs (1 or more) per key. */
    public KeySlots(int longsPerKey) {
        if (longsPerKey < 1) {
            throw new IllegalArgumentException("longs per key must be 1 or more, was " + longsPerKey);
        }
        this.stride = 1 + longsPerKey;
        this.data = new long[MIN_SLOTS * stride];
        this.mask = MIN_SLOTS - 1;
    }

    /**
     * Where key number {@code id}'s longs start in {@link #data()}, adding them (zeros) when the key has none. Adding
     * may replace the array: read {@link #data()} after this call.
     */
    public int offset(int id) {
        long[] d = data;
        int mask = this.mask;
        long stored = id + 1L;
        for (int slot = KeyTable.spread(id) & mask; ; slot = (slot + 1) & mask) {
            int at = slot * stride;
            long candidate = d[at];
            if (candidate == stored) {
                return at + 1;
            }
            if (candidate == 0) {
                if ((size + 1) * 4L > (mask + 1L) * 3L) {
                    grow();
                    return offset(id);
                }
                d[at] = stored;
                size++;
                return at + 1;
            }
        }
    }

    /** The array the offsets point into; replaced when the table grows. */
    public long[] data() {
        return data;
    }

    /** Number of keys held. */
    public int size() {
        return size;
    }

    /** Forgets every key; the capacity stays. */
    public void clear() {
        Arrays.fill(data, 0);
        size = 0;
    }

    private void grow() {
        long[] old = data;
        int slots = (mask + 1) * 2;
        long[] grown = new long[slots * stride];
        int mask = slots - 1;
        for (int from = 0; from < old.length; from += stride) {
            if (old[from] != 0) {
                int slot = KeyTable.spread((int) (old[from] - 1)) & mask;
                while (grown[slot * stride] != 0) {
                    slot = (slot + 1) & mask;
                }
                System.arraycopy(old, from, grown, slot * stride, stride);
            }
        }
        data = grown;
        this.mask = mask;
    }
}
