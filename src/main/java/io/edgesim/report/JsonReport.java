package io.edgesim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.edgesim.result.ClusterRun;
import io.edgesim.result.CostResult;
import io.edgesim.result.Counts;
import io.edgesim.result.FaultResult;
import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.KeyResults;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RegionResult;
import io.edgesim.result.Outlier;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * result.json: the machine-readable result. Field order is fixed and no wall-clock time is written, so the same run
 * gives the same bytes. Its shape is docs/result.schema.json at {@link #SCHEMA_VERSION}; docs/result-json.md says what
 * may change within a version.
 */
public final class JsonReport {

    /**
     * The version of result.json's shape: fields may be added within a version; a field removed, renamed, or given
     * another type or meaning bumps it.
     */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    private static void faults(ArrayNode out, List<FaultResult> faults) {
        for (FaultResult fault : faults) {
            ObjectNode f = out.addObject();
            f.put("fault", fault.label());
            f.put("kind", fault.kind());
            f.put("from_s", fault.fromSeconds());
            f.put("until_s", fault.untilSeconds());
            ObjectNode limiters = f.putObject("limiters");
            for (FaultResult.Effect e : fault.limiters()) {
                ObjectNode l = limiters.putObject(e.limiter());
                l.put("touched", e.touched());
                l.put("accepted", e.accepted());
                l.put("rejected", e.rejected());
                l.put("failed_open", e.failedOpen());
                l.put("failed_closed", e.failedClosed());
                l.put("failed_over", e.failedOver());
            }
        }
    }

    private static void periods(ArrayNode out, List<PeriodResult> periods) {
        for (PeriodResult period : periods) {
            ObjectNode p = out.addObject();
            p.put("period", period.label());
            p.put("from_s", period.fromSeconds());
            p.put("until_s", period.untilSeconds());
            p.put("seconds", period.seconds());
            ObjectNode limiters = p.putObject("limiters");
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                ObjectNode n = limiters.putObject(l.limiter());
                n.put("sent", l.totals().sent());
                n.put("accepted", l.totals().accepted());
                n.put("rejected", l.totals().rejected());
                n.put("failed", l.totals().failed());
                n.put("failed_open", l.totals().failedOpen());
                n.put("let_through", l.totals().letThrough());
                n.put("exact_accepted", l.exact().accepted());
                n.put("wrongly_accepted", l.exact().wronglyAccepted());
                n.put("wrongly_rejected", l.exact().wronglyRejected());
                if (l.multiplication().isPresent()) {
                    n.put("multiplication", l.multiplication().getAsDouble());
                } else {
                    n.putNull("multiplication");
                }
                n.put("keys_seen", l.keysSeen());
                n.put("keys_over_limit", l.keysOverLimit());
                n.put("keys_wrongly_throttled", l.keysWronglyThrottled());
                n.put("worst_key_ratio", l.worstKey());
                ObjectNode latency = n.putObject("latency");
                l.latency().forEach((region, r) -> {
                    ObjectNode rn = latency.putObject(region);
                    rn.put("samples", r.samples());
                    rn.put("p50_ms", r.p50Ms());
                    rn.put("p99_ms", r.p99Ms());
                });
                // the bill at the period's rate, per month (see PeriodResult.LimiterPeriod#cost)
                ObjectNode cost = n.putObject("cost_at_period_rate");
                cost.put("usd_per_month", l.cost().usdPerMonth());
                costItems(cost, l.cost());
            }
        }
    }

    public static String render(RunResult run) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema_version", SCHEMA_VERSION);
        root.put("scenario", run.scenario());
        root.put("description", run.description());
        root.put("engine", run.engine());
        root.put("seed", run.seed());
        root.put("duration_s", run.durationSeconds());
        ArrayNode regions = root.putArray("regions");
        run.regions().forEach(regions::add);
        ArrayNode limiters = root.putArray("limiters");
        for (LimiterResult limiter : run.limiters()) {
            limiters.add(limiter(limiter));
        }
        ArrayNode pairs = root.putArray("latency_pairs");
        for (RunResult.LatencyPair pair : run.latencyPairs()) {
            ObjectNode p = pairs.addObject();
            p.put("from", pair.from());
            p.put("to", pair.to());
            p.put("rtt_ms", pair.rttMs());
            p.put("estimated", pair.estimated());
        }
        ObjectNode assumptions = root.putObject("assumptions");
        run.assumptions().forEach(assumptions::put);
        ObjectNode settings = root.putObject("settings");
        run.settings().forEach(settings::put);
        figures(root.putArray("figures"), run);
        run.replications().ifPresent(r -> replications(root.putObject("replications"), r));
        if (!run.faults().isEmpty()) {
            faults(root.putArray("faults"), run.faults());
            periods(root.putArray("fault_windows"), run.periods());
        }
        run.cluster().ifPresent(c -> cluster(root.putObject("cluster"), c));
        if (!run.thresholds().isEmpty()) {
            thresholds(root.putArray("thresholds"), run.thresholds());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render result.json", e);
        }
    }

    // every figure of the run at its seed, by the names replications and --fail-if use
    private static void figures(ArrayNode out, RunResult run) {
        RunFigures.of(run).forEach((figure, value) -> number(figure(out.addObject(), figure), "value", value));
    }

    private static void thresholds(ArrayNode out, List<Threshold.Outcome> outcomes) {
        for (Threshold.Outcome o : outcomes) {
            ObjectNode t = out.addObject();
            t.put("expression", o.threshold().expression());
            figure(t, o.threshold().figure());
            t.put("bound", o.threshold().bound().name().toLowerCase(Locale.ROOT));
            t.put("op", o.threshold().op().symbol());
            t.put("limit", o.threshold().limit());
            number(t, "value", o.value());
            t.put("passed", o.passed());
        }
    }

    // a number, or null for NaN (no value)
    private static ObjectNode number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
        return node;
    }

    private static void cluster(ObjectNode node, ClusterRun run) {
        node.put("speed", run.speed());
        node.put("nodes", run.nodes());
        ObjectNode placement = node.putObject("placement");
        run.placement().forEach(placement::put);
        ObjectNode lateness = node.putObject("lateness_ms");
        lateness(lateness.putObject("injected_latency"), run.injected());
        lateness(lateness.putObject("arrival"), run.arrival());
        node.put("tolerance_ms", run.toleranceMs());
        node.put("latency_flagged", run.latencyFlagged());
        ArrayNode limiters = node.putArray("injected_latency_limiters");
        run.injectedLimiters().forEach(limiters::add);
    }

    private static void lateness(ObjectNode node, ClusterRun.Lateness lateness) {
        node.put("messages", lateness.messages());
        node.put("p50", lateness.p50Ms());
        node.put("p99", lateness.p99Ms());
        node.put("max", lateness.maxMs());
    }

    // a bill item by item: what each costs per month, its quantity per month, and what the plan includes
    private static void costItems(ObjectNode cost, CostResult bill) {
        ObjectNode items = cost.putObject("items");
        bill.items().forEach(items::put);
        ObjectNode monthly = cost.putObject("monthly");
        bill.monthly().forEach(monthly::put);
        ObjectNode included = cost.putObject("included");
        bill.included().forEach(included::put);
    }

    private static ObjectNode limiter(LimiterResult limiter) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", limiter.name());
        node.put("tier", limiter.tier());
        node.put("algorithm", limiter.algorithm());
        counts(node.putObject("totals"), limiter.totals());
        ObjectNode regions = node.putObject("regions");
        for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
            ObjectNode region = regions.putObject(e.getKey());
            counts(region, e.getValue().counts());
            latency(region.putObject("latency_ms"), e.getValue().latencyMs());
        }
        ObjectNode by = node.putObject("refused_by_stage");
        limiter.rejectedBy().forEach((stage, refusals) -> {
            ObjectNode s = by.putObject(stage);
            s.put("refused", refusals.refused());
            s.put("exact_also_refused", refusals.exactAlsoRefused());
        });
        ObjectNode retry = node.putObject("retry_after_s");
        retry.put("p50", limiter.retryAfter().p50());
        retry.put("p90", limiter.retryAfter().p90());
        retry.put("max", limiter.retryAfter().max());
        retry.put("never", limiter.retryAfter().never());
        retry.put("samples", limiter.retryAfter().samples());
        ObjectNode stats = node.putObject("stage_stats");
        limiter.stageStats().forEach((stage, values) -> {
            ObjectNode s = stats.putObject(stage);
            values.forEach(s::put);
        });
        ObjectNode exact = node.putObject("exact");
        exact.put("accepted", limiter.exact().accepted());
        exact.put("wrongly_accepted", limiter.exact().wronglyAccepted());
        exact.put("wrongly_rejected", limiter.exact().wronglyRejected());
        if (limiter.multiplication().isPresent()) {
            node.put("multiplication", limiter.multiplication().getAsDouble());
        } else {
            // the exact count accepted nothing: unbounded or not applicable, told apart by totals and exact
            node.putNull("multiplication");
        }
        if (limiter.perWindow().isPresent()) {
            PerWindow w = limiter.perWindow().get();
            ObjectNode perWindow = node.putObject("per_window");
            perWindow.put("key", w.key());
            perWindow.put("window_s", w.windowSeconds());
            perWindow.put("anchor", w.anchor());
            perWindow.put("limit", w.limit());
            perWindow.put("windows", w.windows());
            perWindow.put("max_let_through", w.maxLetThrough());
            perWindow.put("max_factor", w.maxFactor());
            perWindow.put("mean_factor", w.meanFactor());
            perWindow.put("late_outcomes", w.lateOutcomes());
        } else {
            // the exact reference is a token bucket or gcra: it has no window
            node.putNull("per_window");
        }
        keys(node.putObject("keys"), limiter.keys());
        ObjectNode cost = node.putObject("cost");
        cost.put("usd_per_month", limiter.cost().usdPerMonth());
        cost.put("plan_minimum_usd", limiter.cost().planMinimumUsd());
        // both parts have at most 4 decimals: keep the sum free of binary noise
        cost.put("bill_usd_per_month", Math.round(limiter.cost().billUsdPerMonth() * 1e4) / 1e4);
        cost.put("unanswered_object_calls", limiter.cost().unansweredObjectCalls());
        costItems(cost, limiter.cost());
        if (limiter.firstRefusal() != null) {
            ObjectNode refusal = node.putObject("first_refusal");
            refusal.put("time_s", limiter.firstRefusal().timeSeconds());
            refusal.put("pop", limiter.firstRefusal().pop());
            refusal.put("status", limiter.firstRefusal().status());
            ObjectNode headers = refusal.putObject("headers");
            limiter.firstRefusal().headers().forEach(headers::put);
            refusal.put("body", limiter.firstRefusal().body());
        }
        HotKeysReport.json(node, limiter);
        ObjectNode timeline = node.putObject("timeline");
        timeline.put("bucket_s", limiter.timeline().bucketSeconds());
        array(timeline.putArray("accepted"), limiter.timeline().accepted());
        array(timeline.putArray("rejected"), limiter.timeline().rejected());
        array(timeline.putArray("failed"), limiter.timeline().failed());
        array(timeline.putArray("failed_open"), limiter.timeline().failedOpen());
        return node;
    }

    private static void keys(ObjectNode node, KeyResults keys) {
        node.put("key", keys.key());
        node.put("window_s", keys.windowSeconds());
        node.put("seen", keys.seen());
        node.put("declared", keys.declared());
        node.put("over_limit", keys.overLimit());
        node.put("wrongly_throttled", keys.wronglyThrottled());
        ratios(node.putObject("let_through_ratio"), keys.letThroughRatio());
        ArrayNode top = node.putArray("top");
        for (KeyResults.KeyOutcome key : keys.top()) {
            ObjectNode k = top.addObject();
            k.put("key", key.key());
            k.put("plan", key.plan());
            k.put("sent", key.sent());
            k.put("let_through", key.letThrough());
            k.put("limit", key.limit());
            k.put("max_ratio", key.maxRatio());
            k.put("wrongly_rejected", key.wronglyRejected());
        }
        if (!keys.plans().isEmpty()) {
            ObjectNode plans = node.putObject("plans");
            for (KeyResults.PlanKeys plan : keys.plans()) {
                ObjectNode p = plans.putObject(plan.plan());
                p.put("limit", plan.limit());
                p.put("seen", plan.seen());
                p.put("declared", plan.declared());
                p.put("over_limit", plan.overLimit());
                p.put("wrongly_throttled", plan.wronglyThrottled());
                ratios(p.putObject("let_through_ratio"), plan.letThroughRatio());
            }
        }
        ArrayNode byPercent = node.putArray("ratio_by_percent");
        keys.ratioByPercent().forEach(byPercent::add);
        if (keys.bound() != null) {
            ObjectNode bound = node.putObject("bound");
            bound.put("scope", keys.bound().scope());
            bound.put("factor", keys.bound().factor());
            keyBound(bound.putObject("highest"), keys.bound().highest());
            keyBound(bound.putObject("worst_key"), keys.bound().worstKey());
        }
    }

    private static void keyBound(ObjectNode node, MultiplicationBound.KeyBound bound) {
        node.put("key", bound.key());
        node.put("locations", bound.locations());
        node.put("offered_per_window", bound.offeredPerWindow());
        node.put("limit", bound.limit());
        node.put("factor", bound.factor());
    }

    private static void ratios(ObjectNode node, KeyResults.Ratios ratios) {
        node.put("p50", ratios.p50());
        node.put("p90", ratios.p90());
        node.put("p99", ratios.p99());
        node.put("max", ratios.max());
    }

    private static void replications(ObjectNode node, Replications replications) {
        node.put("n", replications.n());
        ArrayNode seeds = node.putArray("seeds");
        replications.seeds().forEach(seeds::add);
        node.put("interval", "expanded percentile bootstrap of the mean, 95 %");
        node.put("resamples", Interval.RESAMPLES);
        ArrayNode figures = node.putArray("figures");
        for (Replications.Estimate estimate : replications.figures()) {
            ObjectNode f = figure(figures.addObject(), estimate.figure());
            if (estimate.interval().isPresent()) {
                Interval i = estimate.interval().get();
                f.put("mean", i.mean());
                f.put("ci95_low", i.ci95Low());
                f.put("ci95_high", i.ci95High());
                f.put("median", i.median());
                f.put("min", i.min());
                f.put("max", i.max());
            } else {
                // at least one run had no value (a multiplication where the exact count accepted nothing)
                f.putNull("mean");
            }
            ArrayNode values = f.putArray("values");
            estimate.values().forEach(v -> {
                if (v.isNaN()) {
                    values.addNull();
                } else {
                    values.add(v);
                }
            });
        }
        ArrayNode outliers = node.putArray("outliers");
        for (Outlier o : replications.outliers()) {
            ObjectNode f = figure(outliers.addObject(), o.figure());
            f.put("seed", o.seed());
            f.put("value", o.value());
            f.put("others_min", o.othersMin());
            f.put("others_max", o.othersMax());
            f.put("robust_z", o.robustZ());
        }
    }

    // which figure: limiter, then region, plan and period when it names them, then the measure
    private static ObjectNode figure(ObjectNode node, Figure figure) {
        node.put("limiter", figure.limiter());
        if (!figure.region().isEmpty()) {
            node.put("region", figure.region());
        }
        if (!figure.plan().isEmpty()) {
            node.put("plan", figure.plan());
        }
        if (!figure.period().isEmpty()) {
            node.put("period", figure.period());
        }
        node.put("figure", figure.name());
        return node;
    }

    private static void counts(ObjectNode node, Counts counts) {
        node.put("sent", counts.sent());
        node.put("accepted", counts.accepted());
        node.put("rejected", counts.rejected());
        node.put("failed", counts.failed());
        node.put("failed_open", counts.failedOpen());
        node.put("let_through", counts.letThrough());
    }

    private static void latency(ObjectNode node, LatencyStats stats) {
        node.put("p50", stats.p50());
        node.put("p90", stats.p90());
        node.put("p99", stats.p99());
        node.put("max", stats.max());
        node.put("samples", stats.samples());
    }

    private static void array(ArrayNode node, List<Long> values) {
        values.forEach(node::add);
    }
}
