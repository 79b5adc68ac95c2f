package io.edgesim.engine;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.model.cost.CostModel;
import io.edgesim.model.cost.Invocations;
import io.edgesim.model.cost.Prices;
import io.edgesim.model.cost.Usage;
import io.edgesim.result.CostResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prices a limiter's measured invocations and usage with the scenario's prices, scaled from the time they were
 * measured over (the run, or one of its periods) to a month.
 */
final class Costs {

    private Costs() {
    }

    /**
     * The monthly bill of one limiter's {@code invocations} (its chain's) and {@code usage} (its tiers') over
     * {@code durationNanos} of scenario time (greater than 0).
     */
    static CostResult of(Invocations invocations, Usage usage, long durationNanos, Prices prices) {
        return of(invocations, usage, durationNanos, prices, usage.meanServiceNanos());
    }

    /** The same, the calls that never reached their object billed at {@code meanServiceNanos} each. */
    static CostResult of(Invocations invocations, Usage usage, long durationNanos, Prices prices,
                         double meanServiceNanos) {
        CostEstimate estimate = CostModel.estimate(invocations, usage, durationNanos, prices, meanServiceNanos);
        return new CostResult(RunRecorder.round(estimate.usdPerMonth(), 4), estimate.planMinimumUsd(),
                rounded(estimate.usdByItem(), 4), rounded(estimate.monthlyQuantities(), 1),
                estimate.includedQuantities(), estimate.unansweredObjectCalls());
    }

    private static Map<String, Double> rounded(Map<String, Double> values, int decimals) {
        Map<String, Double> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, RunRecorder.round(v, decimals)));
        return out;
    }
}
