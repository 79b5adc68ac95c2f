package io.edgesim.model.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per-key values indexed directly by the key's number in the run's {@link KeyIds}: one array read per lookup, no
 * probing. Memory is one reference per key number up to the highest one stored (4 bytes with compressed references),
 * whether or not that key has a value, so it suits structures that end up holding a good share of the run's keys: a
 * global counter per key, or a PoP's entries when keys keep coming back to their PoPs. A structure that holds few of
 * them at a time (an isolate, emptied at each eviction) uses {@link KeySlots}. The array grows by doubling. Not
 * thread-safe.
 *
 * @param <V> the per-key value; never null
 */
public final class KeyArray<V> {

    private static final int MIN_CAPACITY = 16;

    private Object[] values = new Object[MIN_CAPACITY];
    private int size;

    /** The value of key number {@code id}, or null when it has none. */
    @SuppressWarnings("unchecked")
    public V get(int id) {
        Object[] all = values;
        return id < all.length ? (V) all[id] : null;
    }

    /** Sets the value of key number {@code id} (not null), replacing any it had. */
    public void put(int id, V value) {
        if (value == null) {
            throw new IllegalArgumentException("a key array holds no null values");
        }
        if (id >= values.length) {
            values = Arrays.copyOf(values, Math.max(id + 1, values.length * 2));
        }
        if (values[id] == null) {
            size++;
        }
        values[id] = value;
    }

    /** Number of keys with a value. */
    public int size() {
        return size;
    }

    /** The values, by increasing key number. */
    @SuppressWarnings("unchecked")
    public List<V> values() {
        List<V> all = new ArrayList<>(size);
        for (Object value : values) {
            if (value != null) {
                all.add((V) value);
            }
        }
        return all;
    }
}
