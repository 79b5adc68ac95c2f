package io.edgesim.result;

import java.util.List;

/**
 * What one limiter did to each key of its exact reference (its {@code key}: one API key, one address...), summed
 * up over keys: how many got more than their limit through in some window, how many had a request refused that the
 * exact count accepted, and the distribution over keys of each key's largest let-through in one window against its
 * limit. Windows are those of {@link PerWindow} (aligned to scenario time 0, or each key's own); for a token-bucket or gcra reference,
 * which has no window, they are {@code burst / rate} long (the time to refill the whole bucket, the window a
 * {@code RateLimit-Policy} header shows) and the limit in one is {@code 2 x burst}: a full bucket plus one refill,
 * the most an exact bucket lets through in such a window. A key of a plan the limiter lists has that plan's limit.
 *
 * @param key              what the exact reference keys on ("api-key", "ip", ...)
 * @param windowSeconds    the window W, in seconds
 * @param seen             keys with at least one request
 * @param declared         keys the scenario declares for the reference, whether they sent or not (a population's
 *                         clients, one key each when its key template holds {i}): the population shares of keys
 *                         are shares of; -1 when the scenario cannot tell (a trace, a key per request)
 * @param overLimit        keys that got more than their limit through in at least one window
 * @param wronglyThrottled keys with at least one request refused that the exact count accepted
 * @param letThroughRatio  over the keys seen, each key's largest let-through in one window divided by its limit
 * @param ratioByPercent   the same distribution at every whole percentile, 0 to 100 (101 values; the nearest-rank
 *                         value: at p, the smallest ratio with at least p % of the keys at or below it), for charts
 * @param top              the keys with the largest ratio, largest first (at most {@link #TOP})
 * @param plans            the same figures for the keys of each plan the limiter lists, by plan name (empty for a
 *                         limiter without plans; keys without a plan, or of a plan it does not list, are in none)
 * @param bound            the most the limiter's way of counting lets a key through in one window against its limit,
 *                         for a count per location or one exact count; null for other limiters
 */
public record KeyResults(String key, double windowSeconds, long seen, long declared, long overLimit,
                         long wronglyThrottled, Ratios letThroughRatio, List<Double> ratioByPercent,
                         List<KeyOutcome> top, List<PlanKeys> plans, MultiplicationBound bound) {

    /**
     * The population shares are shares of: the keys the scenario declares, or the keys seen when it cannot tell
     * (or when more were seen than it declares).
     */
    public long population() {
        return Math.max(declared, seen);
    }

    /** How many keys {@link #top} lists at most. */
    public static final int TOP = 10;

    public KeyResults {
        ratioByPercent = List.copyOf(ratioByPercent);
        top = List.copyOf(top);
        plans = List.copyOf(plans);
    }

    /**
     * The figures of the keys of one plan.
     *
     * @param plan             the plan's name
     * @param limit            its limit per window, in tokens
     * @param seen             its keys with at least one request
     * @param declared         its keys the scenario declares, or -1 when it cannot tell (see {@code #declared()})
     * @param overLimit        of those, keys over their limit in at least one window
     * @param wronglyThrottled of those, keys with at least one request refused that the exact count accepted
     * @param letThroughRatio  the distribution of their ratios
     */
    public record PlanKeys(String plan, long limit, long seen, long declared, long overLimit,
                           long wronglyThrottled, Ratios letThroughRatio) {
    }

    /**
     * Percentiles (nearest rank) of a per-key ratio over keys, each rounded to 4 decimals; all 0 when no key was
     * seen.
     */
    public record Ratios(double p50, double p90, double p99, double max) {
    }

    /**
     * One key's figures.
     *
     * @param key             the key as the requests carried it
     * @param plan            its plan, or null when it has none
     * @param sent            its requests
     * @param letThrough      of those, let through (accepted or failed open)
     * @param limit           its limit per window, in tokens
     * @param maxRatio        the most it got through in one window, in tokens, divided by {@code limit}, rounded to
     *                        4 decimals
     * @param wronglyRejected its requests refused that the exact count accepted
     */
    public record KeyOutcome(String key, String plan, long sent, long letThrough, long limit, double maxRatio,
                             long wronglyRejected) {
    }
}
