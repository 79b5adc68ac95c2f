package io.edgesim.model.algorithm;

/**
 * The exact sliding window: a log with one timestamp per accepted token (a request of cost n stores n copies of its
 * time). A token accepted at time s counts at every t with {@code t - s < W}; a request of cost n passes iff the
 * tokens counted now plus n stay within {@code limit}. Counting {@link Counting#ALL}, a refused request is logged
 * too (its n copies), so it counts against the requests after it.
 *
 * <p>Decisions: {@code remaining = max(0, limit - counted)}; a refusal waits until enough of the oldest tokens leave
 * the window (exact: the k-th oldest leaves at its time + W; counting all, the refused request's own tokens are in
 * the log), or forever when n exceeds the limit; {@code resetNanos} is when the newest token leaves, or now when the
 * log is empty.
 *
 * <p>State: a ring buffer of longs, grown on demand up to {@code limit} entries (counting all: up to 2^31 - 9, as
 * many as the window's requests carry) and released when the log empties, so memory is 8 bytes per token in the
 * window (the price of exactness; the other counters hold a few longs).
 */
public final class SlidingLogCounter implements RateCounter {

    private static final long[] EMPTY = new long[0];
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;
    private static final int MIN_CAPACITY = 4;

    private final long limit;
    private final long windowNanos;
    private final boolean countAll;
    private long[] times = EMPTY;
    private int head;
    private int size;

    /**
     * A counter allowing {@code limit} tokens in any window of {@code windowNanos}, limit at most 2^31 - 9, counting
     * the requests {@code count} says.
     */
    public SlidingLogCounter(long limit, long windowNanos, Counting count) {
        this.limit = ExactMath.requirePositive("limit", limit);
        this.windowNanos = ExactMath.requirePositive("window", windowNanos);
        this.countAll = count == Counting.ALL;
        if (limit > MAX_CAPACITY) {
            throw new IllegalArgumentException("sliding-log limit must be at most " + MAX_CAPACITY + ", was " + limit);
        }
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        evictBefore(nowNanos);
        boolean allowed = cost <= limit - size;
        if (allowed || countAll) {
            append(nowNanos, cost);
        }
        // a refused request fits once the oldest size + cost - limit tokens (of the log as it now is) have left
        long retryAfterNanos = allowed ? 0 : cost > limit ? Long.MAX_VALUE
                : at((int) (size + cost - limit) - 1) + windowNanos - nowNanos;
        long resetNanos = size == 0 ? nowNanos : at(size - 1) + windowNanos;
        return new Decision(allowed, Math.max(0, limit - size), retryAfterNanos, resetNanos);
    }

    private void evictBefore(long nowNanos) {
        while (size > 0 && nowNanos - times[head] >= windowNanos) {
            head = (head + 1) % times.length;
            size--;
        }
        if (size == 0) {
            times = EMPTY;
            head = 0;
        }
    }

    private long at(int i) {
        return times[(head + i) % times.length];
    }

    private void append(long timeNanos, long count) {
        if (size + count > MAX_CAPACITY) {
            throw new IllegalStateException("a sliding log holds at most " + MAX_CAPACITY + " tokens in a window");
        }
        ensureCapacity((int) (size + count));
        for (int i = 0; i < count; i++) {
            times[(head + size) % times.length] = timeNanos;
            size++;
        }
    }

    private void ensureCapacity(int needed) {
        if (needed <= times.length) {
            return;
        }
        long grown = Math.max(needed, Math.max(MIN_CAPACITY, 2L * times.length));
        times = ordered((int) Math.min(grown, countAll ? MAX_CAPACITY : limit));
        head = 0;
    }

    /** The live entries, oldest first, in a fresh array of {@code capacity}. */
    private long[] ordered(int capacity) {
        long[] out = capacity == 0 ? EMPTY : new long[capacity];
        for (int i = 0; i < size; i++) {
            out[i] = at(i);
        }
        return out;
    }

    @Override
    public boolean countsRefused() {
        return countAll;
    }

    @Override
    public RateCounter copy() {
        SlidingLogCounter c = new SlidingLogCounter(limit, windowNanos, countAll ? Counting.ALL : Counting.ADMITTED);
        c.times = ordered(size);
        c.size = size;
        return c;
    }
}
