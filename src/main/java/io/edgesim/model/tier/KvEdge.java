package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;

import java.util.random.RandomGenerator;

/**
 * One PoP's side of a Workers KV counter (the seed article's design): read the key through the PoP's cache, decide
 * on the copy, and if allowed write the new state to the {@link KvStore}. Read-modify-write, not atomic.
 *
 * <p>The PoP keeps a cached copy per key with the time it was fetched. A read less than {@code cacheTtlNanos} after
 * the fetch is a hot read ({@code hotReadNanos}) served from that copy; a later read is a miss: it reads the store
 * (a uniform time in [{@code missReadMinNanos}, {@code missReadMaxNanos}]) and caches what it got, an absent key
 * included. A write the store accepts also replaces the PoP's own cached copy at once (keeping its fetch time), so
 * the writing PoP sees it at once and other PoPs only when their copy expires ("up to 60 seconds or more"). A write
 * the store refuses for the write rate leaves the copy as it was and makes the request FAILED with error
 * {@code "kv-write-rate"}, open (it passes) when {@code failOpen}, as the seed code does.
 *
 * <p>Assumptions: the read and the write are taken at the request's arrival time and only the read's latency is
 * added to the request (the put's own latency is not modelled). Every read, hot or miss, is billed: this edge counts
 * the hot ones, the store the misses.
 *
 * <p>Single owner, calls in nondecreasing time order.
 */
public final class KvEdge implements PopTier {

    /** The error of a request whose write the store refused for the write rate. */
    public static final String WRITE_RATE_ERROR = "kv-write-rate";

    private final TierSettings.Kv settings;
    private final CounterFactory counterFactory;
    private final KvStore store;
    private final RandomGenerator random;
    private final KeyIds keys;
    private final KeyArray<Cached> cache = new KeyArray<>();
    private long hotReads;

    /**
     * @param settings  cacheTtl and expirationTtl at least 60 s, latencies, write interval, fail open or closed
     * @param algorithm the counting rule
     * @param store     the stage's store, shared by every PoP
     * @param random    source of the miss-read latencies
     */
    public KvEdge(TierSettings.Kv settings, AlgorithmSpec algorithm, KvStore store, RandomGenerator random) {
        this(settings, algorithm, store, random, store.keys());
    }

    /**
     * The same, numbering keys with the run's {@code keys} (see {@link PopTier#decide(Request, String, int, long)});
     * the store must number them with the same instance.
     */
    public KvEdge(TierSettings.Kv settings, AlgorithmSpec algorithm, KvStore store, RandomGenerator random,
                  KeyIds keys) {
        KvStore.requireSupported(settings);
        if (store.keys() != keys) {
            throw new IllegalArgumentException("a KV edge and its store must number keys with the same KeyIds");
        }
        this.keys = keys;
        this.settings = settings;
        this.counterFactory = new CounterFactory(algorithm);
        this.store = store;
        this.random = random;
    }

    @Override
    public StageResult decide(Request request, String key, long nowNanos) {
        return decide(request, key, keys.idOf(key), nowNanos);
    }

    @Override
    public StageResult decide(Request request, String key, int keyId, long nowNanos) {
        Cached cached = cache.get(keyId);
        long readNanos;
        if (cached != null && nowNanos - cached.fetchedAtNanos < settings.cacheTtlNanos()) {
            hotReads++;
            readNanos = settings.hotReadNanos();
        } else {
            if (cached == null) {
                cached = new Cached();
                cache.put(keyId, cached);
            }
            cached.state = store.read(keyId, nowNanos);
            cached.fetchedAtNanos = nowNanos;
            readNanos = missReadNanos();
        }
        RateCounter copy = cached.state == null ? counterFactory.newCounter() : cached.state.copy();
        Decision decision = copy.tryAcquire(nowNanos, request.cost());
        if (!decision.allowed()) {
            return StageResult.of(decision, readNanos);
        }
        if (!store.write(keyId, copy, nowNanos)) {
            return StageResult.failed(settings.failOpen(), decision, readNanos, WRITE_RATE_ERROR);
        }
        // the PoP's own write replaces its copy at once; the fetch time stays
        cached.state = copy;
        return StageResult.of(decision, readNanos);
    }

    /** The reads this PoP served from its cache (billed reads that never reached the store). */
    public Usage usage() {
        return new Usage(0, 0, 0, 0, hotReads, 0);
    }

    private long missReadNanos() {
        long min = settings.missReadMinNanos();
        long max = settings.missReadMaxNanos();
        return min == max ? min : min + random.nextLong(max - min + 1);
    }

    /** The PoP's copy of a key (null state: the key was absent) and when it was fetched from the store. */
    private static final class Cached {
        private RateCounter state;
        private long fetchedAtNanos;
    }
}
