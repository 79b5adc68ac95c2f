package io.edgesim.engine;

import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.KeyCounters;
import io.edgesim.model.tier.LimiterSpec;

import java.util.List;

/**
 * The exact counts of all limiters of a run, what each limiter is judged against: per limiter its reference
 * algorithm and key (by default the last stage's), one global counter per key, zero latency, fed every request the
 * limiter sees in arrival order.
 * Keys are numbered by the run's {@link KeyIds}, and each limiter's counters are arrays indexed by that number
 * ({@link KeyCounters#dense}): no hashing, at the price of a few longs per number of the run, which numbers every kind
 * of key (a limiter keying on addresses also holds room for the run's API-key numbers). Not thread-safe.
 */
public final class ExactReferences {

    private final KeyKind[] keyKinds;
    private final KeyCounters[] counters;

    public ExactReferences(List<LimiterSpec> limiters, KeyIds keys) {
        this.keyKinds = limiters.stream().map(LimiterSpec::referenceKey).toArray(KeyKind[]::new);
        this.counters = limiters.stream()
                .map(l -> KeyCounters.dense(l.reference(), keys))
                .toArray(KeyCounters[]::new);
    }

    /** What limiter {@code limiter}'s reference keys on. */
    public KeyKind keyKind(int limiter) {
        return keyKinds[limiter];
    }

    /**
     * Whether limiter {@code limiter}'s exact count lets through a request of {@code cost} arriving at {@code nanos};
     * {@code keyId} is {@code keys.idOf(keyKind(limiter).extract(request), request.plan())} with the {@link KeyIds}
     * given at construction. Call in arrival order.
     */
    public boolean allows(int limiter, int keyId, long nanos, int cost) {
        return counters[limiter].allows(keyId, nanos, cost);
    }
}
