package io.edgesim.model.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the keys of a run densely: the first key seen gets 0, the next new one 1, and so on; equal strings always
 * get the same number. Tiers keep their per-key state in {@link KeySlots} or {@link KeyArray}s indexed by that
 * number, so an engine that numbers a request's key once can hand the number to every stage instead of each stage
 * hashing the string again.
 * Every tier of a run must use the same instance (they take it at construction).
 *
 * <p>Each key also records its plan (a client's contract tier, {@code plan = pro}): the plan given with the call
 * that numbered it, so the first request that carried the key decides its plan for the whole run, whatever kind of
 * key it is (an address shared by clients of two plans, a path, {@code global}). Plans are numbered too, from 1 in
 * the order they first appear; 0 is "no plan". A run without plans keeps no per-key plan array.
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
    // plan number by key number, null until a key with a plan is numbered
    private int[] planNumbers;
    // plan names by plan number (index 0 unused: no plan)
    private final List<String> planNames = new ArrayList<>(List.of(""));
    private final Map<String, Integer> planNumbersByName = new HashMap<>();

    /**
     * The number of {@code key}, assigning the next free one when the key is new, which then takes {@code plan}
     * (null: none) as its plan; a key numbered before keeps the plan it got then.
     */
    public int idOf(String key, String plan) {
        int mask = slotKeys.length - 1;
        int slot = KeySlots.spread(key.hashCode()) & mask;
        while (true) {
            String candidate = slotKeys[slot];
            if (candidate == null) {
                return add(key, slot, plan);
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

    /** The plan of the key numbered {@code id}, or null when it has none. */
    public String plan(int id) {
        int number = planNumber(id);
        return number == 0 ? null : planNames.get(number);
    }

    /** The number of the plan of the key numbered {@code id}: 0 without a plan, else 1 and up ({@link #planName}). */
    public int planNumber(int id) {
        int[] numbers = planNumbers;
        return numbers == null || id >= numbers.length ? 0 : numbers[id];
    }

    /** The plan numbered {@code number} (1 and up) by {@link #planNumber}. */
    public String planName(int number) {
        if (number < 1 || number >= planNames.size()) {
            throw new IndexOutOfBoundsException("no plan numbered " + number + " (" + (planNames.size() - 1)
                    + " plans)");
        }
        return planNames.get(number);
    }

    private int add(String key, int slot, String plan) {
        int id = size++;
        slotKeys[slot] = key;
        slotIds[slot] = id;
        if (id == keysById.length) {
            keysById = Arrays.copyOf(keysById, id * 2);
        }
        keysById[id] = key;
        if (plan != null) {
            setPlan(id, plan);
        }
        if (size * 2 > slotKeys.length) {
            grow();
        }
        return id;
    }

    private void setPlan(int id, String plan) {
        Integer number = planNumbersByName.get(plan);
        if (number == null) {
            number = planNames.size();
            planNames.add(plan);
            planNumbersByName.put(plan, number);
        }
        if (planNumbers == null || id >= planNumbers.length) {
            planNumbers = Arrays.copyOf(planNumbers == null ? new int[0] : planNumbers,
                    Math.max(id + 1, keysById.length));
        }
        planNumbers[id] = number;
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
