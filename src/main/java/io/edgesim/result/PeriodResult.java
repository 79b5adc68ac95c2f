package io.edgesim.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The run's figures over one stretch of its time: a fault's window (the requests that arrived while it was in force)
 * or the time outside every fault. A request counts in every fault window it arrived in, and in the outside period
 * only when it arrived in none.
 *
 * @param label        the fault's label ("region-outage IAD 60s-120s"), or "outside faults"
 * @param fromSeconds  for a fault, when its window began, scenario time; for the outside period, 0
 * @param untilSeconds for a fault, when its window ended; for the outside period, the run's duration
 * @param seconds      how long the period lasts (the outside period: the run less the union of the fault windows)
 * @param limiters     per limiter, in scenario order, its figures over the period
 */
public record PeriodResult(String label, double fromSeconds, double untilSeconds, double seconds,
                           List<LimiterPeriod> limiters) {

    /** The label of the period outside every fault. */
    public static final String OUTSIDE = "outside faults";

    public PeriodResult {
        limiters = List.copyOf(limiters);
    }

    /**
     * One limiter's figures over a period, with the same meaning as the whole run's ({@link LimiterResult}) for the
     * requests that arrived in it; the per-key figures count what each key got through per window of the exact
     * count from those requests only.
     *
     * @param limiter        its name
     * @param totals         requests that arrived in the period, by outcome
     * @param exact          the exact count's verdicts on them
     * @param multiplication let through / what the exact count accepted (empty when it accepted none)
     * @param keysSeen       keys with a request in the period
     * @param keysOverLimit  of those, keys that got more than their limit (their plan's: the contract) through in a
     *                       window, counting the period's requests
     * @param keysWronglyThrottled of those, keys with a request refused that the exact count accepted
     * @param worstKey       the largest ratio of let-through in one window to the key's limit
     * @param latency        per region with requests in the period: its added-latency figures
     * @param cost           the bill at the period's rate: what its requests would cost per month if the period
     *                       lasted all month (the period's own Worker requests, CPU time and calls; the tiers' rows,
     *                       duration and KV writes of the whole run in proportion to the period's calls)
     */
    public record LimiterPeriod(String limiter, Counts totals, ExactComparison exact, OptionalDouble multiplication,
                                long keysSeen, long keysOverLimit, long keysWronglyThrottled, double worstKey,
                                Map<String, RegionLatency> latency, CostResult cost) {

        public LimiterPeriod {
            latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
        }
    }

    /** Added latency in one region over a period: percentiles in milliseconds, read from {@code samples}. */
    public record RegionLatency(long samples, double p50Ms, double p99Ms) {
    }
}
