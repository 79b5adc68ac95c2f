package io.edgesim.engine;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.local.KeyCounters;
import io.edgesim.model.tier.LimiterSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The exact counts of all limiters of a run, what each limiter is judged against: per limiter its reference
 * algorithm and key (by default the last stage's), one global counter per key, zero latency, fed every request the
 * limiter sees in arrival order.
 *
 * <p>Limiters whose references are the same ({@link Reference}: algorithm with its plans, key, clients seen) share one
 * count: it sees the same requests and decides each exactly as each of their own counts would, so it is decided once
 * per request and its answer (allowed, window number, key number) given to each of them. The counts are therefore
 * indexed by reference ({@code 0} to {@link #count()} - 1, in the order of each one's first limiter), and
 * {@link #reference(int)} says which one judges a limiter.
 *
 * <p>Keys are numbered by the run's {@link KeyIds}, and each reference's counters are arrays indexed by that number
 * ({@link KeyCounters#dense}): no hashing, at the price of a few longs per number of the run, which numbers every kind
 * of key (a reference keying on addresses also holds room for the run's API-key numbers). Not thread-safe.
 */
public final class ExactReferences {

    /**
     * What decides an exact count's answers, so that two limiters with equal ones are judged alike: the reference
     * algorithm with every setting that reaches the counter (limit, window or rate and burst, anchor, counting, and
     * the numbers of each plan, which a key's plan selects), the key it counts by, and the clients whose requests it
     * sees (empty: all). Keys take their plans from the run's {@link KeyIds}, the same for every limiter of the run.
     *
     * @param algorithm {@link LimiterSpec#reference()}
     * @param key       {@link LimiterSpec#referenceKey()}
     * @param clients   {@link LimiterSpec#clients()}
     * @param requests  whether it counts requests, whatever their cost (a WAF rule's:
     *                  {@link LimiterSpec#referenceCost})
     */
    public record Reference(AlgorithmSpec algorithm, KeyKind key, Set<String> clients, boolean requests) {

        public Reference {
            clients = Set.copyOf(clients);
        }

        /** The reference {@code limiter} is judged against. */
        public static Reference of(LimiterSpec limiter) {
            return new Reference(limiter.reference(), limiter.referenceKey(), limiter.clients(),
                    limiter.countsRequests());
        }

        /** Whether it counts the requests of {@code client}. */
        public boolean sees(String client) {
            return clients.isEmpty() || clients.contains(client);
        }
    }

    private final Reference[] references;
    // by limiter: the index of its reference
    private final int[] referenceOf;
    // by reference
    private final KeyKind[] keyKinds;
    private final KeyCounters[] counters;
    // by reference: its window, and whether its windows are each key's own (a first-request fixed window)
    private final long[] windowNanos;
    private final boolean[] ownWindows;

    public ExactReferences(List<LimiterSpec> limiters, KeyIds keys) {
        Map<Reference, Integer> distinct = new LinkedHashMap<>();
        this.referenceOf = new int[limiters.size()];
        for (int l = 0; l < limiters.size(); l++) {
            referenceOf[l] = distinct.computeIfAbsent(Reference.of(limiters.get(l)), r -> distinct.size());
        }
        this.references = new ArrayList<>(distinct.keySet()).toArray(Reference[]::new);
        int n = references.length;
        this.keyKinds = new KeyKind[n];
        this.counters = new KeyCounters[n];
        this.windowNanos = new long[n];
        this.ownWindows = new boolean[n];
        for (int r = 0; r < n; r++) {
            AlgorithmSpec algorithm = references[r].algorithm();
            keyKinds[r] = references[r].key();
            counters[r] = KeyCounters.dense(algorithm, keys);
            windowNanos[r] = algorithm.windowNanos();
            ownWindows[r] = algorithm.kind() == AlgorithmKind.FIXED_WINDOW
                    && algorithm.anchor() == WindowAnchor.FIRST_REQUEST;
        }
    }

    /** How many distinct references the limiters have. */
    public int count() {
        return references.length;
    }

    /** The index of the reference limiter {@code limiter} (its index in the list given) is judged against. */
    public int reference(int limiter) {
        return referenceOf[limiter];
    }

    /** Whether reference {@code reference} counts the requests of {@code client}. */
    public boolean sees(int reference, String client) {
        return references[reference].sees(client);
    }

    /** What reference {@code reference} keys on. */
    public KeyKind keyKind(int reference) {
        return keyKinds[reference];
    }

    /**
     * Whether reference {@code reference}'s exact count lets through a request of {@code cost} (1 for one that counts
     * requests) arriving at
     * {@code nanos}; {@code keyId} is {@code keys.idOf(keyKind(reference).extract(request), request.plan())} with the
     * {@link KeyIds} given at construction. Call once per request it sees, in arrival order.
     */
    public boolean allows(int reference, int keyId, long nanos, int cost) {
        return counters[reference].allows(keyId, nanos, references[reference].requests() ? 1 : cost);
    }

    /** Reads reference {@code reference}'s counter of key number {@code keyId} ({@link KeyCounters#touch}). */
    public long touch(int reference, int keyId) {
        return counters[reference].touch(keyId);
    }

    /**
     * The number of reference {@code reference}'s window that the request of key number {@code keyId} at
     * {@code nanos} (0 or more) counts in, for the per-window figures; call right after {@link #allows} decided that
     * request. It is floor(s / W) for the window's start s: kW for windows aligned to time 0 (every reference but a
     * first-request fixed window; token-bucket and gcra in windows of burst / rate), so the number is floor(t / W) of
     * the request's time t; the key's own window's start for a first-request fixed window (the request's time when
     * it opened none). A key's windows get distinct numbers that grow with time, consecutive when one starts within
     * the W-aligned window after the other's.
     */
    public long window(int reference, int keyId, long nanos) {
        long start = ownWindows[reference] ? counters[reference].windowStartNanos(keyId, nanos) : nanos;
        return start / windowNanos[reference];
    }
}
