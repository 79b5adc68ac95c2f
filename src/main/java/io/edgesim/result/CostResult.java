package io.edgesim.result;

import java.util.Map;

/**
 * Monthly cost of a limiter at the simulated request rate, USD.
 *
 * @param usdPerMonth usage charges (the plan minimum is not included)
 * @param items       charge per billed item, in a fixed order
 * @param monthly     the billed quantities per month the charges come from
 */
public record CostResult(double usdPerMonth, Map<String, Double> items, Map<String, Double> monthly) {
}
