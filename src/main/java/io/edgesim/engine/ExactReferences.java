package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.KeyCounters;
import io.edgesim.model.tier.LimiterSpec;

import java.util.List;

/**
 * The exact counts of all limiters of a run (see {@link ExactReference} for what one is): per limiter its reference
 * algorithm and key, one global counter per key, zero latency, fed every request the limiter sees in arrival order.
 * Keys are numbered by the run's {@link KeyIds}, and each limiter's counters are arrays indexed by that number
 * ({@link KeyCounters#dense}): no hashing, at the price of a few longs per number of the run, which numbers every kind
 * of key (a limiter keying on addresses also holds room for the run's API-key numbers). Not thread-safe.
 */
public final class ExactReferences {

    private final List<LimiterSpec> limiters;
    private final KeyKind[] keyKinds;
    private final KeyCounters[] counters;
    private final KeyIds keys;

    public ExactReferences(List<LimiterSpec> limiters, KeyIds keys) {
        this.limiters = List.copyOf(limiters);
        this.keyKinds = limiters.stream().map(LimiterSpec::referenceKey).toArray(KeyKind[]::new);
        this.counters = limiters.stream()
                .map(l -> KeyCounters.dense(l.reference(), keys))
                .toArray(KeyCounters[]::new);
        this.keys = keys;
    }

    /** What limiter {@code limiter}'s reference keys on. */
    public KeyKind keyKind(int limiter) {
        return keyKinds[limiter];
    }

    /** Whether limiter {@code limiter}'s exact count lets {@code request} through; call in arrival order. */
    public boolean allows(int limiter, Request request) {
        return allows(limiter, request, keys.idOf(keyKinds[limiter].extract(request), request.plan()));
    }

    /**
     * The same, for a caller that numbered the request's key already: {@code keyId} is
     * {@code keys.idOf(keyKind(limiter).extract(request), request.plan())} with the {@link KeyIds} given at
     * construction.
     */
    public boolean allows(int limiter, Request request, int keyId) {
        return allows(limiter, keyId, request.timeNanos(), request.cost());
    }

    /** The same, for a request of {@code cost} arriving at {@code nanos}, its key numbered {@code keyId}. */
    public boolean allows(int limiter, int keyId, long nanos, int cost) {
        return counters[limiter].allows(keyId, nanos, cost);
    }
}
