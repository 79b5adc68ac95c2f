package io.edgesim.model.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per-key values of one tier, keyed by the key's number in the run's {@link KeyIds}: what a
 * {@code HashMap<String, V>} would hold, without hashing strings or allocating a node per entry.
 *
 * <p>Mechanism: open addressing with linear probing over two parallel power-of-two arrays (number + 1, 0 marking a
 * free slot; value), at most three quarters full; the slot is the number scrambled by Fibonacci hashing, so numbers
 * that follow each other or share a stride do not pile up. Entries are never removed one by one (a tier that forgets
 * a key stores an empty value instead); {@link #clear} empties the table. Memory grows with the entries held (10 to
 * 21 bytes each), not with the number of keys in the run. Not thread-safe.
 *
 * @param <V> the per-key value; never null
 */
public final class KeyTable<V> {

    private static final int MIN_CAPACITY = 16;

    private int[] slotIds = new int[MIN_CAPACITY];
    private Object[] values = new Object[MIN_CAPACITY];
    private int size;

    /** The value of key number {@code id}, or null when it has none. */
    @SuppressWarnings("unchecked")
    public V get(int id) {
        int[] ids = slotIds;
        int mask = ids.length - 1;
        int stored = id + 1;
        for (int slot = spread(id) & mask; ; slot = (slot + 1) & mask) {
            int candidate = ids[slot];
            if (candidate == stored) {
                return (V) values[slot];
            }
            if (candidate == 0) {
                return null;
            }
        }
    }

    /** Sets the value of key number {@code id} (not null), replacing any it had. */
    public void put(int id, V value) {
        if (value == null) {
            throw new IllegalArgumentException("a key table holds no null values");
        }
        int mask = slotIds.length - 1;
        int stored = id + 1;
        int slot = spread(id) & mask;
        while (slotIds[slot] != 0 && slotIds[slot] != stored) {
            slot = (slot + 1) & mask;
        }
        values[slot] = value;
        if (slotIds[slot] == 0) {
            slotIds[slot] = stored;
            if (++size * 4 > slotIds.length * 3) {
                grow();
            }
        }
    }

    /** Number of keys with a value. */
    public int size() {
        return size;
    }

    /** Forgets every value; the capacity stays. */
    public void clear() {
        Arrays.fill(slotIds, 0);
        Arrays.fill(values, null);
        size = 0;
    }

    /** A snapshot of the values, in no particular order. */
    @SuppressWarnings("unchecked")
    public List<V> values() {
        List<V> all = new ArrayList<>(size);
        for (int i = 0; i < slotIds.length; i++) {
            if (slotIds[i] != 0) {
                all.add((V) values[i]);
            }
        }
        return all;
    }

    /** Fibonacci hashing (times 2^32 / phi), with the well-mixed high half folded into the low bits a mask keeps. */
    static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    private void grow() {
        int[] oldIds = slotIds;
        Object[] oldValues = values;
        slotIds = new int[oldIds.length * 2];
        values = new Object[oldIds.length * 2];
        int mask = slotIds.length - 1;
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != 0) {
                int slot = spread(oldIds[i] - 1) & mask;
                while (slotIds[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slotIds[slot] = oldIds[i];
                values[slot] = oldValues[i];
            }
        }
    }
}
