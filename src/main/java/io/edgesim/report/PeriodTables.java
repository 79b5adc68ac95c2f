package io.edgesim.report;

import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The figures of a run with faults over each fault's window and over the time outside every fault
 * ({@link PeriodResult}): one table of counts and per-key figures, one of the bill at each period's rate, one of
 * added latency per region; both the console and report.md print them.
 */
final class PeriodTables {

    private PeriodTables() {
    }

    /** One row per period and limiter: what arrived in the period and how the limiter did against the exact count. */
    static Tables figures(RunResult run) {
        Tables table = new Tables(List.of("period", "s", "limiter", "sent", "let through", "exact", "multiplication",
                "wrongly accepted", "wrongly rejected", "failed", "keys seen", "keys over limit", "wrongly throttled",
                "worst key"));
        for (PeriodResult period : run.periods()) {
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                // a served run's outside period lasts what was served, to the nanosecond: 1 ms is enough
                table.row(List.of(period.label(), Numbers.upTo(period.seconds(), 3), l.limiter(),
                        Long.toString(l.totals().sent()), Long.toString(l.totals().letThrough()),
                        Long.toString(l.exact().accepted()),
                        l.multiplication().isPresent() ? Numbers.fixed(l.multiplication().getAsDouble(), 2) + "x"
                                : l.totals().letThrough() > 0 ? "unbounded" : "n/a",
                        Long.toString(l.exact().wronglyAccepted()), Long.toString(l.exact().wronglyRejected()),
                        Long.toString(l.totals().failed()), Long.toString(l.keysSeen()),
                        Long.toString(l.keysOverLimit()), Long.toString(l.keysWronglyThrottled()),
                        // no key in the period (an outside period of no time): no worst key
                        l.keysSeen() == 0 ? "-" : Numbers.fixed(l.worstKey(), 2) + "x"));
            }
        }
        return table;
    }

    /**
     * One row per period and limiter: its bill at the period's rate (what the period's requests would cost per month
     * if the period lasted all month), item by item beyond the included amounts, then the usage charge; the items no
     * limiter is billed for in any period are left out, and the plan minimum is apart, as in the run's bill.
     */
    static Tables bill(RunResult run) {
        List<String> items = new ArrayList<>();
        for (PeriodResult period : run.periods()) {
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                l.cost().monthly().forEach((item, monthly) -> {
                    if (monthly > 0 && !items.contains(item)) {
                        items.add(item);
                    }
                });
            }
        }
        List<String> order = run.periods().isEmpty() ? List.of()
                : List.copyOf(run.periods().get(0).limiters().get(0).cost().items().keySet());
        items.sort((a, b) -> Integer.compare(order.indexOf(a), order.indexOf(b)));
        List<String> header = new ArrayList<>(List.of("period", "limiter"));
        items.forEach(item -> header.add(item.replace('_', ' ')));
        header.add("usage $/month at the period's rate");
        Tables table = new Tables(header);
        for (PeriodResult period : run.periods()) {
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                List<String> row = new ArrayList<>(List.of(period.label(), l.limiter()));
                // a period of no time (faults covering the whole run leave none outside) has no rate
                boolean none = period.seconds() == 0;
                items.forEach(item -> row.add(none ? "-" : Numbers.usd(l.cost().items().getOrDefault(item, 0.0))));
                row.add(none ? "-" : Numbers.usd(l.cost().usdPerMonth()));
                table.row(row);
            }
        }
        return table;
    }

    /** The most regions the latency table has a column for: beyond, its lines run to thousands of characters. */
    static final int MAX_REGION_COLUMNS = 16;

    /**
     * The regions the latency table shows, in the run's order: every one, or {@link #MAX_REGION_COLUMNS} of them -
     * those the faults name (the region or PoP that fails, the ends of a link), then those with the most requests.
     */
    static List<String> regionsShown(RunResult run) {
        List<String> all = run.regions();
        if (all.size() <= MAX_REGION_COLUMNS) {
            return all;
        }
        Set<String> shown = new LinkedHashSet<>();
        run.faults().forEach(f -> f.regions().stream().filter(all::contains).forEach(shown::add));
        shown.addAll(Charts.withRequests(run));
        Set<String> kept = shown.stream().limit(MAX_REGION_COLUMNS).collect(Collectors.toSet());
        return all.stream().filter(kept::contains).toList();
    }

    /** What the latency table's title adds when it does not show every region; else "". */
    static String regionsNote(RunResult run) {
        List<String> shown = regionsShown(run);
        boolean named = run.faults().stream().anyMatch(f -> f.regions().stream().anyMatch(run.regions()::contains));
        return shown.size() == run.regions().size() ? "" : "; the " + shown.size() + " regions "
                + (named ? "the faults name and those " : "") + (shown.containsAll(Charts.withRequests(run))
                ? "with requests" : "with the most requests") + ", of " + run.regions().size()
                + " (every region: result.json's fault_windows)";
    }

    /**
     * One row per period and limiter, one column per region ({@link #regionsShown}): "p50 / p99" of the added
     * latency in milliseconds, or "-" where no request of the period arrived.
     */
    static Tables latency(RunResult run) {
        Set<String> regions = new LinkedHashSet<>(regionsShown(run));
        List<String> header = new ArrayList<>(List.of("period", "limiter"));
        regions.forEach(r -> header.add(r + " p50 / p99 ms"));
        Tables table = new Tables(header);
        for (PeriodResult period : run.periods()) {
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                List<String> row = new ArrayList<>(List.of(period.label(), l.limiter()));
                for (String region : regions) {
                    PeriodResult.RegionLatency latency = l.latency().get(region);
                    row.add(latency == null ? "-" : Numbers.ms(latency.p50Ms()) + " / " + Numbers.ms(latency.p99Ms()));
                }
                table.row(row);
            }
        }
        return table;
    }
}
