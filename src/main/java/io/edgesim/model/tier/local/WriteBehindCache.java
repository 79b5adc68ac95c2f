package io.edgesim.model.tier.local;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeySlots;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.TierSettings;

/**
 * A counter kept in one PoP's Cache API ({@code caches.default}) the way a Worker does it: read the stored state,
 * decide on a copy, respond, and write the new state back after responding ({@code waitUntil}). The write lands
 * {@code writeDelayNanos} after the read. Nothing is atomic: every request between a read and the landing of its
 * write reads the old state, and concurrent writes overwrite each other (the last to land wins), so bursts closer
 * together than the write delay undercount. Works with any algorithm ({@link CounterCells}).
 *
 * <p>A stored entry lives for the algorithm's state lifetime ({@link AlgorithmSpec#stateLifetimeNanos()}: the window
 * for fixed-window and sliding-log, two windows for sliding-window, a whole refill for token-bucket and gcra) from its
 * last write, then is gone: that is the max-age a Worker author sets so that the counter survives as long as it
 * changes a decision, and no longer. The cache is not replicated: one instance per PoP. Each request costs
 * {@code readLatencyNanos} (the read; "under 1 ms"); the decision and the write are both taken at the request's
 * arrival time. A refused request writes nothing (a refused request never changes a counter's state), unless the
 * algorithm counts every request ({@code count = all}).
 *
 * <p>Single owner, calls in nondecreasing time order. Every write lands after the same delay, so writes land in the
 * order they were issued: they wait in one queue, and each call first lands every write due by its time (the last
 * to land winning), which is the same as landing each on time.
 *
 * <p>Layout: one row per key written to, in a {@link KeySlots} table holding the stored state
 * ({@link CounterCells}) and its write time, so that a request reads one row; writes in flight wait in a ring of the
 * same cells. For the algorithms with flat state a request allocates no counter state; sliding-log copies its log
 * once per request (the copy it decides on), and that copy is what is written.
 */
public final class WriteBehindCache implements PopLocalTier {

    // a row's longs: whether a state is stored (1) or not (0), its write time, then its cell
    private static final int PRESENT = 0;
    private static final int WRITTEN_AT = 1;
    private static final int STORED = 2;
    // a write's longs in the ring: its key number, its landing time, then its cell
    private static final int KEY = 0;
    private static final int LANDS_AT = 1;
    private static final int CELL = 2;

    private final CounterCells cells;
    private final long readLatencyNanos;
    private final long writeDelayNanos;
    // count = all: a refused request changes the state, so it is written back too
    private final boolean countsRefused;
    private final long maxAgeNanos;
    private final KeySlots rows;
    // the writes in flight, oldest first, in a ring of writeStride longs (and cells.objects references) per write
    private final int writeStride;
    private long[] writes;
    private Object[] writeObjects;
    private int capacity = 16;
    private int firstWrite;
    private int writesInFlight;
    // the copy a request decides on
    private final long[] scratchLongs;
    private final Object[] scratchObjects;

    /**
     * @param settings  read latency and write delay, both at least 0
     * @param algorithm the counting rule; its state lifetime is the entries' max-age
     * @param keys      the run's numbering of keys
     */
    public WriteBehindCache(TierSettings.Cache settings, AlgorithmSpec algorithm, KeyIds keys) {
        if (settings.readLatencyNanos() < 0 || settings.writeDelayNanos() < 0) {
            throw new IllegalArgumentException("cache read latency and write delay must not be negative");
        }
        this.cells = new CounterCells(algorithm, keys);
        this.countsRefused = algorithm.countsRefused();
        this.readLatencyNanos = settings.readLatencyNanos();
        this.writeDelayNanos = settings.writeDelayNanos();
        this.maxAgeNanos = algorithm.stateLifetimeNanos();
        this.rows = new KeySlots(STORED + cells.longs, cells.objects);
        this.writeStride = CELL + cells.longs;
        this.writes = new long[capacity * writeStride];
        this.writeObjects = new Object[capacity * cells.objects];
        this.scratchLongs = new long[cells.longs];
        this.scratchObjects = new Object[cells.objects];
    }

