package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.FixedWindowCounter;
import io.edgesim.model.algorithm.FlatCounter;
import io.edgesim.model.algorithm.GcraCounter;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.algorithm.SlidingWindowCounter;
import io.edgesim.model.algorithm.TokenBucketCounter;
import io.edgesim.model.key.KeySlots;
import io.edgesim.model.key.KeyTable;

import java.util.Arrays;

/**
 * One counter per key under one algorithm, keyed by the key's number in the run's {@code KeyIds}, created fresh on
 * a key's first request: what a tier that decides in place (an isolate's memory, an exact count) keeps. The state
 * of every key sits in one array ({@link FlatCounter}), decided on through one scratch counter: either a hash table
 * of the keys seen ({@link #hashed}: memory grows with them) or an array indexed by key number ({@link #dense}: no
 * hashing, memory grows with the largest key number, for counts that see most of the run's keys). Sliding-log, whose
 * log has no fixed size, keeps one counter object per key instead. Not thread-safe.
 */
public final class KeyCounters {

    // with a flat counter: the scratch one, and the state per key in slots (hashed) or in states (dense); without
    // (sliding-log): counter objects
    private final FlatCounter scratch;
    private final int stateLongs;
    private final KeySlots slots;
    private long[] states;
    private final CounterFactory factory;
    private final KeyTable<RateCounter> counters;

    private KeyCounters(AlgorithmSpec algorithm, boolean dense) {
        RateCounter counter = algorithm.newCounter();
        this.scratch = counter instanceof FlatCounter flat ? flat : null;
        this.stateLongs = scratch == null ? 0 : scratch.stateLongs();
        this.slots = scratch == null || dense ? null : new KeySlots(stateLongs);
        this.states = scratch != null && dense ? new long[16 * stateLongs] : null;
        this.factory = scratch == null ? new CounterFactory(algorithm) : null;
        this.counters = scratch == null ? new KeyTable<>() : null;
    }

    /** Counters in a hash table of the keys seen. */
    public static KeyCounters hashed(AlgorithmSpec algorithm) {
        return new KeyCounters(algorithm, false);
    }

    /** Counters in an array indexed by key number. */
    public static KeyCounters dense(AlgorithmSpec algorithm) {
        return new KeyCounters(algorithm, true);
    }

    /** Decides a request of {@code cost} at {@code nowNanos} on key number {@code keyId}'s counter. */
    public Decision tryAcquire(int keyId, long nowNanos, long cost) {
        if (states != null) {
            int at = keyId * stateLongs;
            if (at >= states.length) {
                states = Arrays.copyOf(states, Math.max(at + stateLongs, 2 * states.length));
            }
            return decide(scratch, states, at, nowNanos, cost);
        }
        if (slots != null) {
            int at = slots.offset(keyId);
            return decide(scratch, slots.data(), at, nowNanos, cost);
        }
        RateCounter counter = counters.get(keyId);
        if (counter == null) {
            counter = factory.newCounter();
            counters.put(keyId, counter);
        }
        return counter.tryAcquire(nowNanos, cost);
    }

    /** Forgets every key's counter. */
    public void clear() {
        if (states != null) {
            Arrays.fill(states, 0);
        } else if (slots != null) {
            slots.clear();
        } else {
            counters.clear();
        }
    }

    // one call site per counter class: the limiters of a run mix algorithms, and a call site that sees several
    // classes is not inlined, so each answer would be allocated; through these the compiler inlines, and drops the
    // answer of a caller that only reads it
    private static Decision decide(FlatCounter scratch, long[] state, int at, long nowNanos, long cost) {
        if (scratch instanceof FixedWindowCounter c) {
            c.load(state, at);
            Decision decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
            return decision;
        }
        if (scratch instanceof SlidingWindowCounter c) {
            c.load(state, at);
            Decision decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
            return decision;
        }
        if (scratch instanceof TokenBucketCounter c) {
            c.load(state, at);
            Decision decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
            return decision;
        }
        GcraCounter c = (GcraCounter) scratch;
        c.load(state, at);
        Decision decision = c.tryAcquire(nowNanos, cost);
        c.store(state, at);
        return decision;
    }
}
