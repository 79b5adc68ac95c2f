package io.edgesim.report;

import io.edgesim.result.Counts;
import io.edgesim.result.FaultResult;
import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RegionResult;
import io.edgesim.result.Replications;
import io.edgesim.result.RunResult;

import java.util.List;
import java.util.Map;

/**
 * The tables `edgesim run` prints: one per limiter, regions as rows; with replications, a line per limiter with the
 * mean and interval of each whole-run figure, and the runs far from the others.
 */
public final class ConsoleReport {

    private ConsoleReport() {
    }

    public static String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        out.append("scenario ").append(run.scenario()).append(" - engine ").append(run.engine())
                .append(", seed ").append(run.seed()).append(", ")
                .append(Numbers.upTo(run.durationSeconds(), 3)).append(" s of scenario time\n");
        for (LimiterResult limiter : run.limiters()) {
            out.append('\n').append(heading(limiter)).append('\n');
            out.append(regionTable(limiter).text());
            out.append(summary(limiter));
            limiter.perWindow().ifPresent(w -> out.append("; ").append(perWindow(w, limiter.keys().bound())));
            out.append('\n').append(keys(limiter.keys())).append('\n');
            String hot = HotKeysReport.line(limiter, run.seed());
            if (hot != null) {
                out.append(hot).append('\n');
            }
        }
        if (!run.faults().isEmpty()) {
            out.append("\nfaults: the requests each touched (failed over, lost, slowed, or failed by KV)\n")
                    .append(faultTable(run).text());
            out.append("\nfault windows: the requests that arrived in each fault's window, and outside every fault\n")
                    .append(PeriodTables.figures(run).text())
                    .append("\nbill by fault window: USD per month if the period's rate lasted all month, beyond the "
                            + "included amounts (plan minimum apart)\n")
                    .append(PeriodTables.bill(run).text())
                    .append("\nadded latency by fault window (p50 / p99 ms").append(PeriodTables.regionsNote(run))
                    .append(")\n")
                    .append(PeriodTables.latency(run).text());
        }
        run.replications().ifPresent(r -> out.append('\n').append(replications(r)));
        if (!run.thresholds().isEmpty()) {
            out.append('\n').append(ThresholdText.console(run));
        }
        return out.toString();
    }

    /**
     * One row per fault and limiter it touched requests of: how they ended (accepted, refused, failed open or
     * closed) and how many it moved to another PoP.
     */
    static Tables faultTable(RunResult run) {
        Tables table = new Tables(List.of("fault", "limiter", "touched", "accepted", "refused", "failed open",
                "failed closed", "failed over"));
        for (FaultResult fault : run.faults()) {
            for (FaultResult.Effect e : fault.limiters()) {
                table.row(List.of(fault.label(), e.limiter(), Long.toString(e.touched()), Long.toString(e.accepted()),
                        Long.toString(e.rejected()), Long.toString(e.failedOpen()), Long.toString(e.failedClosed()),
                        Long.toString(e.failedOver())));
            }
        }
        return table;
    }

    /** A heading line, a line per limiter with its whole-run figures, then the runs far from the others. */
    static String replications(Replications r) {
        return ReplicationTables.console(r);
    }

    /** "20 runs at seeds 7 to 26", "1 run at seed 7". */
    static String runs(Replications r) {
        return ReplicationTables.runs(r);
    }

    static String heading(LimiterResult limiter) {
        return limiter.name() + " (" + limiter.tier() + ", " + limiter.algorithm() + ")";
    }

    /**
     * Regions as rows (those this limiter saw no request in are left out), then the total; "let through" is accepted
     * plus failed open; "samples" is the number of requests the latency percentiles beside it were read from.
     */
    static Tables regionTable(LimiterResult limiter) {
        return regionTable(limiter, "");
    }

    /** The same with {@code latencyMark} after each latency heading (a flag on figures that are not faithful). */
    static Tables regionTable(LimiterResult limiter, String latencyMark) {
        Tables table = new Tables(List.of("region", "sent", "accepted", "rejected", "failed", "let through",
                "samples", "p50 ms" + latencyMark, "p90 ms" + latencyMark, "p99 ms" + latencyMark,
                "max ms" + latencyMark));
        for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
            Counts c = e.getValue().counts();
            if (c.sent() == 0) {
                continue;
            }
            var l = e.getValue().latencyMs();
            // a region whose every request was lost with a cluster node has no latency sample: no 0.00 ms
            boolean none = l.samples() == 0;
            table.row(List.of(e.getKey(), Long.toString(c.sent()), Long.toString(c.accepted()),
                    Long.toString(c.rejected()), failed(c), Long.toString(c.letThrough()),
                    Long.toString(l.samples()), none ? "-" : Numbers.ms(l.p50()),
                    none ? "-" : Numbers.ms(l.p90()), none ? "-" : Numbers.ms(l.p99()),
                    none ? "-" : Numbers.ms(l.max())));
        }
        Counts t = limiter.totals();
        table.row(List.of("total", Long.toString(t.sent()), Long.toString(t.accepted()), Long.toString(t.rejected()),
                failed(t), Long.toString(t.letThrough()), "", "", "", "", ""));
        return table;
    }

    private static String failed(Counts c) {
        return c.failedOpen() > 0 ? c.failed() + " (" + c.failedOpen() + " open)" : Long.toString(c.failed());
    }

    static String summary(LimiterResult limiter) {
        return "exact count accepts " + limiter.exact().accepted() + "; multiplication "
                + multiplication(limiter) + bound(limiter.keys().bound()) + "; wrongly accepted "
                + limiter.exact().wronglyAccepted() + ", wrongly rejected " + limiter.exact().wronglyRejected()
                + "; cost " + Numbers.usd(limiter.cost().usdPerMonth()) + "/month (+ "
                + Numbers.usd(limiter.cost().planMinimumUsd()) + " plan minimum)";
    }

    /**
     * "per api-key per 60 s window from t = 0: up to 300 let through against 100 (3.00x), mean 2.97x" ("from each
     * key's first request" for first-request windows).
     */
    static String perWindow(PerWindow w, MultiplicationBound bound) {
        String key = w.key().equals("global") ? "" : "per " + w.key() + " ";
        return key + "per " + Numbers.seconds(w.windowSeconds()) + " s window " + anchor(w) + ": up to "
                + w.maxLetThrough()
                + " let through against " + w.limit() + " (" + Numbers.fixed(w.maxFactor(), 2) + "x"
                + boundWithTerms(bound) + "), mean " + Numbers.fixed(w.meanFactor(), 2) + "x";
    }

    /** " (bound 3.00x)" beside a multiplication figure; "" for a limiter without a bound. */
    static String bound(MultiplicationBound bound) {
        return bound == null ? "" : " (bound " + Numbers.fixed(bound.onMultiplication(), 2) + "x)";
    }

    /**
     * "; bound 3.00x = min(3 locations reached, 306 offered in the busiest window / 100)" for a count per location
     * (the key with the largest
     * bound), "; bound 1.00x, one exact count" for an exact one, "" for a limiter without a bound.
     */
    static String boundWithTerms(MultiplicationBound bound) {
        if (bound == null) {
            return "";
        }
        return "; bound " + Numbers.fixed(bound.factor(), 2) + "x" + terms(bound.highest());
    }

    // " = min(3 locations reached, 306 offered in the busiest window / 100)", or ", one exact count": the locations
    // over the whole run and the most offered in one window, which in a run of several windows can be two windows'
    // figures, so the terms say which
    static String terms(MultiplicationBound.KeyBound key) {
        if (key.key() == null) {
            return ", one exact count";
        }
        return " = min(" + key.locations() + (key.locations() == 1 ? " location" : " locations") + " reached, "
                + key.offeredPerWindow() + " offered in the busiest window / " + key.limit() + ")";
    }

    /** Where the windows start, as the reports say it: "from t = 0" or "from each key's first request". */
    static String anchor(PerWindow w) {
        return w.firstRequest() ? "from each key's first request" : "from t = 0";
    }

    /** "keys over limit 412 of 9873 (4.2%), wrongly throttled 17, worst key 8.19x". */
    /**
     * "keys over limit 166 of 10000 (1.7%; 9911 sent in the run), wrongly throttled 67 (0.7%), worst key 4.37x":
     * shares of the keys the scenario declares, with how many of them sent; of the keys that sent when it cannot
     * tell how many it declares.
     */
    static String keys(KeyResults keys) {
        long population = keys.population();
        String sent = keys.declared() < 0 ? " that sent" : "";
        String overShare = population == 0 ? "" : " (" + Numbers.share(keys.overLimit(), population)
                + (keys.declared() < 0 || keys.seen() == population ? "" : "; " + keys.seen() + " sent in the run")
                + ")";
        return "keys over limit " + keys.overLimit() + " of " + population + sent + overShare
                + ", wrongly throttled " + keys.wronglyThrottled() + share(keys.wronglyThrottled(), population)
                + ", worst key " + Numbers.fixed(keys.letThroughRatio().max(), 2) + "x"
                + (keys.bound() == null ? "" : " (bound " + Numbers.fixed(keys.bound().worstKey().factor(), 2) + "x"
                + terms(keys.bound().worstKey()) + ")");
    }

    // " (1.7%)" of population; "" for none
    private static String share(long count, long population) {
        return population == 0 ? "" : " (" + Numbers.share(count, population) + ")";
    }

    private static String multiplication(LimiterResult limiter) {
        String value = Numbers.multiplication(limiter, "x");
        if (limiter.multiplication().isPresent()) {
            return value;
        }
        return value + (limiter.multiplicationUnbounded() ? " (exact accepts 0)"
                : " (nothing let through, exact accepts 0)");
    }
}
