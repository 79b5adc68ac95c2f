package io.edgesim.model.tier.local;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeySlots;

import java.util.Arrays;

/**
 * One counter per key under one algorithm, keyed by the key's number in the run's {@code KeyIds}, created fresh on
 * a key's first request: what a tier that decides in place (an isolate's memory, an exact count) keeps. Each key's
 * counter is a cell ({@link CounterCells}: a flat counter's longs, or the sliding log's object), either in a hash
 * table of the keys seen ({@link #hashed}: memory grows with them) or in arrays indexed by key number ({@link #dense}:
 * no hashing; memory grows with the largest key number of the run, which numbers every kind of key, so it suits a
 * count that sees most of the run's keys). With plans, each key counts with its plan's numbers
 * ({@link CounterCells}). Not thread-safe.
 */
public final class KeyCounters {

    private final CounterCells cells;
    // hashed: the table; dense: null, and the longs of key k's cell at [k x rowLongs], its objects at [k x objects]
    private final KeySlots slots;
    private final int rowLongs;
    private long[] longs;
    private Object[] objects;

    private KeyCounters(AlgorithmSpec algorithm, KeyIds keys, boolean dense) {
        this.cells = new CounterCells(algorithm, keys);
        // a table row needs a long at least, even for a cell that is one object
        this.slots = dense ? null : new KeySlots(Math.max(1, cells.longs), cells.objects);
        this.rowLongs = cells.longs;
        this.longs = dense ? new long[16 * rowLongs] : null;
        this.objects = dense ? new Object[16 * cells.objects] : null;
    }

    /** Counters in a hash table of the keys seen, numbered (and their plans found) by {@code keys}. */
    public static KeyCounters hashed(AlgorithmSpec algorithm, KeyIds keys) {
        return new KeyCounters(algorithm, keys, false);
    }

    /** Counters in arrays indexed by key number, numbered (and their plans found) by {@code keys}. */
    public static KeyCounters dense(AlgorithmSpec algorithm, KeyIds keys) {
        return new KeyCounters(algorithm, keys, true);
    }

    /** Decides a request of {@code cost} at {@code nowNanos} on key number {@code keyId}'s counter. */
    public Decision tryAcquire(int keyId, long nowNanos, long cost) {
        if (slots != null) {
            int slot = slots.slot(keyId);
            return cells.decide(keyId, slots.data(), slots.longsAt(slot), slots.objects(), slots.objectsAt(slot),
                    nowNanos, cost);
        }
        makeRoom(keyId);
        return cells.decide(keyId, longs, keyId * rowLongs, objects, keyId * cells.objects, nowNanos, cost);
    }

    /** The same, answering only whether the request passes (what an exact count needs). */
    public boolean allows(int keyId, long nowNanos, long cost) {
        if (slots != null) {
            int slot = slots.slot(keyId);
            return cells.allows(keyId, slots.data(), slots.longsAt(slot), slots.objects(), slots.objectsAt(slot),
                    nowNanos, cost);
        }
        makeRoom(keyId);
        return cells.allows(keyId, longs, keyId * rowLongs, objects, keyId * cells.objects, nowNanos, cost);
    }

    /**
     * For a first-request fixed window, the start of the window in which the request of key number {@code keyId} just
     * decided at {@code nowNanos} counts (its time when it opened none); see
     * {@link io.edgesim.model.algorithm.FirstRequestWindowCounter#windowStartNanos}.
     *
     * @throws IllegalStateException for another algorithm
     */
    public long windowStartNanos(int keyId, long nowNanos) {
        if (slots != null) {
            int slot = slots.slot(keyId);
            return cells.windowStartNanos(keyId, slots.data(), slots.longsAt(slot), nowNanos);
        }
        makeRoom(keyId);
        return cells.windowStartNanos(keyId, longs, keyId * rowLongs, nowNanos);
    }

    /**
     * Reads the first long of key number {@code keyId}'s counter (0 when it has none yet), and nothing else: a loop
     * that reads the counters of several requests before deciding them has the processor fetch them together.
     */
    public long touch(int keyId) {
        if (slots != null || rowLongs == 0) {
            return 0;
        }
        int at = keyId * rowLongs;
        return at < longs.length ? longs[at] : 0;
    }

    // dense: the key numbers that have a row so far (from 0)
    private int keysWithRows() {
        return rowLongs > 0 ? longs.length / rowLongs : objects.length;
    }

    // dense: grows the arrays to hold key number keyId
    private void makeRoom(int keyId) {
        if ((keyId + 1) * rowLongs > longs.length || (keyId + 1) * cells.objects > objects.length) {
            int keys = Math.max(keyId + 1, 2 * keysWithRows());
            longs = Arrays.copyOf(longs, keys * rowLongs);
            objects = Arrays.copyOf(objects, keys * cells.objects);
        }
    }

    /** Forgets every key's counter. */
    public void clear() {
        if (slots != null) {
            slots.clear();
        } else {
            Arrays.fill(longs, 0);
            Arrays.fill(objects, null);
        }
    }
}
