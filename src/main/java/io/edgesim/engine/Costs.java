package io.edgesim.engine;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.model.cost.CostModel;
import io.edgesim.model.cost.Usage;
import io.edgesim.result.CostResult;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Prices each limiter's measured usage with the scenario's prices, scaled from the run to a month. */
public final class Costs {

    private Costs() {
    }

    /** One cost per limiter, in the order of {@code usagePerLimiter}. */
    public static List<CostResult> of(List<Usage> usagePerLimiter, Scenario scenario) {
        List<CostResult> costs = new ArrayList<>();
        for (Usage usage : usagePerLimiter) {
            CostEstimate estimate = CostModel.estimate(usage, scenario.durationNanos(), scenario.prices());
            costs.add(new CostResult(RunRecorder.round(estimate.usdPerMonth(), 4), rounded(estimate.usdByItem(), 4),
                    rounded(estimate.monthlyQuantities(), 1)));
        }
        return costs;
    }

    private static Map<String, Double> rounded(Map<String, Double> values, int decimals) {
        Map<String, Double> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, RunRecorder.round(v, decimals)));
        return out;
    }
}
