package io.edgesim.model.algorithm;

/**
 * Cloudflare's two-counter approximation of a sliding window. Windows are epoch-aligned as in
 * {@link FixedWindowCounter}; at elapsed time {@code e} into the current window the estimated rate is
 * {@code previous * (W - e) / W + current}, where previous is the count of the window just before (0 when that
 * window saw nothing or lies further back).
 *
 * <p>Rule: a request of cost n passes iff {@code estimate + n <= limit}, i.e. the estimate counting the request
 * itself stays within the limit (descriptions that allow while {@code estimate < limit} let one more through).
 * The comparison is exact: with integer counts it is {@code ceil(previous * (W - e) / W) + current + n <= limit}.
 * A request adds n to the current count when it passes, or always when counting {@link Counting#ALL} (how
 * Cloudflare measured the approximation: every request counts).
 *
 * <p>Decisions: {@code remaining = limit - current - ceil(previous * (W - e) / W)}, the cost-1 requests that would
 * still pass now; {@code retryAfterNanos} is the exact time until a request of the same cost passes under this rule
 * (later in this window as the previous count fades, or in the next window, where the current count becomes the
 * fading one), {@code Long.MAX_VALUE} when n exceeds the limit; {@code resetNanos} is when the estimate is next 0:
 * the start of the window after next when the current window holds anything, else the next boundary while the
 * previous count still weighs, else now. State: window index and two counts.
 */
public final class SlidingWindowCounter implements FlatCounter {

    // shared by a counter and its copies, so that a million keys carry one configuration and not a million
    private final Config config;
    private long windowIndex = Long.MIN_VALUE;
    private long previous;
    private long current;

    /**
     * A counter allowing an estimated {@code limit} tokens per sliding {@code windowNanos} (both positive), counting
     * the requests {@code count} says.
     */
    public SlidingWindowCounter(long limit, long windowNanos, Counting count) {
        this(new Config(ExactMath.requirePositive("limit", limit), ExactMath.requirePositive("window", windowNanos),
                count == Counting.ALL));
    }

    private SlidingWindowCounter(Config config) {
        this.config = config;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        return decision(acquire(nowNanos, cost), nowNanos, cost);
    }

    @Override
    public boolean acquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        long windowNanos = config.windowNanos;
        long index = Math.floorDiv(nowNanos, windowNanos);
        rollTo(index);
        boolean allowed = cost <= config.limit - current - weighted(nowNanos - index * windowNanos);
        if (allowed || config.countAll) {
            current += cost;
        }
        return allowed;
    }

    // the answer to the request acquire() just decided, from the state it left (now in window windowIndex)
    private Decision decision(boolean allowed, long nowNanos, long cost) {
        long limit = config.limit;
        long windowNanos = config.windowNanos;
        long index = windowIndex;
        long elapsedNanos = nowNanos - index * windowNanos;
        long weighted = weighted(elapsedNanos);
        long retryAfterNanos = allowed ? 0 : retryAfter(elapsedNanos, cost);
        long resetNanos = current > 0 ? (index + 2) * windowNanos
                : weighted > 0 ? (index + 1) * windowNanos : nowNanos;
        return new Decision(allowed, Math.max(0, limit - current - weighted), retryAfterNanos, resetNanos);
    }

    /** What the previous window's count still weighs at {@code elapsedNanos} into the current one. */
    private long weighted(long elapsedNanos) {
        return previous - ExactMath.mulDivFloor(previous, elapsedNanos, config.windowNanos);
    }

    private void rollTo(long index) {
        if (index == windowIndex) {
            return;
        }
        previous = index == windowIndex + 1 ? current : 0;
        current = 0;
        windowIndex = index;
    }

    /** Time from now (at {@code elapsedNanos} into the window) until a refused request of {@code cost} passes. */
    private long retryAfter(long elapsedNanos, long cost) {
        long limit = config.limit;
        long windowNanos = config.windowNanos;
        if (cost > limit) {
            return Long.MAX_VALUE;
        }
        if (current + cost <= limit) {
            // only the fading previous count is in the way: pass once floor(previous * e / W) >= need
            long need = previous + current + cost - limit;
            return ExactMath.mulDivCeil(need, windowNanos, previous) - elapsedNanos;
        }
        // next window: the current count fades instead, and must fade by need
        long need = current + cost - limit;
        return windowNanos - elapsedNanos + ExactMath.mulDivCeil(need, windowNanos, current);
    }

    @Override
    public int stateLongs() {
        return 3;
    }

    @Override
    public void load(long[] state, int at) {
        windowIndex = FlatCounter.value(state[at]);
        previous = state[at + 1];
        current = state[at + 2];
    }

    @Override
    public void store(long[] state, int at) {
        state[at] = FlatCounter.stored(windowIndex);
        state[at + 1] = previous;
        state[at + 2] = current;
    }

    @Override
    public boolean countsRefused() {
        return config.countAll;
    }

    @Override
    public RateCounter copy() {
        SlidingWindowCounter c = new SlidingWindowCounter(config);
        c.windowIndex = windowIndex;
        c.previous = previous;
        c.current = current;
        return c;
    }

    private record Config(long limit, long windowNanos, boolean countAll) {
    }
}
