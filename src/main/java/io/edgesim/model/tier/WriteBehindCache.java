package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * A counter kept in one PoP's Cache API ({@code caches.default}) the way a Worker does it: read the stored state,
 * decide on a copy, respond, and write the new state back after responding ({@code waitUntil}). The write lands
 * {@code writeDelayNanos} after the read. Nothing is atomic: every request between a read and the landing of its
 * write reads the old state, and concurrent writes overwrite each other (the last to land wins), so bursts closer
 * together than the write delay undercount. Works with any algorithm through {@link RateCounter#copy()}.
 *
 * <p>A stored entry lives for the algorithm's window (its max-age) from its last write, then is gone. The cache is not
 * replicated: one instance per PoP. Each request costs {@code readLatencyNanos} (the read; "under 1 ms"); the
 * decision and the write are both taken at the request's arrival time. A refused request writes nothing (a refused
 * request never changes a counter's state).
 *
 * <p>Single owner, calls in nondecreasing time order; writes land lazily when a later call passes their time.
 */
public final class WriteBehindCache implements PopTier {

    private final AlgorithmSpec algorithm;
    private final long readLatencyNanos;
    private final long writeDelayNanos;
    private final long maxAgeNanos;
    private final Map<String, Stored> stored = new HashMap<>();
    // writes land in the order they were issued: the delay is the same for all and calls come in time order
    private final ArrayDeque<PendingWrite> pending = new ArrayDeque<>();

    /**
     * @param settings  read latency and write delay, both at least 0
     * @param algorithm the counting rule; its window is the entries' max-age
     */
    public WriteBehindCache(TierSettings.Cache settings, AlgorithmSpec algorithm) {
        if (settings.readLatencyNanos() < 0 || settings.writeDelayNanos() < 0) {
            throw new IllegalArgumentException("cache read latency and write delay must not be negative");
        }
        this.algorithm = algorithm;
        this.readLatencyNanos = settings.readLatencyNanos();
        this.writeDelayNanos = settings.writeDelayNanos();
        this.maxAgeNanos = algorithm.windowNanos();
    }

    @Override
    public StageResult decide(Request request, String key, long nowNanos) {
        RateCounter copy = read(key, nowNanos);
        Decision decision = copy.tryAcquire(nowNanos, request.cost());
        if (decision.allowed()) {
            pending.addLast(new PendingWrite(key, copy, nowNanos + writeDelayNanos));
        }
        return StageResult.of(decision, readLatencyNanos);
    }

    /** True when an entry for {@code key} is stored at {@code nowNanos} (landed and not past its max-age). */
    public boolean holds(String key, long nowNanos) {
        land(nowNanos);
        return live(key, nowNanos) != null;
    }

    /** A private copy of the state stored at {@code nowNanos}, or a fresh counter when there is none. */
    private RateCounter read(String key, long nowNanos) {
        land(nowNanos);
        Stored entry = live(key, nowNanos);
        return entry == null ? algorithm.newCounter() : entry.state.copy();
    }

    private Stored live(String key, long nowNanos) {
        Stored entry = stored.get(key);
        if (entry != null && nowNanos - entry.writtenAtNanos >= maxAgeNanos) {
            stored.remove(key);
            return null;
        }
        return entry;
    }

    private void land(long nowNanos) {
        while (!pending.isEmpty() && pending.peekFirst().landsAtNanos <= nowNanos) {
            PendingWrite write = pending.pollFirst();
            stored.put(write.key, new Stored(write.state, write.landsAtNanos));
        }
    }

    /** A state in the cache and when it was put there. */
    private record Stored(RateCounter state, long writtenAtNanos) {
    }

    /** A write issued after responding, landing at {@code landsAtNanos}. */
    private record PendingWrite(String key, RateCounter state, long landsAtNanos) {
    }
}
