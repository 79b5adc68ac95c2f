package io.edgesim.model.algorithm;

/**
 * A fixed window anchored at the key's own requests, as the seed article's Durable Object limiter counts:
 * <pre>
 * const stored = (await this.state.storage.get("w")) ?? { start: now, count: 0 };
 * const w = now - stored.start &gt;= windowMs ? { start: now, count: 0 } : stored;
 * const allowed = w.count &lt; limit; if (allowed) w.count += 1;
 * </pre>
 * The key's first window starts at its first counted request; once {@code now - start >= W} the window has ended,
 * and the next one starts at the next counted request (Gubernator's "token bucket" behaves the same way). A request
 * of cost n passes iff {@code count + n <= limit} (for n = 1 the seed's {@code count < limit}; a request never gets
 * part of its cost through); it adds n when it passes, or always when counting {@link Counting#ALL}. A request that
 * adds nothing (refused while counting admitted, or of cost 0) starts no window, so a refused request changes nothing.
 * Epoch-aligned windows are {@link FixedWindowCounter}.
 *
 * <p>Decisions: {@code remaining = max(0, limit - count)}; a refusal waits until the window ends ({@code start + W},
 * where the count is 0 again), or forever when n exceeds the limit; {@code resetNanos} is the window's end, or now
 * when no window is open. State: the window's start and its count (two longs besides the configuration); a count of
 * 0 means no window is open.
 */
public final class FirstRequestWindowCounter implements FlatCounter {

    // shared by a counter and its copies, so that a million keys carry one configuration and not a million
    private final Config config;
    // the open window's start; meaningless while count is 0
    private long startNanos;
    private long count;

    /**
     * A counter allowing {@code limit} tokens per window of {@code windowNanos} (both positive) from each window's
     * first request, counting the requests {@code count} says.
     */
    public FirstRequestWindowCounter(long limit, long windowNanos, Counting count) {
        this(new Config(ExactMath.requirePositive("limit", limit), ExactMath.requirePositive("window", windowNanos),
                count == Counting.ALL));
    }

    private FirstRequestWindowCounter(Config config) {
        this.config = config;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        return decision(acquire(nowNanos, cost), nowNanos, cost);
    }

    @Override
    public boolean acquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        if (count != 0 && nowNanos - startNanos >= config.windowNanos) {
            count = 0;
        }
        boolean allowed = cost <= config.limit - count;
        if ((allowed || config.countAll) && cost > 0) {
            if (count == 0) {
                startNanos = nowNanos;
            }
            count += cost;
        }
        return allowed;
    }

    // the answer to the request acquire() just decided, from the state it left
    private Decision decision(boolean allowed, long nowNanos, long cost) {
        long limit = config.limit;
        long endNanos = startNanos + config.windowNanos;
        // refused with cost <= limit means count > 0: a window is open
        long retryAfterNanos = allowed ? 0 : cost > limit ? Long.MAX_VALUE : endNanos - nowNanos;
        long resetNanos = count == 0 ? nowNanos : endNanos;
        return new Decision(allowed, Math.max(0, limit - count), retryAfterNanos, resetNanos);
    }

    /**
     * The start of the window a request just decided at {@code nowNanos} falls in: the open window's, or
     * {@code nowNanos} when none is open (the request counted nothing).
     */
    public long windowStartNanos(long nowNanos) {
        return count == 0 ? nowNanos : startNanos;
    }

    @Override
    public int stateLongs() {
        return 2;
    }

    @Override
    public void load(long[] state, int at) {
        startNanos = state[at];
        count = state[at + 1];
    }

    @Override
    public void store(long[] state, int at) {
        state[at] = startNanos;
        state[at + 1] = count;
    }

    @Override
    public boolean countsRefused() {
        return config.countAll;
    }

    @Override
    public RateCounter copy() {
        FirstRequestWindowCounter c = new FirstRequestWindowCounter(config);
        c.startNanos = startNanos;
        c.count = count;
        return c;
    }

    private record Config(long limit, long windowNanos, boolean countAll) {
    }
}
