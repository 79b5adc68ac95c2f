package io.edgesim.model.key;

import java.util.Arrays;

/**
 * Numbers the keys of a run densely: the first key seen gets 0, the next new one 1, and so on; equal strings always
 * get the same number. Tiers keep their per-key state in {@link KeySlots} or {@link KeyArray}s indexed by that
 * number, so an engine that numbers a request's key once can hand the number to every stage instead of each stage
 * hashing the string again.
 * Every tier of a run must use the same instance (they take it at construction).
 *
 * <p>Mechanism: open addressing with linear probing over a power-of-two array of keys, at most half full. A slot is
 * compared by identity before {@code equals}: clients reuse one {@code String} instance per key, so a hit rarely
 * reads the characters. Not thread-safe.
 */
public final class KeyIds {

    private static final int MIN_CAPACITY = 16;

    private String[] slotKeys = new String[MIN_CAPACITY];
    private int[] slotIds = new int[MIN_CAPACITY];
    private String[] keysById = new String[MIN_CAPACITY / 2];
    private int size;

    /** The number of {@code key}, assigning the next free one when the key is new. */
    public int idOf(String key) {
        int mask = slotKeys.length - 1;
        int slot = KeySlots.spread(key.hashCode()) & mask;
        while (true) {
            String candidate = slotKeys[slot];
            if (candidate == null) {
                return add(key, slot);
            }
            if (candidate == key || candidate.equals(key)) {
                return slotIds[slot];
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The key numbered {@code id}. */
    public String key(int id) {
        if (id < 0 || id >= size) {
            throw new IndexOutOfBoundsException("no key numbered " + id + " (" + size + " keys)");
        }
        return keysById[id];
    }

    /** How many keys have a number. */
    public int size() {
        return size;
    }

    private int add(String key, int slot) {
        int id = size++;
        slotKeys[slot] = key;
        slotIds[slot] = id;
        if (id == keysById.length) {
            keysById = Arrays.copyOf(keysById, id * 2);
        }
        keysById[id] = key;
        if (size * 2 > slotKeys.length) {
            grow();
        }
        return id;
    }

    private void grow() {
        String[] oldKeys = slotKeys;
        int[] oldIds = slotIds;
        slotKeys = new String[oldKeys.length * 2];
        slotIds = new int[oldKeys.length * 2];
        int mask = slotKeys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = KeySlots.spread(oldKeys[i].hashCode()) & mask;
                while (slotKeys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                slotKeys[slot] = oldKeys[i];
                slotIds[slot] = oldIds[i];
            }
        }
    }
}
