package io.edgesim.result;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Everything measured for one limiter.
 *
 * @param name           the limiter's name in the scenario
 * @param tier           "cache", or "waf > cache > durable-object" for a chain
 * @param algorithm      the algorithm of the last stage, described ("100 per 60s")
 * @param totals         counts over all regions
 * @param regions        per region, in the scenario's region order
 * @param rejectedBy     refusals (rejections and closed failures) per stage, keyed "index:tier"
 * @param retryAfter     the Retry-After (whole seconds) that rejected clients were told
 * @param stageStats     tier statistics per stage, keyed "index:tier" (Worker invocations a WAF rule saved,
 *                       isolate evictions, Durable Objects created...)
 * @param exact          comparison with the exact reference
 * @param multiplication requests let through divided by what the exact count accepted, rounded to 4 decimals; empty
 *                       when the exact count accepted nothing, as then there is nothing to multiply: unbounded
 *                       when the limiter let requests through ({@link #multiplicationUnbounded}), not applicable
 *                       when it let none through either
 * @param perWindow      what one key got through per window of the exact reference, against its limit: the
 *                       multiplication window by window; empty when the reference has no window (token-bucket, gcra)
 * @param keys           what the limiter did to each key of the exact reference, summed up over keys
 * @param cost           monthly cost at the simulated rate
 * @param timeline       outcomes over time
 * @param firstRefusal   the 429 the first rejected client saw, or null when nothing was rejected
 * @param hotKeys        the Durable Objects asked more than one object serves
 */
public record LimiterResult(String name, String tier, String algorithm, Counts totals,
                            Map<String, RegionResult> regions, Map<String, StageRefusals> rejectedBy,
                            RetryAfterStats retryAfter, Map<String, Map<String, Long>> stageStats, ExactComparison exact,
                            OptionalDouble multiplication, Optional<PerWindow> perWindow, KeyResults keys,
                            CostResult cost, Timeline timeline,
                            SampleResponse firstRefusal, HotKeys hotKeys) {

    /** True when the limiter let requests through that the exact count, accepting none, would all have refused. */
    public boolean multiplicationUnbounded() {
        return multiplication.isEmpty() && totals.letThrough() > 0;
    }
}
