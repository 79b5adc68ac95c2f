package io.edgesim.model.tier.local;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.TierSettings;

import java.util.random.RandomGenerator;

/**
 * Counters kept in the memory of Worker isolates: {@code isolatesPerPop} isolates run in one PoP, each request lands
 * on one of them chosen uniformly at random, and each isolate keeps its own counter per key. An isolate is evicted
 * after an exponential lifetime of mean {@code meanLifetimeNanos} and replaced at once by a fresh one with no
 * counters.
 *
 * <p>Assumptions (Cloudflare publishes neither figure): the number of isolates per PoP and the lifetime distribution
 * (exponential, default mean 30 s, set in reference.conf). The pool starts when its first request arrives: every
 * isolate's first lifetime is drawn then. Evictions are applied lazily: each call first replaces every isolate whose
 * eviction time has passed ({@code evictAt <= now}), drawing its successor's lifetime, so a request arriving at the
 * eviction instant already meets the fresh isolate. The tier adds no latency.
 *
 * <p>Single owner, calls in nondecreasing time order; all random draws come from the generator handed in.
 */
public final class IsolatePool implements PopLocalTier {

    private final RandomGenerator random;
    private final long meanLifetimeNanos;
    private final Isolate[] isolates;
    private boolean started;
    private long evictions;

    /**
     * @param settings  isolates per PoP (at least 1) and mean lifetime (positive)
     * @param algorithm the counting rule each isolate runs per key
     * @param random    source of the isolate choice and the lifetimes
     * @param keys      the run's numbering of keys
     */
    public IsolatePool(TierSettings.Isolate settings, AlgorithmSpec algorithm, RandomGenerator random, KeyIds keys) {
        if (settings.isolatesPerPop() < 1) {
            throw new IllegalArgumentException("isolates per PoP must be at least 1, was " + settings.isolatesPerPop());
        }
        if (settings.meanLifetimeNanos() <= 0) {
            throw new IllegalArgumentException("isolate mean lifetime must be greater than 0");
        }
        this.random = random;
        this.meanLifetimeNanos = settings.meanLifetimeNanos();
        this.isolates = new Isolate[settings.isolatesPerPop()];
        for (int i = 0; i < isolates.length; i++) {
            isolates[i] = new Isolate(algorithm, keys);
        }
    }

    @Override
    public void decide(int keyId, long nowNanos, int cost, StageVerdict into) {
        if (!started) {
            for (Isolate isolate : isolates) {
                isolate.evictAtNanos = nowNanos + nextLifetimeNanos();
            }
            started = true;
        }
        for (Isolate isolate : isolates) {
            evictUntil(isolate, nowNanos);
        }
        Isolate chosen = isolates[random.nextInt(isolates.length)];
        into.of(chosen.counters.tryAcquire(keyId, nowNanos, cost), 0);
    }

    /** Evictions applied so far: every isolate replaced at or before the latest call's time. */
    public long evictions() {
        return evictions;
    }

    private void evictUntil(Isolate isolate, long nowNanos) {
        while (isolate.evictAtNanos <= nowNanos) {
            isolate.counters.clear();
            isolate.evictAtNanos += nextLifetimeNanos();
            evictions++;
        }
    }

    private long nextLifetimeNanos() {
        // at least 1 ns, so that a replacement always lives past its predecessor's eviction instant
        return Math.max(1L, (long) Math.ceil(meanLifetimeNanos * random.nextExponential()));
    }

    /** One isolate: its counters and the time it is evicted. */
    private static final class Isolate {
        private final KeyCounters counters;
        private long evictAtNanos;

        Isolate(AlgorithmSpec algorithm, KeyIds keys) {
            counters = KeyCounters.hashed(algorithm, keys);
        }
    }
}
