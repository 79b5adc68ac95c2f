package io.edgesim.model.tier.local;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.FirstRequestWindowCounter;
import io.edgesim.model.algorithm.FixedWindowCounter;
import io.edgesim.model.algorithm.FlatCounter;
import io.edgesim.model.algorithm.GcraCounter;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.algorithm.SlidingWindowCounter;
import io.edgesim.model.algorithm.TokenBucketCounter;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.PerPlan;

/**
 * Counter states kept in cells of a tier's own arrays: a cell is {@link #longs} longs of a {@code long[]} (the
 * counter's {@link FlatCounter} state; all zero is fresh) plus {@link #objects} references of an {@code Object[]}
 * (for sliding-log, whose log has no fixed size: the counter object, null when fresh). A tier lays its cells out in
 * its rows ({@code io.edgesim.model.key.KeySlots}) or arrays and writes its rule once, for every algorithm; a
 * decision on a flat cell loads it into one scratch counter, decides and stores it back, so the counting rule stays
 * in the counter class. With plans ({@link AlgorithmSpec#plans()}) a key is decided with its plan's numbers: one
 * scratch counter (or counter factory) per plan, found by the key's number ({@link PerPlan}); every plan of one
 * algorithm has the same cell layout. Not thread-safe.
 */
final class CounterCells {

    // the scratch counter decisions are made through (keys with no plan); null for an algorithm without flat state
    private final FlatCounter scratch;
    // per plan: the scratch counters, null without plans or flat state; the factories of fresh counters
    private final PerPlan<FlatCounter> scratches;
    private final PerPlan<CounterFactory> factories;
    /** Longs per cell: the flat state's (0 without one). */
    final int longs;
    /** References per cell: 1 without flat state, else 0. */
    final int objects;

    /** Cells of {@code algorithm}, its plans found by the key numbers of {@code keys}. */
    CounterCells(AlgorithmSpec algorithm, KeyIds keys) {
        RateCounter counter = algorithm.newCounter();
        this.scratch = counter instanceof FlatCounter flat ? flat : null;
        this.scratches = scratch == null || algorithm.plans().isEmpty() ? null
                : new PerPlan<>(algorithm, keys, spec -> (FlatCounter) spec.newCounter());
        this.factories = new PerPlan<>(algorithm, keys, CounterFactory::new);
        this.longs = scratch == null ? 0 : scratch.stateLongs();
        this.objects = scratch == null ? 1 : 0;
    }

    /**
     * Decides a request of {@code cost} at {@code nowNanos} on the cell at {@code l[la]} and {@code o[oa]}, key
     * number {@code keyId}'s.
     */
    Decision decide(int keyId, long[] l, int la, Object[] o, int oa, long nowNanos, long cost) {
        if (scratch != null) {
            return decide(scratches == null ? scratch : scratches.of(keyId), l, la, nowNanos, cost);
        }
        return counter(keyId, o, oa).tryAcquire(nowNanos, cost);
    }

    // the counter object of a cell without flat state, created fresh when the cell has none
    private RateCounter counter(int keyId, Object[] o, int oa) {
        RateCounter counter = (RateCounter) o[oa];
        if (counter == null) {
            counter = factories.of(keyId).newCounter();
            o[oa] = counter;
        }
        return counter;
    }

    /** The same, answering only whether the request passes (the rest of the answer is not worked out). */
    boolean allows(int keyId, long[] l, int la, Object[] o, int oa, long nowNanos, long cost) {
        if (scratch != null) {
            return allows(scratches == null ? scratch : scratches.of(keyId), l, la, nowNanos, cost);
        }
        return counter(keyId, o, oa).tryAcquire(nowNanos, cost).allowed();
    }

    /**
     * For a first-request fixed window ({@link FirstRequestWindowCounter}), the start of the window a request of key
     * number {@code keyId} just decided at {@code nowNanos} on the cell at {@code l[la]} falls in.
     *
     * @throws IllegalStateException for another algorithm, whose windows do not depend on the key
     */
    long windowStartNanos(int keyId, long[] l, int la, long nowNanos) {
        if (!((scratches == null ? scratch : scratches.of(keyId)) instanceof FirstRequestWindowCounter c)) {
            throw new IllegalStateException("only a first-request fixed window has windows of its own");
        }
        c.load(l, la);
        return c.windowStartNanos(nowNanos);
    }

    /**
     * Sets the cell at {@code toL[to]}, {@code toO[toOa]} to an independent copy of the one at {@code fromL[from]},
     * {@code fromO[fromOa]}.
     */
    void copy(long[] fromL, int from, Object[] fromO, int fromOa, long[] toL, int to, Object[] toO, int toOa) {
        System.arraycopy(fromL, from, toL, to, longs);
        if (objects > 0) {
            RateCounter counter = (RateCounter) fromO[fromOa];
            toO[toOa] = counter == null ? null : counter.copy();
        }
    }

    /**
     * Moves the cell at {@code fromL[from]}, {@code fromO[fromOa]} to {@code toL[to]}, {@code toO[toOa]}: the same
     * as a copy for flat state, a hand-over of the counter object (and the source left fresh) otherwise, so that a
     * state that changes places is not copied.
     */
    void move(long[] fromL, int from, Object[] fromO, int fromOa, long[] toL, int to, Object[] toO, int toOa) {
        System.arraycopy(fromL, from, toL, to, longs);
        if (objects > 0) {
            toO[toOa] = fromO[fromOa];
            fromO[fromOa] = null;
        }
    }

    /** Sets the cell to a fresh counter's state. */
    void clear(long[] l, int la, Object[] o, int oa) {
        for (int i = 0; i < longs; i++) {
            l[la + i] = 0;
        }
        if (objects > 0) {
            o[oa] = null;
        }
    }

    // one call site per counter class, load and store included: the limiters of a run mix algorithms, and a call
    // site that sees several classes is neither inlined (each answer would be allocated) nor cheap to dispatch;
    // through these the compiler inlines, and drops the answer of a caller that only reads it
    private static Decision decide(FlatCounter scratch, long[] state, int at, long nowNanos, long cost) {
        Decision decision;
        if (scratch instanceof FixedWindowCounter c) {
            c.load(state, at);
            decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof SlidingWindowCounter c) {
            c.load(state, at);
            decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof TokenBucketCounter c) {
            c.load(state, at);
            decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof GcraCounter c) {
            c.load(state, at);
            decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
        } else {
            FirstRequestWindowCounter c = (FirstRequestWindowCounter) scratch;
            c.load(state, at);
            decision = c.tryAcquire(nowNanos, cost);
            c.store(state, at);
        }
        return decision;
    }

    // the same, through each counter's acquire: no answer is made
    private static boolean allows(FlatCounter scratch, long[] state, int at, long nowNanos, long cost) {
        boolean allowed;
        if (scratch instanceof FixedWindowCounter c) {
            c.load(state, at);
            allowed = c.acquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof SlidingWindowCounter c) {
            c.load(state, at);
            allowed = c.acquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof TokenBucketCounter c) {
            c.load(state, at);
            allowed = c.acquire(nowNanos, cost);
            c.store(state, at);
        } else if (scratch instanceof GcraCounter c) {
            c.load(state, at);
            allowed = c.acquire(nowNanos, cost);
            c.store(state, at);
        } else {
            FirstRequestWindowCounter c = (FirstRequestWindowCounter) scratch;
            c.load(state, at);
            allowed = c.acquire(nowNanos, cost);
            c.store(state, at);
        }
        return allowed;
    }
}
