package io.edgesim.model.algorithm;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Immutable configuration of one algorithm. Windowed algorithms use {@code limit} per {@code windowNanos};
 * token-bucket and gcra use {@code ratePerSecond} and {@code burst}.
 *
 * @param kind          which algorithm
 * @param limit         requests (tokens) per window; for rate algorithms equal to burst
 * @param windowNanos   window length; for rate algorithms the time to refill the whole burst, rounded up to the
 *                      nanosecond from the rate as a double (what a {@code RateLimit-Policy} header shows as
 *                      its window); {@link #stateLifetimeNanos()} is the exact refill time
 * @param ratePerSecond refill rate for token-bucket and gcra; limit / window for windowed ones
 * @param burst         bucket capacity (token-bucket) or burst (gcra, = max_burst + 1 in redis-cell's terms)
 * @param plans         by plan name, the numbers that the keys of that plan (a client's contract tier) get instead:
 *                      the same algorithm, without plans of their own, windowed ones with the same window; empty for
 *                      a limiter without plans. Keys of no plan, or of a plan not listed, get this spec's numbers
 *                      ({@link #forPlan})
 */
public record AlgorithmSpec(AlgorithmKind kind, long limit, long windowNanos, double ratePerSecond, long burst,
                            Map<String, AlgorithmSpec> plans) {

    private static final double NANOS_PER_SECOND = 1e9;

    public AlgorithmSpec {
        if (kind == null) {
            throw new IllegalArgumentException("algorithm is required");
        }
        if (kind.windowed()) {
            if (limit <= 0) {
                throw new IllegalArgumentException("limit must be greater than 0, was " + limit);
            }
            if (windowNanos <= 0) {
                throw new IllegalArgumentException("window must be greater than 0");
            }
        } else {
            if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
                throw new IllegalArgumentException("rate must be greater than 0, was " + ratePerSecond);
            }
            if (burst <= 0) {
                throw new IllegalArgumentException("burst must be greater than 0, was " + burst);
            }
        }
        plans = plans == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(plans));
        for (Map.Entry<String, AlgorithmSpec> plan : plans.entrySet()) {
            AlgorithmSpec spec = plan.getValue();
            if (spec.kind != kind || !spec.plans.isEmpty() || (kind.windowed() && spec.windowNanos != windowNanos)) {
                throw new IllegalArgumentException("plan '" + plan.getKey() + "' must be " + kind.configName()
                        + (kind.windowed() ? " with the same window" : "") + " and have no plans of its own");
            }
        }
    }

    /** fixed-window, sliding-window or sliding-log with {@code limit} per {@code windowNanos}. */
    public static AlgorithmSpec windowed(AlgorithmKind kind, long limit, long windowNanos) {
        if (!kind.windowed()) {
            throw new IllegalArgumentException(kind.configName() + " takes rate and burst, not limit and window");
        }
        return new AlgorithmSpec(kind, limit, windowNanos, limit * NANOS_PER_SECOND / windowNanos, limit, Map.of());
    }

    /** token-bucket or gcra with {@code ratePerSecond} and {@code burst}. */
    public static AlgorithmSpec rated(AlgorithmKind kind, double ratePerSecond, long burst) {
        if (kind.windowed()) {
            throw new IllegalArgumentException(kind.configName() + " takes limit and window, not rate and burst");
        }
        long window = ratePerSecond > 0 ? (long) Math.ceil(burst * NANOS_PER_SECOND / ratePerSecond) : 1;
        return new AlgorithmSpec(kind, burst, window, ratePerSecond, burst, Map.of());
    }

    /** This spec with {@code plans} (by plan name) instead of its own ({@link #plans()}). */
    public AlgorithmSpec withPlans(Map<String, AlgorithmSpec> plans) {
        return new AlgorithmSpec(kind, limit, windowNanos, ratePerSecond, burst, plans);
    }

    /**
     * The numbers a key of {@code plan} is counted with: the plan's when this spec lists it, else this spec itself
     * (also for null, no plan). {@code forPlan(plan).limit()} is that key's limit (its burst for token-bucket and
     * gcra).
     */
    public AlgorithmSpec forPlan(String plan) {
        if (plan == null || plans.isEmpty()) {
            return this;
        }
        return plans.getOrDefault(plan, this);
    }

    /**
     * How long a counter's state still matters after its last change: from then on, a counter left alone decides
     * exactly as a fresh one, so a store may forget it (a cache entry's max-age, a KV expiration) without changing
     * any decision. A counter changes only when it accepts (a refused request changes nothing), so this counts from
     * the last accepted request.
     * <ul>
     *   <li>fixed-window: W (the count is dead at the end of its window, at most W later);</li>
     *   <li>sliding-window: 2W (the count of window k weighs on the estimate until the end of window k + 1, at most
     *       2W later);</li>
     *   <li>sliding-log: W (each timestamp counts for W);</li>
     *   <li>token-bucket and gcra: the time to refill a whole burst from empty, burst / rate, rounded up to the
     *       nanosecond and computed from the same exact rate as the counters (so never a nanosecond short, unlike
     *       {@code windowNanos}, which is computed in floating point).</li>
     * </ul>
     * With plans, the longest of this spec's and its plans' (a state kept longer than it matters changes no
     * decision). Saturates at {@code Long.MAX_VALUE}.
     */
    public long stateLifetimeNanos() {
        long lifetime = ownStateLifetimeNanos();
        for (AlgorithmSpec plan : plans.values()) {
            lifetime = Math.max(lifetime, plan.ownStateLifetimeNanos());
        }
        return lifetime;
    }

    private long ownStateLifetimeNanos() {
        return switch (kind) {
            case FIXED_WINDOW, SLIDING_LOG -> windowNanos;
            case SLIDING_WINDOW -> windowNanos > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * windowNanos;
            case TOKEN_BUCKET, GCRA -> ExactRate.of(ratePerSecond, burst).nanosToRefill(burst);
        };
    }

    /** A fresh counter for one key, full allowance. */
    public RateCounter newCounter() {
        return Algorithms.newCounter(this);
    }

    /** Human form for tables: "100 per 60s" or "rate 10/s burst 3". */
    public String describe() {
        if (kind.windowed()) {
            return limit + " per " + Durations.format(windowNanos);
        }
        return "rate " + Durations.formatNumber(ratePerSecond) + "/s burst " + burst;
    }
}
