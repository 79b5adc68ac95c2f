package io.edgesim.result;

import java.util.Map;

/**
 * Monthly bill of a limiter at the simulated request rate, USD, as if it were alone on a Workers Paid account.
 *
 * @param usdPerMonth    usage charges: the sum of the items (the plan minimum is not included)
 * @param planMinimumUsd the Workers Paid plan's monthly minimum, paid once per account whatever the usage
 * @param items          charge per billed item beyond its included amount, in a fixed order
 * @param monthly        the billed quantities per month the charges come from
 * @param included       the quantity of each item the plan includes per month
 * @param unansweredObjectCalls calls to Durable Objects in the run that never reached their object (lost on the way,
 *                       or its home down), billed as served ones
 */
public record CostResult(double usdPerMonth, double planMinimumUsd, Map<String, Double> items,
                         Map<String, Double> monthly, Map<String, Double> included, long unansweredObjectCalls) {

    /** What the account pays per month for this limiter alone: the plan minimum plus the usage charges. */
    public double billUsdPerMonth() {
        return planMinimumUsd + usdPerMonth;
    }
}
