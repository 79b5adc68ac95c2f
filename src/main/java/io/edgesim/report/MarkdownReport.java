package io.edgesim.report;

import io.edgesim.model.cost.CostModel;
import io.edgesim.result.ClusterRun;
import io.edgesim.result.Interval;
import io.edgesim.result.KeyResults;
import io.edgesim.result.Outlier;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.PerWindow;
import io.edgesim.result.Replications;
import io.edgesim.result.RetryAfterStats;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * report.md: the human-readable report, meant to be pasted into a design document: the question, the headline table
 * (one row per limiter), with replications every figure's mean and interval and the runs far from the others, a
 * table per limiter by region, the latency pairs in force (estimated ones marked) and every assumption in force.
 * Charts, when given, are linked by file name.
 */
public final class MarkdownReport {

    // the most regions the cluster section lists one per row
    private static final int PLACEMENT_ROWS = 24;
    // the most round trips the latency section lists one per row (24 regions make 276 pairs)
    private static final int LATENCY_ROWS = 300;

    /** Marks latency figures of a cluster run whose deliveries were later than the tolerance. */
    static final String LATE_MARK = "(late)";

    private MarkdownReport() {
    }

    /**
     * @param charts chart files (relative to the report) with their captions, in display order
     */
    public static String render(RunResult run, Map<String, String> charts) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(run.scenario()).append("\n\n");
        if (run.description() != null && !run.description().isBlank()) {
            md.append(run.description().strip()).append("\n\n");
        }
        md.append("Engine `").append(run.engine()).append("`, seed ").append(run.seed()).append(", ")
                .append(Numbers.upTo(run.durationSeconds(), 3)).append(" s of scenario time, regions ")
                .append(String.join(", ", run.regions()));
        run.cluster().ifPresent(c -> md.append(", speed ").append(Numbers.seconds(c.speed())).append(", ")
                .append(c.nodes()).append(c.nodes() == 1 ? " node" : " nodes").append(" (see *Cluster engine*)"));
        md.append(".\n\n");
        md.append("## Summary\n\n").append(headline(run).markdown()).append('\n');
        if (run.cluster().filter(ClusterRun::latencyFlagged).isPresent()) {
            md.append(lateNote(run.cluster().get())).append("\n\n");
        }
        if (!run.thresholds().isEmpty()) {
            md.append("### Thresholds\n\n");
            long held = run.thresholds().stream().filter(Threshold.Outcome::passed).count();
            md.append(held).append(" of ").append(run.thresholds().size())
                    .append(" thresholds (`--fail-if`) held:\n\n");
            run.thresholds().forEach(o -> md.append("- `").append(o.threshold().expression()).append("`: ")
                    .append(ThresholdText.verdict(o, run))
                    .append('\n'));
            md.append('\n');
        }
        md.append("*let through* = accepted + failed open (failed requests the limiter let through anyway); ")
                .append("*multiplication* = requests let through / requests an exact global count accepts on the same ")
                .append("traffic; *wrongly accepted/rejected* compare each request's fate with that exact count.");
        // the summary's cost is the one a design document copies: it carries the bill's warning where it is read
        String bursts = run.assumptions().get(CostModel.BURSTS_NOTE_SETTING);
        if (bursts != null) {
            md.append(" *cost/month*: ").append(bursts).append(". See *The bill*.");
        }
        md.append("\n\n");
        if (run.limiters().stream().anyMatch(l -> l.multiplication().isEmpty())) {
            md.append("Where the exact count accepts nothing there is no multiplication: *unbounded* when the limiter ")
                    .append("let requests through anyway, *n/a* when it let none through either.\n\n");
        }
        List<String> hot = run.limiters().stream().map(l -> HotKeysReport.line(l, run.seed()))
                .filter(line -> line != null).toList();
        if (!hot.isEmpty()) {
            hot.forEach(line -> md.append("- ").append(line).append('\n'));
            md.append("\nA *hot key* asked more of one Durable Object than it serves: the object refused requests as ")
                    .append("overloaded, or more arrived in one whole second than one second over its mean service ")
                    .append("time.\n\n");
        }
        md.append("### Per key\n\n").append(keysTable(run).markdown()).append('\n');
        md.append("Per key of each exact count: *keys* = the keys the scenario declares (a population's clients, one ")
                .append("key each when its key template holds {i}; ? when the scenario cannot tell, as for a trace), ")
                .append("*keys seen* = those that sent in the run; shares are of the keys declared (of those seen ")
                .append("when unknown). ");
        md.append("*over limit* = keys that got more than their limit through in one ")
                .append("window of the exact count, *wrongly throttled* = keys with a request refused that the exact ")
                .append("count accepted, *ratio* = a key's largest let-through in one window / its limit, over keys.")
                .append(" For a token bucket or gcra the window is burst / rate and the limit in one 2 x burst.\n\n");
        Tables plans = plansTable(run);
        if (plans != null) {
            md.append("By plan (each key against its plan's limit):\n\n").append(plans.markdown()).append('\n');
        }
        if (!run.faults().isEmpty()) {
            md.append("## Faults\n\n").append(ConsoleReport.faultTable(run).markdown()).append('\n');
            md.append("*touched* = requests the fault failed over to another PoP, lost (their reply never came ")
                    .append("back), slowed, or failed at KV; each ended accepted, refused, or failed open or closed; ")
                    .append("*failed over* = those it moved to another PoP, counted there. The over-time chart ")
                    .append("shades each fault's interval.\n\n");
            md.append("### Fault windows\n\n").append(PeriodTables.figures(run).markdown()).append('\n');
            md.append("The same figures as the whole run's, over the requests that arrived in each fault's window ")
                    .append("(from inclusive, until exclusive) and over those that arrived outside every fault; ")
                    .append("*s* = the period's length in seconds. A key's figures count what it got through per ")
                    .append("window of the exact count from the period's requests only.\n\n");
            md.append("The bill by fault window, USD per month at the period's rate - what its requests would ")
                    .append("cost if the period lasted all month, priced as *The bill* below (beyond the included ")
                    .append("amounts, plan minimum apart), so a window compares with the outside period and with the ")
                    .append("whole run. The Worker requests, CPU time, Durable Object requests and KV reads are the ")
                    .append("period's own (a request that waited out a timeout is billed); the rows, duration and KV ")
                    .append("writes are the run's, shared out in proportion to the period's calls (the Durable ")
                    .append("Objects' to its answered calls; a call that was never answered is billed in its period ")
                    .append("as a served one):\n\n")
                    .append(PeriodTables.bill(run).markdown()).append('\n');
            md.append("Added latency by fault window, p50 / p99 in ms (- = no request arrived there")
                    .append(PeriodTables.regionsNote(run)).append("):\n\n")
                    .append(PeriodTables.latency(run).markdown()).append('\n');
        }
        md.append("## The bill\n\n").append(BillTable.of(run).markdown()).append('\n');
        md.append("Each option priced as if alone on a Workers Paid account, the run's usage scaled to a 30-day month: ")
                .append("a cell is the quantity per month and what it costs beyond the included amount (Durable ")
                .append("Object requests and duration by whole millions begun, as Cloudflare rounds them). *usage* is ")
                .append("the sum of the items (each rounded to the cent on its own, so the cents shown may sum to a ")
                .append("cent more or less), *cost/month* in the summary; the plan minimum is paid once per account. ")
                .append("Every request that reaches the Worker is billed (one a WAF rule blocks is not), with the CPU ")
                .append("time of the assumption `prices.worker-cpu-ms-per-request`, waiting not included; every call ")
                .append("to a Durable Object is a billed request, answered or not, and every KV write attempted a ")
                .append("billed write (one refused for the write rate, and one per KV call that failed during an ")
                .append("outage, too: the most each can cost).");
        List<String> prices = run.settings().entrySet().stream().filter(e -> e.getKey().startsWith("prices."))
                .map(e -> "`" + e.getKey() + " = " + e.getValue() + "`").toList();
        if (!prices.isEmpty()) {
            md.append(" Prices the scenario sets, in place of the published ones (*Assumptions* has the rest): ")
                    .append(String.join(", ", prices)).append('.');
        }
        List<String> unanswered = run.limiters().stream().filter(l -> l.cost().unansweredObjectCalls() > 0)
                .map(l -> l.name() + " " + l.cost().unansweredObjectCalls()).toList();
        if (!unanswered.isEmpty()) {
            md.append(" Calls that never reached their object (lost on the way, or its home down), billed as ")
                    .append("served ones (a request, a row read, a row written, the mean service time; what the ")
                    .append("platform bills for them is not published): ").append(String.join(", ", unanswered))
                    .append('.');
        }
        if (bursts != null) {
            md.append(" Note: ").append(bursts).append('.');
        }
        md.append("\n\n");
        run.replications().ifPresent(r -> md.append(replications(r)));
        charts.forEach((file, caption) ->
                md.append("![").append(caption).append("](").append(file).append(")\n\n"));
        if (!charts.isEmpty() && !charts.containsKey(LatencyChart.FILE) && !LatencyChart.drawn(run)) {
            md.append("No limiter added latency to any request (").append(String.join(", ",
                    LatencyChart.withoutLatency(run))).append("), so the report has no latency chart.\n\n");
        }
        for (LimiterResult limiter : run.limiters()) {
            String mark = run.cluster().filter(c -> c.latencyFlagged(limiter.name())).map(c -> " " + LATE_MARK)
                    .orElse("");
            md.append("## ").append(ConsoleReport.heading(limiter)).append("\n\n");
            md.append(ConsoleReport.regionTable(limiter, mark).markdown()).append('\n');
            if (!mark.isEmpty()) {
                md.append(lateNote(run.cluster().get())).append("\n\n");
            }
            md.append(ConsoleReport.summary(limiter)).append(".\n\n");
            md.append(perWindow(limiter));
            md.append(topKeys(limiter));
            if (limiter.rejectedBy().size() > 1) {
                md.append("Refused by stage: ");
                md.append(String.join(", ", limiter.rejectedBy().entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue().refused() + " (exact count also refused "
                                + e.getValue().exactAlsoRefused() + ")").toList())).append(".\n\n");
            }
            if (limiter.totals().rejected() > 0) {
                md.append(retryAfter(limiter.retryAfter(), limiter.totals().rejected()));
            }
            if (limiter.firstRefusal() != null) {
                var r = limiter.firstRefusal();
                md.append("The first refused client (").append(r.pop()).append(", ").append(r.timeSeconds())
                        .append(" s) got:\n\n```\nHTTP/1.1 ").append(r.status()).append(" Too Many Requests\n");
                r.headers().forEach((name, value) -> md.append(name).append(": ").append(value).append('\n'));
                md.append('\n').append(r.body()).append("\n```\n\n");
            }
            Tables hotTable = HotKeysReport.table(limiter);
            if (hotTable != null) {
                md.append("Hot keys (").append(limiter.hotKeys().count()).append(", the hottest first):\n\n")
                        .append(hotTable.markdown()).append('\n');
            }
            limiter.stageStats().forEach((stage, values) -> md.append("Stage ").append(stage).append(": ")
                    .append(String.join(", ", values.entrySet().stream()
                            .map(e -> e.getKey().replace('_', ' ') + " " + e.getValue()).toList()))
                    .append(".\n\n"));
        }
        run.cluster().ifPresent(c -> md.append(cluster(c)));
        md.append("## Latency between regions\n\n");
        if (run.latencyPairs().size() > LATENCY_ROWS) {
            long estimated = run.latencyPairs().stream().filter(RunResult.LatencyPair::estimated).count();
            md.append(String.format(java.util.Locale.ROOT, "%,d round trips between the run's PoPs and the remote "
                    + "homes its requests went to (%,d of them estimated), more than this page lists: result.json "
                    + "has each under `latency_pairs`, and each remote stage's line above names the homes.%n%n",
                    run.latencyPairs().size(), estimated));
        } else {
            Tables pairs = new Tables(List.of("from", "to", "round trip ms", "source"));
            run.latencyPairs().forEach(p -> pairs.row(List.of(p.from(), p.to(), Numbers.ms(p.rttMs()),
                    p.estimated() ? "estimated (great circle)" : "measured")));
            md.append(pairs.markdown()).append('\n');
        }
        md.append("## Assumptions in force\n\n");
        if (run.assumptions().isEmpty()) {
            md.append("None: the scenario sets every value it uses.\n");
        } else {
            run.assumptions().forEach((k, v) -> md.append("- `").append(k).append("` = ").append(v).append('\n'));
        }
        return md.toString();
    }

    private static String lateNote(ClusterRun c) {
        return "Latency figures marked " + LATE_MARK + " (of " + String.join(", ", c.injectedLimiters())
                + ") are not faithful: the cluster handled messages carrying an injected latency late by a p99 of "
                + Numbers.ms(c.injected().p99Ms()) + " ms, above the tolerance of " + Numbers.ms(c.toleranceMs())
                + " ms; each may be overstated by about that much.";
    }

    private static String cluster(ClusterRun c) {
        StringBuilder md = new StringBuilder("## Cluster engine\n\n");
        md.append(placement(c.placement()).markdown()).append('\n');
        Tables late = new Tables(List.of("messages", "count", "late p50 ms", "late p99 ms", "late max ms"));
        late.row(lateRow("carrying an injected latency", c.injected(), c.latencyFlagged() ? " " + LATE_MARK : ""));
        late.row(lateRow("request arrivals at their PoP", c.arrival(), ""));
        md.append(late.markdown()).append('\n');
        md.append("*handled late* = how long after its deadline (scenario time) a message reached its handler; a ")
                .append("message is never handled early. Tolerance for injected latencies: p99 up to ")
                .append(Numbers.ms(c.toleranceMs())).append(" ms (")
                .append(c.latencyFlagged() ? "exceeded: latency figures are marked " + LATE_MARK
                        : c.injected().messages() == 0 ? "nothing to judge: no injected latency was waited out"
                        : "met")
                .append(").\n\n");
        return md.toString();
    }

    // where each region ran: a row per region, or with more regions than such a table reads well a row per node
    // listing its regions (340 rows of ports say less than three rows of regions)
    static Tables placement(Map<String, String> placement) {
        if (placement.size() <= PLACEMENT_ROWS) {
            Tables byRegion = new Tables(List.of("region", "node"));
            placement.forEach((region, node) -> byRegion.row(List.of(region, node)));
            return byRegion;
        }
        Map<String, List<String>> regionsOf = new LinkedHashMap<>();
        placement.forEach((region, node) -> regionsOf.computeIfAbsent(node, n -> new ArrayList<>()).add(region));
        Tables byNode = new Tables(List.of("node", "regions", "count"));
        regionsOf.forEach((node, regions) -> byNode.row(List.of(node, String.join(", ", regions),
                Integer.toString(regions.size()))));
        return byNode;
    }

    private static List<String> lateRow(String what, ClusterRun.Lateness l, String mark) {
        return List.of(what, String.format(java.util.Locale.ROOT, "%,d", l.messages()), Numbers.ms(l.p50Ms()),
                Numbers.ms(l.p99Ms()) + mark, Numbers.ms(l.maxMs()));
    }

    // why a figure can exceed its bound, said where it does (a figure above a "bound" reads as a bug otherwise)
    static final String ABOVE_BOUND = " Above the bound: the bound is about where the count lives, not about how late "
            + "the tier sees it; a cache's write delay, a binding's sync interval, a WAF rule's counting delay, a "
            + "request reaching a Durable Object after its window has turned, a count kept in memory and lost in an "
            + "outage, or failing open each let more through (docs/model.md, \"The bound on multiplication\").";

    // whether the largest per-window figure shows above its bound, as both are printed
    static boolean aboveBound(PerWindow w, MultiplicationBound bound) {
        return bound != null && w.maxFactor() > bound.factor()
                && !Numbers.fixed(w.maxFactor(), 2).equals(Numbers.fixed(bound.factor(), 2));
    }

    // the per-window figures, or why there are none
    private static String perWindow(LimiterResult limiter) {
        if (limiter.perWindow().isEmpty() && !limiter.keys().plans().isEmpty()) {
            // the worst key is the per-key figure printed beside a bound
            MultiplicationBound bound = limiter.keys().bound();
            double worst = limiter.keys().letThroughRatio().max();
            boolean above = bound != null && worst > bound.factor()
                    && !Numbers.fixed(worst, 2).equals(Numbers.fixed(bound.factor(), 2));
            return "Per window: see per key - plans give keys limits of their own." + (above ? " The worst key ("
                    + Numbers.fixed(worst, 2) + "x) shows above its bound (" + Numbers.fixed(bound.factor(), 2)
                    + "x)." + ABOVE_BOUND : "") + "\n\n";
        }
        if (limiter.perWindow().isEmpty()) {
            return "Per window: not counted - the exact count is a token bucket or gcra, which has no window; the "
                    + "multiplication above covers the whole run.\n\n";
        }
        PerWindow w = limiter.perWindow().get();
        StringBuilder line = new StringBuilder("Per window (").append(Numbers.seconds(w.windowSeconds()))
                .append(" s ").append(ConsoleReport.anchor(w)).append(", one count per ").append(w.key())
                .append("): up to ").append(w.maxLetThrough())
                .append(" let through against a limit of ").append(w.limit()).append(" (")
                .append(Numbers.fixed(w.maxFactor(), 2)).append("x")
                .append(ConsoleReport.boundWithTerms(limiter.keys().bound())).append("), mean ")
                .append(Numbers.fixed(w.meanFactor(), 2))
                .append("x over ").append(w.windows()).append(w.windows() == 1 ? " window" : " windows")
                .append(" with traffic");
        if (w.lateOutcomes() > 0) {
            line.append("; ").append(w.lateOutcomes()).append(w.lateOutcomes() == 1 ? " outcome" : " outcomes")
                    .append(" came back more than a window late and are left out of these figures");
        }
        line.append('.');
        if (aboveBound(w, limiter.keys().bound())) {
            line.append(ABOVE_BOUND);
        }
        return line.append("\n\n").toString();
    }

    static Tables keysTable(RunResult run) {
        Tables table = new Tables(List.of("limiter", "key", "window s", "keys", "keys seen", "over limit",
                "wrongly throttled", "ratio p50", "ratio p90", "ratio p99", "ratio max"));
        for (LimiterResult l : run.limiters()) {
            KeyResults k = l.keys();
            table.row(List.of(l.name(), k.key(), Numbers.seconds(k.windowSeconds()), declared(k.declared()),
                    Long.toString(k.seen()), shareOf(k.overLimit(), k.population()),
                    shareOf(k.wronglyThrottled(), k.population()),
                    Numbers.fixed(k.letThroughRatio().p50(), 2), Numbers.fixed(k.letThroughRatio().p90(), 2),
                    Numbers.fixed(k.letThroughRatio().p99(), 2), Numbers.fixed(k.letThroughRatio().max(), 2)));
        }
        return table;
    }

    // the keys a scenario declares, or "?" when it cannot tell
    private static String declared(long declared) {
        return declared < 0 ? "?" : Long.toString(declared);
    }

    // "166 (1.7%)" of population
    private static String shareOf(long count, long population) {
        return population == 0 ? Long.toString(count) : count + " (" + Numbers.share(count, population) + ")";
    }

    /** Per plan of each limiter that lists plans: its keys' figures; null when no limiter lists any. */
    static Tables plansTable(RunResult run) {
        Tables table = new Tables(List.of("limiter", "plan", "limit", "keys", "keys seen", "over limit",
                "wrongly throttled", "ratio p50", "ratio p90", "ratio p99", "ratio max"));
        boolean any = false;
        for (LimiterResult l : run.limiters()) {
            for (KeyResults.PlanKeys p : l.keys().plans()) {
                any = true;
                long population = Math.max(p.declared(), p.seen());
                table.row(List.of(l.name(), p.plan(), Long.toString(p.limit()), declared(p.declared()),
                        Long.toString(p.seen()), shareOf(p.overLimit(), population),
                        shareOf(p.wronglyThrottled(), population), ratio(p, p.letThroughRatio().p50()),
                        ratio(p, p.letThroughRatio().p90()), ratio(p, p.letThroughRatio().p99()),
                        ratio(p, p.letThroughRatio().max())));
            }
        }
        return any ? table : null;
    }

    // a ratio of the plan's keys; n/a for a plan no key of which sent a request
    private static String ratio(KeyResults.PlanKeys plan, double ratio) {
        return plan.seen() == 0 ? "n/a" : Numbers.fixed(ratio, 2);
    }

    // the keys with the largest ratio, when more than one key was seen (one key's figures are the tables above)
    private static String topKeys(LimiterResult limiter) {
        KeyResults keys = limiter.keys();
        if (keys.seen() <= 1) {
            return "";
        }
        boolean plans = keys.top().stream().anyMatch(k -> k.plan() != null);
        List<String> header = new ArrayList<>(List.of("key", "sent", "let through", "limit", "max ratio",
                "wrongly rejected"));
        if (plans) {
            header.add(1, "plan");
        }
        Tables table = new Tables(header);
        for (KeyResults.KeyOutcome k : keys.top()) {
            List<String> row = new ArrayList<>(List.of(k.key(), Long.toString(k.sent()),
                    Long.toString(k.letThrough()), Long.toString(k.limit()), Numbers.fixed(k.maxRatio(), 2),
                    Long.toString(k.wronglyRejected())));
            if (plans) {
                row.add(1, k.plan() == null ? "-" : k.plan());
            }
            table.row(row);
        }
        return "Keys with the largest ratio (" + ConsoleReport.keys(keys) + "):\n\n" + table.markdown() + "\n";
    }

    private static String retryAfter(RetryAfterStats r, long rejected) {
        String never = r.never() + " rejected request" + (r.never() == 1 ? "" : "s")
                + " can never pass (cost above the limit) and got no Retry-After";
        if (r.never() == rejected) {
            return "No Retry-After: " + never + ".\n\n";
        }
        return "Retry-After told to " + r.samples() + " rejected client" + (r.samples() == 1 ? "" : "s")
                + ": p50 " + r.p50() + " s, p90 " + r.p90() + " s, max " + r.max()
                + " s" + (r.never() > 0 ? "; " + never : "") + ".\n\n";
    }

    // every figure's mean and interval, a table per kind, then the runs far from the others
    private static String replications(Replications r) {
        StringBuilder md = new StringBuilder("## Replications\n\n").append(ReplicationTables.runs(r))
                .append(" (the other sections show the run at seed ").append(r.seeds().get(0)).append("). Each cell ")
                .append("is the mean over the runs and, in brackets, its 95 % interval: an expanded percentile ")
                .append("bootstrap (")
                .append(Interval.RESAMPLES).append(" resamples of the runs, seeded from the scenario's seed), which ")
                .append("never leaves the range of the values; with the median and range beside it where the mean ")
                .append("differs from the median by more than 5 %. *n/a*: some run had no value (its exact count ")
                .append("accepted nothing, or no request had latency there). Every run's value is in result.json.")
                .append("\n\n");
        ReplicationTables.tables(r).forEach((title, table) ->
                md.append(title.isEmpty() ? "" : title + "\n\n").append(table.markdown()).append('\n'));
        if (!r.outliers().isEmpty()) {
            md.append("Runs far from the others on a figure (robust z-score against the median and MAD above ")
                    .append(Numbers.upTo(Outlier.THRESHOLD, 2)).append("):\n\n");
            r.outliers().forEach(o -> md.append("- ").append(ReplicationTables.outlier(o)).append('\n'));
            md.append('\n');
        }
        return md.toString();
    }

    static Tables headline(RunResult run) {
        Tables table = new Tables(List.of("limiter", "tier", "sent", "accepted", "rejected", "failed", "let through",
                "exact",
                "multiplication", "wrongly accepted", "wrongly rejected", "worst p50 ms", "cost/month"));
        for (LimiterResult l : run.limiters()) {
            // "-" without a latency sample (every request lost with a node), marked as the region tables are when
            // the cluster handled injected latencies late
            java.util.OptionalDouble p50 = l.regions().values().stream().filter(r -> r.latencyMs().samples() > 0)
                    .mapToDouble(r -> r.latencyMs().p50()).max();
            String worstP50 = p50.isEmpty() ? "-" : Numbers.ms(p50.getAsDouble())
                    + (run.cluster().filter(c -> c.latencyFlagged(l.name())).isPresent() ? " " + LATE_MARK : "");
            table.row(List.of(l.name(), l.tier(), Long.toString(l.totals().sent()),
                    Long.toString(l.totals().accepted()), Long.toString(l.totals().rejected()),
                    Long.toString(l.totals().failed()), Long.toString(l.totals().letThrough()),
                    Long.toString(l.exact().accepted()),
                    Numbers.multiplication(l, "x") + ConsoleReport.bound(l.keys().bound()),
                    Long.toString(l.exact().wronglyAccepted()),
                    Long.toString(l.exact().wronglyRejected()), worstP50,
                    Numbers.usd(l.cost().usdPerMonth())));
        }
        return table;
    }
}
