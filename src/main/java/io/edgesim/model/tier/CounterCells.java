package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.FlatCounter;
import io.edgesim.model.algorithm.RateCounter;

/**
 * Counter states kept in cells of a tier's own arrays, for tiers that hold several states per key (a stored one, one
 * on its way) and copy them about: a cell is {@link #longs} longs of a {@code long[]} (the counter's
 * {@link FlatCounter} state; all zero is fresh) plus {@link #objects} references of an {@code Object[]} (for
 * sliding-log, whose log has no fixed size: the counter object, null when fresh). The tier lays its cells out in
 * its rows ({@code io.edgesim.model.key.KeySlots}) and writes its rule once, for every algorithm. Not thread-safe.
 */
final class CounterCells {

    // the scratch counter decisions are made through; null for an algorithm without flat state
    private final FlatCounter scratch;
    private final CounterFactory factory;
    /** Longs per cell: the flat state's (0 without one). */
    final int longs;
    /** References per cell: 1 without flat state, else 0. */
    final int objects;

    CounterCells(AlgorithmSpec algorithm) {
        RateCounter counter = algorithm.newCounter();
        this.scratch = counter instanceof FlatCounter flat ? flat : null;
        this.factory = new CounterFactory(algorithm);
        this.longs = scratch == null ? 0 : scratch.stateLongs();
        this.objects = scratch == null ? 1 : 0;
    }

    /** Decides a request of {@code cost} at {@code nowNanos} on the cell at {@code l[la]} and {@code o[oa]}. */
    Decision decide(long[] l, int la, Object[] o, int oa, long nowNanos, long cost) {
        if (scratch != null) {
            scratch.load(l, la);
            Decision decision = scratch.tryAcquire(nowNanos, cost);
            scratch.store(l, la);
            return decision;
        }
        RateCounter counter = (RateCounter) o[oa];
        if (counter == null) {
            counter = factory.newCounter();
            o[oa] = counter;
        }
        return counter.tryAcquire(nowNanos, cost);
    }

    /** Sets the cell at {@code l[to]}, {@code o[toO]} to an independent copy of the one at {@code from}, {@code fromO}. */
    void copy(long[] fromL, int from, Object[] fromO, int fromOa, long[] toL, int to, Object[] toO, int toOa) {
        System.arraycopy(fromL, from, toL, to, longs);
        if (objects > 0) {
            RateCounter counter = (RateCounter) fromO[fromOa];
            toO[toOa] = counter == null ? null : counter.copy();
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
}
