package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.FixedWindowCounter;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.algorithm.SlidingWindowCounter;
import io.edgesim.model.algorithm.TokenBucketCounter;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;

import java.util.Arrays;
import java.util.List;

/**
 * The exact counts of all limiters of a run (see {@link ExactReference} for what one is): per limiter its reference
 * algorithm and key, one global counter per key, zero latency, fed every request the limiter sees in arrival order.
 *
 * <p>The counters of one key number sit side by side, {@code [key number x limiters + limiter]}, and a key's
 * counters are created together on its first request: a request that every limiter sees reads one block of
 * references and counters that were allocated next to each other, not one scattered counter per limiter. Keys are
 * numbered by the run's {@link KeyIds}. Not thread-safe.
 */
public final class ExactReferences {

    private final KeyKind[] keyKinds;
    private final CounterFactory[] factories;
    private final KeyIds keys;
    private RateCounter[] counters;

    public ExactReferences(List<LimiterSpec> limiters, KeyIds keys) {
        this.keyKinds = limiters.stream().map(LimiterSpec::referenceKey).toArray(KeyKind[]::new);
        this.factories = limiters.stream().map(l -> new CounterFactory(l.reference())).toArray(CounterFactory[]::new);
        this.keys = keys;
        this.counters = new RateCounter[16 * keyKinds.length];
    }

    /** What limiter {@code limiter}'s reference keys on. */
    public KeyKind keyKind(int limiter) {
        return keyKinds[limiter];
    }

    /** Whether limiter {@code limiter}'s exact count lets {@code request} through; call in arrival order. */
    public boolean allows(int limiter, Request request) {
        return allows(limiter, request, keys.idOf(keyKinds[limiter].extract(request)));
    }

    /**
     * The same, for a caller that numbered the request's key already: {@code keyId} is
     * {@code keys.idOf(keyKind(limiter).extract(request))} with the {@link KeyIds} given at construction.
     */
    public boolean allows(int limiter, Request request, int keyId) {
        int slot = keyId * keyKinds.length + limiter;
        if (slot >= counters.length) {
            counters = Arrays.copyOf(counters, Math.max(slot + keyKinds.length, counters.length * 2));
        }
        RateCounter counter = counters[slot];
        if (counter == null) {
            counter = createCounters(keyId, limiter);
        }
        return allows(counter, request.timeNanos(), request.cost());
    }

    // One call site per counter class: the limiters of a run mix algorithms, and a call site that sees three classes
    // is not inlined, so each answer would be allocated; through these the compiler inlines and drops it.
    private static boolean allows(RateCounter counter, long nowNanos, long cost) {
        if (counter instanceof FixedWindowCounter fixedWindow) {
            return fixedWindow.tryAcquire(nowNanos, cost).allowed();
        }
        if (counter instanceof SlidingWindowCounter slidingWindow) {
            return slidingWindow.tryAcquire(nowNanos, cost).allowed();
        }
        if (counter instanceof TokenBucketCounter tokenBucket) {
            return tokenBucket.tryAcquire(nowNanos, cost).allowed();
        }
        return counter.tryAcquire(nowNanos, cost).allowed();
    }

    // every limiter keying on the same kind will most likely want a counter for this key too: it gets it now,
    // next to the others
    private RateCounter createCounters(int keyId, int limiter) {
        int first = keyId * keyKinds.length;
        for (int l = 0; l < keyKinds.length; l++) {
            if (keyKinds[l] == keyKinds[limiter] && counters[first + l] == null) {
                counters[first + l] = factories[l].newCounter();
            }
        }
        return counters[first + limiter];
    }
}
