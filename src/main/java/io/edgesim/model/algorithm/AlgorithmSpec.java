package io.edgesim.model.algorithm;

import java.util.Collections;
import java.util.Comparator;
import java.util.List;
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
 *                      ({@link #forPlan}); a plan counts as this spec does (same anchor and counting)
 * @param anchor        where a fixed window starts: {@link WindowAnchor#EPOCH} (every other algorithm has it) or
 *                      {@link WindowAnchor#FIRST_REQUEST} (fixed-window only)
 * @param count         which requests a windowed algorithm counts: {@link Counting#ADMITTED} (token-bucket and gcra
 *                      have it) or {@link Counting#ALL}
 */
public record AlgorithmSpec(AlgorithmKind kind, long limit, long windowNanos, double ratePerSecond, long burst,
                            Map<String, AlgorithmSpec> plans, WindowAnchor anchor, Counting count) {

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
        anchor = anchor == null ? WindowAnchor.EPOCH : anchor;
        count = count == null ? Counting.ADMITTED : count;
        if (anchor != WindowAnchor.EPOCH && kind != AlgorithmKind.FIXED_WINDOW) {
            throw new IllegalArgumentException("anchor " + anchor.configName() + " is for fixed-window, not "
                    + kind.configName());
        }
        if (count != Counting.ADMITTED && !kind.windowed()) {
            throw new IllegalArgumentException("count " + count.configName() + " is for the windowed algorithms, not "
                    + kind.configName());
        }
        plans = plans == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(plans));
        for (Map.Entry<String, AlgorithmSpec> plan : plans.entrySet()) {
            AlgorithmSpec spec = plan.getValue();
            if (spec.kind != kind || !spec.plans.isEmpty() || (kind.windowed() && spec.windowNanos != windowNanos)
                    || spec.anchor != anchor || spec.count != count) {
                throw new IllegalArgumentException("plan '" + plan.getKey() + "' must be " + kind.configName()
                        + (kind.windowed() ? " with the same window, anchor and count" : "")
                        + " and have no plans of its own");
            }
        }
    }

    /** fixed-window, sliding-window or sliding-log with {@code limit} per {@code windowNanos}. */
    public static AlgorithmSpec windowed(AlgorithmKind kind, long limit, long windowNanos) {
        if (!kind.windowed()) {
            throw new IllegalArgumentException(kind.configName() + " takes rate and burst, not limit and window");
        }
        return new AlgorithmSpec(kind, limit, windowNanos, limit * NANOS_PER_SECOND / windowNanos, limit, Map.of(),
                WindowAnchor.EPOCH, Counting.ADMITTED);
    }

    /** token-bucket or gcra with {@code ratePerSecond} and {@code burst}. */
    public static AlgorithmSpec rated(AlgorithmKind kind, double ratePerSecond, long burst) {
        if (kind.windowed()) {
            throw new IllegalArgumentException(kind.configName() + " takes limit and window, not rate and burst");
        }
        long window = ratePerSecond > 0 ? (long) Math.ceil(burst * NANOS_PER_SECOND / ratePerSecond) : 1;
        return new AlgorithmSpec(kind, burst, window, ratePerSecond, burst, Map.of(), WindowAnchor.EPOCH,
                Counting.ADMITTED);
    }

    /** This spec with {@code plans} (by plan name) instead of its own ({@link #plans()}). */
    public AlgorithmSpec withPlans(Map<String, AlgorithmSpec> plans) {
        return new AlgorithmSpec(kind, limit, windowNanos, ratePerSecond, burst, plans, anchor, count);
    }

    /** This windowed spec with its windows starting at {@code anchor} (fixed-window only for other than epoch). */
    public AlgorithmSpec withAnchor(WindowAnchor anchor) {
        return new AlgorithmSpec(kind, limit, windowNanos, ratePerSecond, burst, plans, anchor, count);
    }

    /** This spec counting {@code count} (windowed algorithms only for other than admitted). */
    public AlgorithmSpec withCount(Counting count) {
        return new AlgorithmSpec(kind, limit, windowNanos, ratePerSecond, burst, plans, anchor, count);
    }

    /**
     * A windowed spec like this one (window, anchor, counting) with {@code limit} per window instead and no plans: the
     * numbers of a plan.
     */
    public AlgorithmSpec withLimit(long limit) {
        return AlgorithmSpec.windowed(kind, limit, windowNanos).withAnchor(anchor).withCount(count);
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
     * the last accepted request; with {@code count = all} every request changes it, so this counts from the last
     * request.
     * <ul>
     *   <li>fixed-window: W (the count is dead at the end of its window, at most W later; a window anchored at a
     *       key's first request starts at or before the change);</li>
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

    /**
     * Why this spec (or one of its plans) cannot be counted exactly, or null when it can: a token-bucket or gcra
     * counts in integer units of a token ({@link ExactRate}), so a rate too small for its decimals or a burst too
     * large for them does not fit in a long ("plan pro: rate 1.0E-12/s with burst 5 ...").
     */
    public String uncountable() {
        String own = ownUncountable();
        if (own != null) {
            return own;
        }
        for (Map.Entry<String, AlgorithmSpec> plan : plans.entrySet()) {
            String problem = plan.getValue().ownUncountable();
            if (problem != null) {
                return "plan " + plan.getKey() + ": " + problem;
            }
        }
        return null;
    }

    private String ownUncountable() {
        if (kind.windowed()) {
            return null;
        }
        try {
            ExactRate.of(ratePerSecond, burst);
            return null;
        } catch (IllegalArgumentException e) {
            // the rate in plain digits, not as a double prints it (4.999999999999999E-10): as written from 1 up
            // (1234567.891), below to six significant digits (0.0000000005 for a shard's share of 0.0000005)
            String rate = Math.abs(ratePerSecond) >= 1 ? Durations.formatNumber(ratePerSecond)
                    : new java.math.BigDecimal(ratePerSecond).round(new java.math.MathContext(6)).stripTrailingZeros()
                    .toPlainString();
            return "rate " + rate + "/s with burst " + burst + " cannot be counted "
                    + "in whole units of a "
                    + "token (a rate with d decimals allows a burst up to " + Long.MAX_VALUE / 2_000_000_000L
                    + " / 10^d, and needs rate x 10^d of at least 0.5, d up to 9)";
        }
    }

    private long ownStateLifetimeNanos() {
        return switch (kind) {
            case FIXED_WINDOW, SLIDING_LOG -> windowNanos;
            case SLIDING_WINDOW -> windowNanos > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * windowNanos;
            case TOKEN_BUCKET, GCRA -> ExactRate.of(ratePerSecond, burst).nanosToRefill(burst);
        };
    }

    /**
     * True when a refused request changes the counter ({@code count = all}): a tier that writes a counter's state
     * back after deciding (a cache, KV) writes it after a refusal too.
     */
    public boolean countsRefused() {
        return count == Counting.ALL;
    }

    /** A fresh counter for one key, full allowance. */
    public RateCounter newCounter() {
        return Algorithms.newCounter(this);
    }

    /**
     * Human form for tables: "100 per 60s" or "rate 10/s burst 3"; a setting other than the default is added as it
     * is written: "100 per 60s, anchor first-request, count all". With plans, each plan's numbers instead, smallest
     * first, and the spec's own for keys of no plan as "others" unless a plan has the same numbers (under a
     * contract the spec's own are its first plan's: every key has a plan): "per plan free 10, pro 100, others 60 per
     * 60s".
     */
    public String describe() {
        String settings = (anchor == WindowAnchor.EPOCH ? "" : ", anchor " + anchor.configName())
                + (count == Counting.ADMITTED ? "" : ", count " + count.configName());
        if (!plans.isEmpty()) {
            List<String> each = plans.entrySet().stream()
                    .sorted(Comparator.comparingDouble((Map.Entry<String, AlgorithmSpec> e) -> e.getValue().limit)
                            .thenComparingDouble(e -> e.getValue().ratePerSecond).thenComparing(Map.Entry::getKey))
                    .map(e -> e.getKey() + " " + e.getValue().numbers()).toList();
            boolean ownIsAPlan = plans.values().stream().anyMatch(p -> p.numbers().equals(numbers()));
            return "per plan " + String.join(", ", each) + (ownIsAPlan ? "" : ", others " + numbers())
                    + (kind.windowed() ? " per " + Durations.format(windowNanos) : "") + settings;
        }
        return kind.windowed() ? numbers() + " per " + Durations.format(windowNanos) + settings : numbers();
    }

    // "100" for windowed algorithms, "rate 10/s burst 3" for token-bucket and gcra
    private String numbers() {
        return kind.windowed() ? Long.toString(limit)
                : "rate " + Durations.formatNumber(ratePerSecond) + "/s burst " + burst;
    }
}
