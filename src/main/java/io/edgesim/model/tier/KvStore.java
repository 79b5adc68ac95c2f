package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;

/**
 * The central side of Workers KV for one limiter stage: per key the latest written state and when it was written.
 * It accepts at most one write per key per {@code minWriteIntervalNanos} (a write sooner than that after the last
 * accepted one fails, as KV answers 429 beyond one write per second per key); an entry expires
 * {@code expirationTtlNanos} after its write (KV supports no expiration under 60 s). Last write wins: KV has no
 * compare-and-set.
 *
 * <p>Its API is two request/response pairs carrying copies ({@link #read}, {@link #write}), so an engine can put it
 * behind a message boundary; PoPs reach it through {@link KvEdge}. It bills what reaches it: reads that missed a
 * PoP's cache and accepted writes (hot reads are billed by the edge that served them).
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

    private final long minWriteIntervalNanos;
    private final long expirationTtlNanos;
    private final KeyIds keys;
    private final KeyArray<Entry> entries = new KeyArray<>();
    private long reads;
    private long writes;
    private long refusedWrites;

    /** @param settings the stage's KV settings; expirationTtl and cacheTtl must be at least 60 s */
    public KvStore(TierSettings.Kv settings) {
        this(settings, new KeyIds());
    }

    /** The same, numbering keys with the run's {@code keys} (the methods taking a key number use them). */
    public KvStore(TierSettings.Kv settings, KeyIds keys) {
        requireSupported(settings);
        this.keys = keys;
        this.minWriteIntervalNanos = settings.minWriteIntervalNanos();
        this.expirationTtlNanos = settings.expirationTtlNanos();
    }

    /**
     * The state stored for {@code key} at {@code nowNanos}, as a private copy, or null when there is none (never
     * written, or expired). Counts one billed read.
     */
    public RateCounter read(String key, long nowNanos) {
        return read(keys.idOf(key), nowNanos);
    }

    /** {@link #read(String, long)} for the key numbered {@code keyId} in the run's {@link KeyIds}. */
    public RateCounter read(int keyId, long nowNanos) {
        reads++;
        Entry entry = entries.get(keyId);
        if (entry == null || nowNanos - entry.writtenAtNanos >= expirationTtlNanos) {
            return null;
        }
        return entry.state.copy();
    }

    /**
     * Stores a copy of {@code state} for {@code key} at {@code nowNanos}, unless the key's last accepted write is
     * less than the minimum write interval ago.
     *
     * @return true when the write was accepted (and billed), false when it was refused for the write rate
     */
    public boolean write(String key, RateCounter state, long nowNanos) {
        return write(keys.idOf(key), state, nowNanos);
    }

    /** {@link #write(String, RateCounter, long)} for the key numbered {@code keyId} in the run's {@link KeyIds}. */
    public boolean write(int keyId, RateCounter state, long nowNanos) {
        Entry last = entries.get(keyId);
        if (last != null && nowNanos - last.writtenAtNanos < minWriteIntervalNanos) {
            refusedWrites++;
            return false;
        }
        if (last == null) {
            last = new Entry();
            entries.put(keyId, last);
        }
        last.state = state.copy();
        last.writtenAtNanos = nowNanos;
        writes++;
        return true;
    }

    /** Reads that reached the store and accepted writes, for billing. */
    public Usage usage() {
        return new Usage(0, 0, 0, 0, reads, writes);
    }

    /** Writes refused because the key had been written less than the minimum write interval before. */
    public long refusedWrites() {
        return refusedWrites;
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

    /** A key's stored state and the time of its latest accepted write. */
    private static final class Entry {
        private RateCounter state;
        private long writtenAtNanos;
    }
}
