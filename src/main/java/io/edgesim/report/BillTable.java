package io.edgesim.report;

import io.edgesim.result.CostResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The options' monthly bills side by side: one row per billed item (its quantity per month and what it costs beyond
 * the plan's included amount), one column per limiter, then the usage total, the plan minimum and the bill. Each
 * limiter is priced as if alone on a Workers Paid account.
 */
final class BillTable {

    private static final String DURATION = "durable_object_duration";
    private static final double MILLION = 1e6;

    private BillTable() {
    }

    static Tables of(RunResult run) {
        List<String> header = new ArrayList<>(List.of("billed item", "included per month"));
        run.limiters().forEach(l -> header.add(l.name()));
        Tables table = new Tables(header);
        List<LimiterResult> limiters = run.limiters();
        if (limiters.isEmpty()) {
            return table;
        }
        for (String item : limiters.get(0).cost().items().keySet()) {
            if (limiters.stream().allMatch(l -> l.cost().monthly().getOrDefault(item, 0.0) == 0)) {
                continue;
            }
            double included = limiters.get(0).cost().included().getOrDefault(item, 0.0);
            List<String> row = new ArrayList<>(List.of(item.replace('_', ' '),
                    included == 0 ? "-" : quantity(item, included)));
            for (LimiterResult l : limiters) {
                CostResult cost = l.cost();
                row.add(quantity(item, cost.monthly().getOrDefault(item, 0.0)) + ": "
                        + Numbers.usd(cost.items().getOrDefault(item, 0.0)));
            }
            table.row(row);
        }
        table.row(total("usage", limiters, CostResult::usdPerMonth));
        table.row(total("plan minimum", limiters, CostResult::planMinimumUsd));
        table.row(total("**bill**", limiters, CostResult::billUsdPerMonth));
        return table;
    }

    private static List<String> total(String label, List<LimiterResult> limiters,
                                      ToDoubleFunction<CostResult> usd) {
        List<String> row = new ArrayList<>(List.of(label, ""));
        limiters.forEach(l -> row.add(Numbers.usd(usd.applyAsDouble(l.cost()))));
        return row;
    }

    // millions of requests, operations or CPU ms; GB-s for the duration
    private static String quantity(String item, double value) {
        return item.equals(DURATION) ? Numbers.fixed(value, 0) + " GB-s" : Numbers.fixed(value / MILLION, 2) + " M";
    }
}
