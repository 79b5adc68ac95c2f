package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.TierSettings;

import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * One PoP's side of a KV stage, plainly (docs/model.md, "kv"): per key a cached copy (null: the key was absent) and
 * when it was fetched. A read less than cacheTtl after the fetch is hot (hot read latency); otherwise it reads the
 * store (a latency drawn uniformly in [min, max]) and caches what it got. It decides on a copy; when it passed (or
 * counting all) it writes to the store: an accepted write also replaces the cached copy, keeping its fetch time; a
 * refused write makes an accepted request FAILED (kv-write-rate, open or closed) and leaves a refused one refused.
 */
public final class ReferenceKvEdge implements ReferencePopTier {

    private record Copy(ReferenceCounter counter, long fetchedAtNanos) {
    }

    private final TierSettings.Kv settings;
    private final AlgorithmSpec algorithm;
    private final ReferenceKvStore store;
    private final RandomGenerator random;
    private final Map<String, Copy> cached = new HashMap<>();
    private long hotReads;

    public ReferenceKvEdge(TierSettings.Kv settings, AlgorithmSpec algorithm, ReferenceKvStore store,
                           RandomGenerator random) {
        this.settings = settings;
        this.algorithm = algorithm;
        this.store = store;
        this.random = random;
    }

    @Override
    public StageResult decide(String key, String keyPlan, long nowNanos, int cost) {
        Copy copy = cached.get(key);
        long readNanos;
        if (copy != null && nowNanos - copy.fetchedAtNanos() < settings.cacheTtlNanos()) {
            hotReads++;
            readNanos = settings.hotReadNanos();
        } else {
            copy = new Copy(store.read(key, nowNanos), nowNanos);
            cached.put(key, copy);
            long min = settings.missReadMinNanos();
            long max = settings.missReadMaxNanos();
            readNanos = min == max ? min : min + random.nextLong(max - min + 1);
        }
        ReferenceCounter decider = copy.counter() == null ? ReferenceCounter.of(algorithm.forPlan(keyPlan))
                : copy.counter().copy();
        Decision decision = decider.tryAcquire(nowNanos, cost);
        if (!decision.allowed() && !algorithm.countsRefused()) {
            return StageResult.of(decision, readNanos);
        }
        if (!store.write(key, nowNanos, decider)) {
            return decision.allowed()
                    ? StageResult.failed(settings.failOpen(), decision, readNanos, KvEdge.WRITE_RATE_ERROR)
                    : StageResult.of(decision, readNanos);
        }
        cached.put(key, new Copy(decider, copy.fetchedAtNanos()));
        return StageResult.of(decision, readNanos);
    }

    /** Reads served from this PoP's cache. */
    public long hotReads() {
        return hotReads;
    }

    @Override
    public String describe(String key) {
        Copy copy = cached.get(key);
        return "cached " + (copy == null ? "nothing" : copy.counter() + " fetched at " + copy.fetchedAtNanos())
                + ", stored " + store.describe(key);
    }
}