    @Override
    public void decide(int keyId, long nowNanos, int cost, StageVerdict into) {
        int slot = read(keyId, nowNanos);
        // decide on a copy of what was read (a fresh counter when nothing was)
        if (slot >= 0 && rows.data()[rows.longsAt(slot) + PRESENT] != 0) {
            cells.copy(rows.data(), rows.longsAt(slot) + STORED, rows.objects(), rows.objectsAt(slot), scratchLongs, 0,
                    scratchObjects, 0);
        } else {
            cells.clear(scratchLongs, 0, scratchObjects, 0);
        }
        Decision decision = cells.decide(keyId, scratchLongs, 0, scratchObjects, 0, nowNanos, cost);
        if (decision.allowed() || countsRefused) {
            issue(keyId, nowNanos + writeDelayNanos);
        }
        into.of(decision, readLatencyNanos);
    }

    @Override
    public long touch(int keyId) {
        return rows.touch(keyId);
    }

    /**
     * True when an entry for key number {@code keyId} is stored at {@code nowNanos} (landed and not past its
     * max-age).
     */
    public boolean holds(int keyId, long nowNanos) {
        int slot = read(keyId, nowNanos);
        return slot >= 0 && rows.data()[rows.longsAt(slot) + PRESENT] != 0;
    }

    /**
     * The slot of key number {@code keyId} as a read finds it at {@code nowNanos} (writes due by then landed, and its
     * state dropped when past its max-age), or -1 when no write for it ever landed.
     */
    private int read(int keyId, long nowNanos) {
        landUntil(nowNanos);
        int slot = rows.find(keyId);
        if (slot < 0) {
            return slot;
        }
        long[] row = rows.data();
        int at = rows.longsAt(slot);
        if (row[at + PRESENT] != 0 && nowNanos - row[at + WRITTEN_AT] >= maxAgeNanos) {
            row[at + PRESENT] = 0;
            cells.clear(row, at + STORED, rows.objects(), rows.objectsAt(slot));
        }
        return slot;
    }

    // lands every write due by nowNanos, oldest first
    private void landUntil(long nowNanos) {
        while (writesInFlight > 0 && writes[firstWrite * writeStride + LANDS_AT] <= nowNanos) {
            int w = firstWrite * writeStride;
            int slot = rows.slot((int) writes[w + KEY]);
            long[] row = rows.data();
            int at = rows.longsAt(slot);
            row[at + PRESENT] = 1;
            row[at + WRITTEN_AT] = writes[w + LANDS_AT];
            cells.move(writes, w + CELL, writeObjects, firstWrite * cells.objects, row, at + STORED, rows.objects(),
                    rows.objectsAt(slot));
            firstWrite = (firstWrite + 1) & (capacity - 1);
            writesInFlight--;
        }
    }

    // queues a write of the scratch cell for key number keyId, landing at landsAtNanos
    private void issue(int keyId, long landsAtNanos) {
        if (writesInFlight == capacity) {
            growWrites();
        }
        int index = (firstWrite + writesInFlight) & (capacity - 1);
        int w = index * writeStride;
        writes[w + KEY] = keyId;
        writes[w + LANDS_AT] = landsAtNanos;
        cells.move(scratchLongs, 0, scratchObjects, 0, writes, w + CELL, writeObjects, index * cells.objects);
        writesInFlight++;
    }

    // twice the room (a power of two), the writes in flight moved to the start in order
    private void growWrites() {
        long[] grown = new long[2 * writes.length];
        Object[] grownObjects = new Object[2 * writeObjects.length];
        for (int i = 0; i < writesInFlight; i++) {
            int from = (firstWrite + i) & (capacity - 1);
            System.arraycopy(writes, from * writeStride, grown, i * writeStride, writeStride);
            System.arraycopy(writeObjects, from * cells.objects, grownObjects, i * cells.objects, cells.objects);
        }
        writes = grown;
        writeObjects = grownObjects;
        firstWrite = 0;
        capacity *= 2;
    }
}
