package io.edgesim.engine;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.local.KeyCounters;
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
    // per limiter: its reference's window, and whether its windows are each key's own (a first-request fixed window)
    private final long[] windowNanos;
    private final boolean[] ownWindows;

    public ExactReferences(List<LimiterSpec> limiters, KeyIds keys) {
        this.keyKinds = limiters.stream().map(LimiterSpec::referenceKey).toArray(KeyKind[]::new);
        this.counters = limiters.stream()
                .map(l -> KeyCounters.dense(l.reference(), keys))
                .toArray(KeyCounters[]::new);
        this.windowNanos = limiters.stream().mapToLong(l -> l.reference().windowNanos()).toArray();
        this.ownWindows = new boolean[limiters.size()];
        for (int l = 0; l < ownWindows.length; l++) {
            AlgorithmSpec reference = limiters.get(l).reference();
            ownWindows[l] = reference.kind() == AlgorithmKind.FIXED_WINDOW
                    && reference.anchor() == WindowAnchor.FIRST_REQUEST;
        }
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

    /** Reads limiter {@code limiter}'s counter of key number {@code keyId} ({@link KeyCounters#touch}). */
    public long touch(int limiter, int keyId) {
        return counters[limiter].touch(keyId);
    }

    /**
     * The number of limiter {@code limiter}'s reference window that the request of key number {@code keyId} at
     * {@code nanos} (0 or more) counts in, for the per-window figures; call right after {@link #allows} decided that
     * request. It is floor(s / W) for the window's start s: kW for windows aligned to time 0 (every reference but a
     * first-request fixed window; token-bucket and gcra in windows of burst / rate), so the number is floor(t / W) of
     * the request's time t; the key's own window's start for a first-request fixed window (the request's time when
     * it opened none). A key's windows get distinct numbers that grow with time, consecutive when one starts within
     * the W-aligned window after the other's.
     */
    public long window(int limiter, int keyId, long nanos) {
        long start = ownWindows[limiter] ? counters[limiter].windowStartNanos(keyId, nanos) : nanos;
        return start / windowNanos[limiter];
    }
}
