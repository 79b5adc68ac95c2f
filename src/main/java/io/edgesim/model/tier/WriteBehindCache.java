package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;

import java.util.ArrayDeque;

/**
 * A counter kept in one PoP's Cache API ({@code caches.default}) the way a Worker does it: read the stored state,
 * decide on a copy, respond, and write the new state back after responding ({@code waitUntil}). The write lands
 * {@code writeDelayNanos} after the read. Nothing is atomic: every request between a read and the landing of its
 * write reads the old state, and concurrent writes overwrite each other (the last to land wins), so bursts closer
 * together than the write delay undercount. Works with any algorithm through {@link RateCounter#copy()}.
 *
 * <p>A stored entry lives for the algorithm's state lifetime ({@link AlgorithmSpec#stateLifetimeNanos()}: the window
 * for fixed-window and sliding-log, two windows for sliding-window, a whole refill for token-bucket and gcra) from its
 * last write, then is gone: that is the max-age a Worker author sets so that the counter survives as long as it
 * changes a decision, and no longer. The cache is not replicated: one instance per PoP. Each request costs
 * {@code readLatencyNanos} (the read; "under 1 ms"); the decision and the write are both taken at the request's
 * arrival time. A refused request writes nothing (a refused request never changes a counter's state).
 *
 * <p>Single owner, calls in nondecreasing time order. Writes land lazily, per key: a call for a key first lands that
 * key's writes due by then. Only the key's own writes decide what a read of it finds, so this is the same as landing
 * every write on time, without touching other keys' entries.
 */
public final class WriteBehindCache implements PopTier {

    private final CounterFactory counterFactory;
    private final long readLatencyNanos;
    private final long writeDelayNanos;
    private final long maxAgeNanos;
    private final KeyIds keys;
    private final KeyArray<Entry> entries = new KeyArray<>();

    /**
     * @param settings  read latency and write delay, both at least 0
     * @param algorithm the counting rule; its state lifetime is the entries' max-age
     */
    public WriteBehindCache(TierSettings.Cache settings, AlgorithmSpec algorithm) {
        this(settings, algorithm, new KeyIds());
    }

    /**
     * The same, numbering keys with the run's {@code keys}, as {@link PopTier#decide(Request, String, int, long)}
     * needs.
     */
    public WriteBehindCache(TierSettings.Cache settings, AlgorithmSpec algorithm, KeyIds keys) {
        if (settings.readLatencyNanos() < 0 || settings.writeDelayNanos() < 0) {
            throw new IllegalArgumentException("cache read latency and write delay must not be negative");
        }
        this.counterFactory = new CounterFactory(algorithm);
        this.keys = keys;
        this.readLatencyNanos = settings.readLatencyNanos();
        this.writeDelayNanos = settings.writeDelayNanos();
        this.maxAgeNanos = algorithm.stateLifetimeNanos();
    }

    @Override
    public StageResult decide(Request request, String key, long nowNanos) {
        return decide(request, key, keys.idOf(key), nowNanos);
    }

    @Override
    public StageResult decide(Request request, String key, int keyId, long nowNanos) {
        Entry entry = entries.get(keyId);
        RateCounter stored = entry == null ? null : entry.stored(nowNanos, maxAgeNanos);
        RateCounter copy = stored == null ? counterFactory.newCounter() : stored.copy();
        Decision decision = copy.tryAcquire(nowNanos, request.cost());
        if (decision.allowed()) {
            if (entry == null) {
                entry = new Entry();
                entries.put(keyId, entry);
            }
            entry.issue(copy, nowNanos + writeDelayNanos);
        }
        return StageResult.of(decision, readLatencyNanos);
    }

    /** True when an entry for {@code key} is stored at {@code nowNanos} (landed and not past its max-age). */
    public boolean holds(String key, long nowNanos) {
        Entry entry = entries.get(keys.idOf(key));
        return entry != null && entry.stored(nowNanos, maxAgeNanos) != null;
    }

    /**
     * One key in the cache: the stored state (null when none or expired) with the time it was written, and the
     * writes issued for the key that have not landed yet, in issue order, which is also their landing order (the
     * delay is the same for all). Usually at most one write is in flight; more wait in {@code laterWrites}.
     */
    private static final class Entry {
        private RateCounter state;
        private long writtenAtNanos;
        private RateCounter nextWrite;
        private long nextWriteLandsAtNanos;
        private ArrayDeque<PendingWrite> laterWrites;

        /** The state a read finds at {@code nowNanos}: writes due by then landed, the last one winning. */
        RateCounter stored(long nowNanos, long maxAgeNanos) {
            while (nextWrite != null && nextWriteLandsAtNanos <= nowNanos) {
                state = nextWrite;
                writtenAtNanos = nextWriteLandsAtNanos;
                PendingWrite later = laterWrites == null ? null : laterWrites.pollFirst();
                nextWrite = later == null ? null : later.state;
                nextWriteLandsAtNanos = later == null ? 0 : later.landsAtNanos;
            }
            if (state != null && nowNanos - writtenAtNanos >= maxAgeNanos) {
                state = null;
            }
            return state;
        }

        /** A write of {@code written} issued now, landing at {@code landsAtNanos}. */
        void issue(RateCounter written, long landsAtNanos) {
            if (nextWrite == null) {
                nextWrite = written;
                nextWriteLandsAtNanos = landsAtNanos;
                return;
            }
            if (laterWrites == null) {
                laterWrites = new ArrayDeque<>();
            }
            laterWrites.addLast(new PendingWrite(written, landsAtNanos));
        }
    }

    /** A write issued after responding, landing at {@code landsAtNanos}. */
    private record PendingWrite(RateCounter state, long landsAtNanos) {
    }
}
