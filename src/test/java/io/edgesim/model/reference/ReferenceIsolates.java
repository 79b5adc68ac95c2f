package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.tier.TierSettings;

import java.util.random.RandomGenerator;

/**
 * The isolate tier in one PoP, plainly (docs/model.md, "isolate"): the pool starts at its first request, drawing each
 * isolate's lifetime in order; before each request every isolate whose eviction time has passed (at or before now) is
 * replaced, in order, its successor living a fresh lifetime from that time; the request lands on an isolate drawn
 * uniformly. A lifetime is the mean times an exponential draw, rounded up, at least 1 ns. No added latency.
 */
public final class ReferenceIsolates implements ReferencePopTier {

    private final RandomGenerator random;
    private final long meanLifetimeNanos;
    private final ReferenceCounters[] counters;
    private final long[] evictAtNanos;
    private boolean started;
    private long evictions;

    public ReferenceIsolates(TierSettings.Isolate settings, AlgorithmSpec algorithm, RandomGenerator random) {
        this.random = random;
        this.meanLifetimeNanos = settings.meanLifetimeNanos();
        this.counters = new ReferenceCounters[settings.isolatesPerPop()];
        this.evictAtNanos = new long[settings.isolatesPerPop()];
        for (int i = 0; i < counters.length; i++) {
            counters[i] = new ReferenceCounters(algorithm);
        }
    }

    @Override
    public StageResult decide(String key, String keyPlan, long nowNanos, int cost) {
        if (!started) {
            for (int i = 0; i < counters.length; i++) {
                evictAtNanos[i] = nowNanos + lifetimeNanos();
            }
            started = true;
        }
        for (int i = 0; i < counters.length; i++) {
            while (evictAtNanos[i] <= nowNanos) {
                counters[i].clear();
                evictAtNanos[i] += lifetimeNanos();
                evictions++;
            }
        }
        int chosen = random.nextInt(counters.length);
        return StageResult.of(counters[chosen].tryAcquire(key, keyPlan, nowNanos, cost), 0);
    }

    private long lifetimeNanos() {
        return Math.max(1, (long) Math.ceil(meanLifetimeNanos * random.nextExponential()));
    }

    /** Isolates replaced so far. */
    public long evictions() {
        return evictions;
    }

    @Override
    public String describe(String key) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < counters.length; i++) {
            out.append("isolate ").append(i).append(" (evicted at ").append(evictAtNanos[i]).append("): ")
                    .append(counters[i].describe(key)).append("; ");
        }
        return out.toString();
    }
}
