package io.edgesim.model.tier.local;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeySlots;
import io.edgesim.model.tier.TierSettings;

/**
 * The central side of Workers KV for one limiter stage: per key the latest written state and when it was written.
 * It accepts at most one write per key per {@code minWriteIntervalNanos} (a write sooner than that after the last
 * accepted one fails, as KV answers 429 beyond one write per second per key); an entry expires
 * {@code expirationTtlNanos} after its write (KV supports no expiration under 60 s). Last write wins: KV has no
 * compare-and-set.
 *
 * <p>Its API is two request/response pairs carrying copies of a counter's state ({@link #read}, {@link #write}, on
 * {@link CounterCells}); PoPs reach it through {@link KvEdge}. It bills what reaches it: reads that missed a PoP's
 * cache and accepted writes (hot reads are billed by the edge that served them). Each key's latest state and write
 * time sit in one row of a {@link KeySlots} table.
 *
 * <p>Single owner, calls in nondecreasing time order.
 */
public final class KvStore {

    /** Workers KV refuses a cacheTtl or an expirationTtl under 60 seconds. */
    public static final long MIN_TTL_NANOS = 60_000_000_000L;

    /**
     * The expiration a Worker author gives a counter's key so that KV keeps it as long as it changes a decision:
     * the algorithm's state lifetime ({@link AlgorithmSpec#stateLifetimeNanos()}), raised to KV's minimum of 60 s.
     * The {@code auto} default of {@code expiration-ttl}.
     */
    public static long expirationTtlNanosFor(AlgorithmSpec algorithm) {
        return Math.max(MIN_TTL_NANOS, algorithm.stateLifetimeNanos());
    }

    // a row's longs: whether the key was ever written (1) or not (0), the time of its latest accepted write, then
    // its state's cell
    private static final int WRITTEN = 0;
    private static final int WRITTEN_AT = 1;
    private static final int CELL = 2;

    private final long minWriteIntervalNanos;
    private final long expirationTtlNanos;
    private final KeyIds keys;
    private final AlgorithmSpec algorithm;
    private final CounterCells cells;
    private final KeySlots rows;
    private long reads;
    private long writes;
    private long refusedWrites;

    /**
     * @param settings  the stage's KV settings; expirationTtl and cacheTtl must be at least 60 s
     * @param algorithm the counting rule whose state it stores
     * @param keys      the run's numbering of keys (the methods taking a key number use them)
     */
    public KvStore(TierSettings.Kv settings, AlgorithmSpec algorithm, KeyIds keys) {
        requireSupported(settings);
        this.keys = keys;
        this.algorithm = algorithm;
        this.cells = new CounterCells(algorithm, keys);
        this.rows = new KeySlots(CELL + cells.longs, cells.objects);
        this.minWriteIntervalNanos = settings.minWriteIntervalNanos();
        this.expirationTtlNanos = settings.expirationTtlNanos();
    }

    /**
     * Copies the state stored for key number {@code keyId} (the run's {@link KeyIds}) at {@code nowNanos} into the
     * cell at {@code l[la]}, {@code o[oa]} ({@link CounterCells}), and tells whether there was one; none when never
     * written or expired, and the cell is then left as it was. Counts one billed read.
     */
    boolean read(int keyId, long nowNanos, long[] l, int la, Object[] o, int oa) {
        reads++;
        int slot = rows.find(keyId);
        long[] row = rows.data();
        int at = slot < 0 ? -1 : rows.longsAt(slot);
        if (slot < 0 || !stored(row, at, nowNanos)) {
            return false;
        }
        cells.copy(row, at + CELL, rows.objects(), rows.objectsAt(slot), l, la, o, oa);
        return true;
    }

    /**
     * Stores a copy of the cell at {@code l[la]}, {@code o[oa]} for key number {@code keyId} at {@code nowNanos},
     * unless the key's last accepted write is less than the minimum write interval ago.
     *
     * @return true when the write was accepted (and billed), false when it was refused for the write rate
     */
    boolean write(int keyId, long nowNanos, long[] l, int la, Object[] o, int oa) {
        int slot = rows.slot(keyId);
        long[] row = rows.data();
        int at = rows.longsAt(slot);
        if (row[at + WRITTEN] != 0 && nowNanos - row[at + WRITTEN_AT] < minWriteIntervalNanos) {
            refusedWrites++;
            return false;
        }
        cells.copy(l, la, o, oa, row, at + CELL, rows.objects(), rows.objectsAt(slot));
        row[at + WRITTEN] = 1;
        row[at + WRITTEN_AT] = nowNanos;
        writes++;
        return true;
    }

    /**
     * True when a state for key number {@code keyId} is stored at {@code nowNanos} (written, not expired); no billed
     * read.
     */
    public boolean holds(int keyId, long nowNanos) {
        int slot = rows.find(keyId);
        return slot >= 0 && stored(rows.data(), rows.longsAt(slot), nowNanos);
    }

    private boolean stored(long[] row, int at, long nowNanos) {
        return row[at + WRITTEN] != 0 && nowNanos - row[at + WRITTEN_AT] < expirationTtlNanos;
    }

    /**
     * Reads that reached the store and writes attempted, for billing: a write refused for the write rate is billed
     * as an accepted one (Cloudflare does not publish whether it bills a refused write: the most it can cost).
     */
    public Usage usage() {
        return new Usage(0, 0, 0, 0, reads, writes + refusedWrites);
    }

    /** Writes refused because the key had been written less than the minimum write interval before. */
    public long refusedWrites() {
        return refusedWrites;
    }

    /** The counting rule whose state it stores. */
    AlgorithmSpec algorithm() {
        return algorithm;
    }

    /** The numbering of keys the methods taking a key number use. */
    KeyIds keys() {
        return keys;
    }

    static void requireSupported(TierSettings.Kv settings) {
        if (settings.cacheTtlNanos() < MIN_TTL_NANOS) {
            throw new IllegalArgumentException("KV cacheTtl must be at least 60 s (Workers KV minimum)");
        }
        if (settings.expirationTtlNanos() < MIN_TTL_NANOS) {
            throw new IllegalArgumentException("KV expirationTtl must be at least 60 s (Workers KV minimum)");
        }
        if (settings.minWriteIntervalNanos() < 0) {
            throw new IllegalArgumentException("KV minimum write interval must not be negative");
        }
        if (settings.hotReadNanos() < 0 || settings.missReadMinNanos() < 0
                || settings.missReadMaxNanos() < settings.missReadMinNanos()) {
            throw new IllegalArgumentException("KV read latencies must be at least 0, with miss min <= miss max");
        }
    }
}
