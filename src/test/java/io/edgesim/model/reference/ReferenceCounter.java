package io.edgesim.model.reference;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.WindowAnchor;

import java.util.function.LongPredicate;

/**
 * A plain counter for one key, written from the rules in docs/model.md, to check the optimised counters against. Each
 * algorithm says only three things: whether a request of some cost would pass at a time (without changing anything),
 * how to count one, and how many cost-1 requests would pass at a time. The rest of a {@link Decision} follows from
 * those here, by search, the same way for every algorithm: retry-after is the first time the same request would pass
 * again, reset the first time the whole allowance is back. Times passed in never go backwards.
 */
public abstract class ReferenceCounter {

    /** The whole allowance: the limit, or the burst. */
    protected final long full;
    private final boolean countAll;
    // where the searches look first: by then the counter should be back to a fresh one's answers
    private long searchHintNanos = 1;

    protected ReferenceCounter(long full, boolean countAll) {
        this.full = full;
        this.countAll = countAll;
    }

    /** True when a refused request is counted too ({@code count = all}). */
    protected final boolean countsAll() {
        return countAll;
    }

    /** A fresh counter of {@code spec} (without its plans: pass {@code spec.forPlan(plan)}). */
    public static ReferenceCounter of(AlgorithmSpec spec) {
        boolean all = spec.count() == Counting.ALL;
        ReferenceCounter counter = switch (spec.kind()) {
            case FIXED_WINDOW -> spec.anchor() == WindowAnchor.FIRST_REQUEST
                    ? new ReferenceFirstRequestWindow(spec.limit(), spec.windowNanos(), all)
                    : new ReferenceFixedWindow(spec.limit(), spec.windowNanos(), all);
            case SLIDING_WINDOW -> new ReferenceSlidingWindow(spec.limit(), spec.windowNanos(), all);
            case SLIDING_LOG -> new ReferenceSlidingLog(spec.limit(), spec.windowNanos(), all);
            case TOKEN_BUCKET -> new ReferenceTokenBucket(spec.ratePerSecond(), spec.burst());
            case GCRA -> new ReferenceGcra(spec.ratePerSecond(), spec.burst());
        };
        counter.searchHintNanos = spec.stateLifetimeNanos();
        return counter;
    }

    /** Decides a request of {@code cost} at {@code nowNanos}, counting it when it passes (or always, counting all). */
    public final Decision tryAcquire(long nowNanos, long cost) {
        if (cost < 0) {
            throw new IllegalArgumentException("cost must be 0 or more, was " + cost);
        }
        boolean allowed = cost <= full && passesAt(nowNanos, cost);
        if (allowed || countAll) {
            count(nowNanos, cost);
        }
        long retryAfterNanos = allowed ? 0 : cost > full ? Long.MAX_VALUE
                : firstTime(nowNanos, searchHintNanos, t -> passesAt(t, cost)) - nowNanos;
        long resetNanos = firstTime(nowNanos, searchHintNanos, t -> remainingAt(t) >= full);
        return new Decision(allowed, Math.max(0, remainingAt(nowNanos)), retryAfterNanos, resetNanos);
    }

    /** Whether a request of {@code cost} would pass at {@code nanos} (no earlier than any call), changing nothing. */
    protected abstract boolean passesAt(long nanos, long cost);

    /** Counts a request of {@code cost} at {@code nanos}. */
    protected abstract void count(long nanos, long cost);

    /** The cost-1 requests that would pass one after the other at {@code nanos} (negative when over the limit). */
    protected abstract long remainingAt(long nanos);

    /** An independent copy. */
    public final ReferenceCounter copy() {
        ReferenceCounter copy = copyState();
        copy.searchHintNanos = searchHintNanos;
        return copy;
    }

    /** An independent copy of the counter's state. */
    protected abstract ReferenceCounter copyState();

    /**
     * The first time at or after {@code from} at which {@code holds} (which, once true, stays true) is true: by
     * bisection between {@code from} and {@code from + hint} when it holds there, else by doubling steps first.
     */
    static long firstTime(long from, long hint, LongPredicate holds) {
        if (holds.test(from)) {
            return from;
        }
        long low = from;
        long high = from + hint;
        if (!holds.test(high)) {
            long step = 1;
            while (!holds.test(from + step)) {
                step *= 2;
            }
            low = from + step / 2;
            high = from + step;
        }
        // holds(high), and not holds(low)
        while (high - low > 1) {
            long middle = low + (high - low) / 2;
            if (holds.test(middle)) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }
}
