package io.edgesim.engine;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.model.cost.CostModel;
import io.edgesim.model.cost.Invocations;
import io.edgesim.model.cost.Usage;
import io.edgesim.result.CostResult;
import io.edgesim.scenario.Scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/** Prices a limiter's measured invocations and usage with the scenario's prices, scaled from the run to a month. */
final class Costs {

    private Costs() {
    }

    /** The monthly bill of one limiter's {@code invocations} (its chain's) and {@code usage} (its tiers'). */
    static CostResult of(Invocations invocations, Usage usage, Scenario scenario) {
        CostEstimate estimate = CostModel.estimate(invocations, usage, scenario.durationNanos(), scenario.prices());
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
