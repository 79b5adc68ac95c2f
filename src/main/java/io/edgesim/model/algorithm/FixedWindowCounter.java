package io.edgesim.model.algorithm;

/**
 * Counts tokens in window {@code floor(t / W)}; windows are aligned to the epoch (scenario time 0), as the Workers
 * Rate Limiting binding does, and the count resets at each boundary. A request of cost n passes iff
 * {@code count + n <= limit}; it adds n to the count when it passes, or always when counting
 * {@link Counting#ALL} (envoy's ratelimit: a client that keeps sending above the limit stays refused until the
 * boundary). Windows anchored at each key's first request are {@link FirstRequestWindowCounter}.
 *
 * <p>Decisions: {@code remaining = max(0, limit - count)}; a refusal waits for the next boundary (the count there
 * is 0), or forever when n exceeds the limit; {@code resetNanos} is the next boundary, or now when the window holds
 * nothing. State: the window index and its count (two longs besides the configuration).
 */
public final class FixedWindowCounter implements FlatCounter {

    // shared by a counter and its copies, so that a million keys carry one configuration and not a million
    private final Config config;
    private long windowIndex = Long.MIN_VALUE;
    private long count;

    /**
     * A counter allowing {@code limit} tokens per window of {@code windowNanos} (both positive), counting the
     * requests {@code count} says.
     */
    public FixedWindowCounter(long limit, long windowNanos, Counting count) {
        this(new Config(ExactMath.requirePositive("limit", limit), ExactMath.requirePositive("window", windowNanos),
                count == Counting.ALL));
    }

    private FixedWindowCounter(Config config) {
        this.config = config;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        return decision(acquire(nowNanos, cost), nowNanos, cost);
    }

    @Override
    public boolean acquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        long index = Math.floorDiv(nowNanos, config.windowNanos);
        if (index != windowIndex) {
            windowIndex = index;
            count = 0;
        }
        boolean allowed = cost <= config.limit - count;
        if (allowed || config.countAll) {
            count += cost;
        }
        return allowed;
    }

    // the answer to the request acquire() just decided, from the state it left
    private Decision decision(boolean allowed, long nowNanos, long cost) {
        long limit = config.limit;
        long boundaryNanos = (windowIndex + 1) * config.windowNanos;
        long retryAfterNanos = allowed ? 0 : cost > limit ? Long.MAX_VALUE : boundaryNanos - nowNanos;
        long resetNanos = count == 0 ? nowNanos : boundaryNanos;
        return new Decision(allowed, Math.max(0, limit - count), retryAfterNanos, resetNanos);
    }

    @Override
    public int stateLongs() {
        return 2;
    }

    @Override
    public void load(long[] state, int at) {
        windowIndex = FlatCounter.value(state[at]);
        count = state[at + 1];
    }

    @Override
    public void store(long[] state, int at) {
        state[at] = FlatCounter.stored(windowIndex);
        state[at + 1] = count;
    }

    @Override
    public boolean countsRefused() {
        return config.countAll;
    }

    @Override
    public RateCounter copy() {
        FixedWindowCounter c = new FixedWindowCounter(config);
        c.windowIndex = windowIndex;
        c.count = count;
        return c;
    }

    private record Config(long limit, long windowNanos, boolean countAll) {
    }
}
