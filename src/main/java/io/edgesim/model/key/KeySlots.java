package io.edgesim.model.key;

import java.util.Arrays;

/**
 * A fixed number of longs per key, keyed by the key's number in the run's {@link KeyIds}, all in one array: a key's
 * number and its longs sit side by side, so reaching them costs one or two cache lines, where a table of objects
 * costs the slot, the reference and the object.
 *
 * <p>Mechanism: open addressing with linear probing over one {@code long[]} of slots of {@code 1 + longsPerKey}
 * longs (number + 1, 0 marking a free slot; then the key's longs), at most three quarters full, slots found by the
 * Fibonacci hashing ({@link #spread}). A key's longs start as zeros. A table may also hold a few object
 * references per key, in a second array with the same slot order (null at first). Entries are never removed one by
 * one; {@link #clear} empties the table. Not thread-safe.
 */
public final class KeySlots {

    private static final int MIN_SLOTS = 16;

    private final int stride;
    private final int objectsPerKey;
    private long[] data;
    private Object[] objects;
    // slots - 1 (a power of two less one), kept apart so that finding a slot divides nothing
    private int mask;
    private int size;

    /** A table of {@code longsPerKey} longs (1 or more) and {@code objectsPerKey} references (0 or more) per key. */
    public KeySlots(int longsPerKey, int objectsPerKey) {
        if (longsPerKey < 1 || objectsPerKey < 0) {
            throw new IllegalArgumentException("longs per key must be 1 or more and objects per key 0 or more, was "
                    + longsPerKey + " and " + objectsPerKey);
        }
        this.stride = 1 + longsPerKey;
        this.objectsPerKey = objectsPerKey;
        this.data = new long[MIN_SLOTS * stride];
        this.objects = new Object[MIN_SLOTS * objectsPerKey];
        this.mask = MIN_SLOTS - 1;
    }

    /**
     * The slot of key number {@code id}, adding it (zeros, nulls) when the key has none: its longs start at
     * {@link #longsAt}, its references at {@link #objectsAt}. Adding may replace the arrays: read {@link #data()} and
     * {@link #objects()} after this call.
     */
    public int slot(int id) {
        int found = probe(id);
        if (found >= 0) {
            return found;
        }
        if ((size + 1) * 4L > (mask + 1L) * 3L) {
            grow();
            return slot(id);
        }
        int free = -found - 1;
        data[free * stride] = id + 1L;
        size++;
        return free;
    }

    /** The slot of key number {@code id}, or -1 when it has none (nothing is added). */
    public int find(int id) {
        return Math.max(-1, probe(id));
    }

    // the slot holding key number id, or -(the free slot where it would go) - 1
    private int probe(int id) {
        long[] d = data;
        int mask = this.mask;
        long stored = id + 1L;
        for (int slot = spread(id) & mask; ; slot = (slot + 1) & mask) {
            long candidate = d[slot * stride];
            if (candidate == stored) {
                return slot;
            }
            if (candidate == 0) {
                return -slot - 1;
            }
        }
    }

    /** Reads the slot where a lookup of key number {@code id} starts, and nothing else ({@code PopLocalTier#touch}). */
    public long touch(int id) {
        return data[(spread(id) & mask) * stride];
    }

    /** Where the longs of {@code slot} start in {@link #data()}. */
    public int longsAt(int slot) {
        return slot * stride + 1;
    }

    /** Where the references of {@code slot} start in {@link #objects()}. */
    public int objectsAt(int slot) {
        return slot * objectsPerKey;
    }

    /** The array {@link #objectsAt} points into; replaced when the table grows. */
    public Object[] objects() {
        return objects;
    }

    /** The array {@link #longsAt} points into; replaced when the table grows. */
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
        Arrays.fill(objects, null);
        size = 0;
    }

    /** Fibonacci hashing (times 2^32 / phi), with the well-mixed high half folded into the low bits a mask keeps. */
    static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private void grow() {
        long[] old = data;
        int slots = (mask + 1) * 2;
        long[] grown = new long[slots * stride];
        Object[] grownObjects = new Object[slots * objectsPerKey];
        int mask = slots - 1;
        for (int from = 0, fromSlot = 0; from < old.length; from += stride, fromSlot++) {
            if (old[from] != 0) {
                int slot = spread((int) (old[from] - 1)) & mask;
                while (grown[slot * stride] != 0) {
                    slot = (slot + 1) & mask;
                }
                System.arraycopy(old, from, grown, slot * stride, stride);
                System.arraycopy(objects, fromSlot * objectsPerKey, grownObjects, slot * objectsPerKey,
                        objectsPerKey);
            }
        }
        data = grown;
        objects = grownObjects;
        this.mask = mask;
    }
}
