package io.edgesim.model.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per-key values by the key's number in the run's {@link KeyIds}. While the keys stored are a small share of the
 * numbers up to the highest one, they sit in a hash table (open addressing, linear probing, Fibonacci hashing as in
 * {@link KeySlots}: an int and a reference per slot, at most three quarters full); once they are at least one in
 * {@link #DENSE_SHARE} of those numbers, in an array indexed directly by number (one read per lookup, one reference
 * per number whether or not it has a value). A global count per key, or a PoP's entries when keys keep coming back
 * to a few PoPs, ends up direct; a PoP among hundreds, which sees a small share of a million keys, stays hashed and
 * costs what it holds. Which one is in use changes no value read. Not thread-safe.
 *
 * @param <V> the per-key value; never null
 */
public final class KeyArray<V> {

    private static final int MIN_CAPACITY = 16;
    // direct once the values stored are at least 1 / DENSE_SHARE of the numbers up to the highest: then the array
    // costs no more than a hash table of them would (about 16 bytes a value at three quarters full)
    static final int DENSE_SHARE = 4;

    // direct: value of key k at [k]; hashed: the value in the slot whose ids entry is k + 1
    private Object[] values = new Object[MIN_CAPACITY];
    // hashed: number + 1 per slot (0: free); direct: null
    private int[] ids = new int[MIN_CAPACITY];
    private int size;
    private int highest = -1;

    /** The value of key number {@code id}, or null when it has none. */
    @SuppressWarnings("unchecked")
    public V get(int id) {
        Object[] all = values;
        if (ids == null) {
            return id < all.length ? (V) all[id] : null;
        }
        int slot = find(id);
        return slot >= 0 ? (V) all[slot] : null;
    }

    /** Sets the value of key number {@code id} (not null), replacing any it had. */
    public void put(int id, V value) {
        if (value == null) {
            throw new IllegalArgumentException("a key array holds no null values");
        }
        if (id < 0) {
            throw new IllegalArgumentException("a key number is 0 or more, was " + id);
        }
        highest = Math.max(highest, id);
        if (ids == null) {
            if (id >= values.length) {
                values = Arrays.copyOf(values, Math.max(id + 1, values.length * 2));
            }
            if (values[id] == null) {
                size++;
            }
            values[id] = value;
            return;
        }
        int slot = find(id);
        if (slot >= 0) {
            values[slot] = value;
            return;
        }
        slot = -slot - 1;
        ids[slot] = id + 1;
        values[slot] = value;
        size++;
        if (4 * size > 3 * ids.length) {
            grow();
        }
    }

    /** Number of keys with a value. */
    public int size() {
        return size;
    }

    /** The values, by increasing key number. */
    @SuppressWarnings("unchecked")
    public List<V> values() {
        List<V> all = new ArrayList<>(size);
        if (ids == null) {
            for (Object value : values) {
                if (value != null) {
                    all.add((V) value);
                }
            }
            return all;
        }
        int[] order = new int[size];
        int n = 0;
        for (int slot = 0; slot < ids.length; slot++) {
            if (ids[slot] != 0) {
                order[n++] = ids[slot] - 1;
            }
        }
        Arrays.sort(order);
        for (int id : order) {
            all.add((V) values[find(id)]);
        }
        return all;
    }

    /** Whether values are kept in the array indexed by number (else in the hash table): for tests. */
    boolean direct() {
        return ids == null;
    }

    // the slot holding id, or -(the free slot where it would go) - 1
    private int find(int id) {
        int[] slots = ids;
        int mask = slots.length - 1;
        for (int slot = KeySlots.spread(id) & mask; ; slot = (slot + 1) & mask) {
            int stored = slots[slot];
            if (stored == id + 1) {
                return slot;
            }
            if (stored == 0) {
                return -slot - 1;
            }
        }
    }

    // a full table: direct when dense enough, else twice the slots
    private void grow() {
        int[] oldIds = ids;
        Object[] oldValues = values;
        if ((long) size * DENSE_SHARE >= highest + 1L) {
            ids = null;
            values = new Object[Math.max(MIN_CAPACITY, highest + 1)];
            for (int slot = 0; slot < oldIds.length; slot++) {
                if (oldIds[slot] != 0) {
                    values[oldIds[slot] - 1] = oldValues[slot];
                }
            }
            return;
        }
        ids = new int[oldIds.length * 2];
        values = new Object[oldIds.length * 2];
        for (int slot = 0; slot < oldIds.length; slot++) {
            if (oldIds[slot] != 0) {
                int free = -find(oldIds[slot] - 1) - 1;
                ids[free] = oldIds[slot];
                values[free] = oldValues[slot];
            }
        }
    }
}
