package io.edgesim.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Every figure the report prints, read from one run as a flat list of named values ({@link Figure} -> value), in
 * the order reports show them: per limiter its whole-run figures (and, for a limiter with a durable-object stage,
 * its hot objects' figures), then per region, per plan, per fault window, and per fault window and region. A value
 * is NaN when the run has none (a multiplication where the exact count accepted nothing); a region the limiter saw
 * no request in has its counts (0) and no latency.
 * Adding a figure is one line in one of the lists below.
 */
public final class RunFigures {

    /**
     * One measure: its name (as result.json writes it), how reports say it, its unit suffix ("" for a count or
     * ratio) and how to read it from the part of a result it belongs to.
     */
    public record Measure<T>(String name, String label, String unit, ToDoubleFunction<T> value) {
    }

    /** A limiter's figures over the whole run. */
    public static final List<Measure<LimiterResult>> LIMITER = List.of(
            new Measure<>("sent", "sent", "", l -> l.totals().sent()),
            new Measure<>("let_through", "let through", "", l -> l.totals().letThrough()),
            new Measure<>("exact_accepted", "exact count accepts", "", l -> l.exact().accepted()),
            new Measure<>("multiplication", "multiplication", "x", l -> l.multiplication().orElse(Double.NaN)),
            new Measure<>("wrongly_accepted", "wrongly accepted", "", l -> l.exact().wronglyAccepted()),
            new Measure<>("wrongly_rejected", "wrongly rejected", "", l -> l.exact().wronglyRejected()),
            new Measure<>("failed", "failed", "", l -> l.totals().failed()),
            new Measure<>("keys_over_limit", "keys over limit", "", l -> l.keys().overLimit()),
            new Measure<>("keys_over_limit_share", "share of keys over limit", "",
                    l -> share(l.keys().overLimit(), l.keys().population())),
            new Measure<>("wrongly_throttled", "keys wrongly throttled", "", l -> l.keys().wronglyThrottled()),
            new Measure<>("wrongly_throttled_share", "share of keys wrongly throttled", "",
                    l -> share(l.keys().wronglyThrottled(), l.keys().population())),
            new Measure<>("worst_key", "worst key", "x", l -> l.keys().letThroughRatio().max()),
            new Measure<>("usd_per_month", "cost USD/month", "", l -> l.cost().usdPerMonth()));

    /**
     * The hot Durable Objects of a limiter with a durable-object stage ({@link HotKeys}): 0 in a run where none was
     * hot, so that every replication has them.
     */
    public static final List<Measure<HotKeys>> HOT = List.of(
            new Measure<>("hot_objects", "hot objects", "", h -> h.count()),
            new Measure<>("hot_overloaded", "failed as overloaded", "", h -> h.overloaded()),
            new Measure<>("hot_peak_per_second", "hot object's busiest second", " req/s", h -> h.peakPerSecond()));

    /** A limiter's figures in one region. */
    public static final List<Measure<RegionResult>> REGION = List.of(
            new Measure<>("sent", "sent", "", r -> r.counts().sent()),
            new Measure<>("let_through", "let through", "", r -> r.counts().letThrough()),
            new Measure<>("latency_p50_ms", "latency p50", " ms", r -> latency(r.latencyMs().samples(),
                    r.latencyMs().p50())),
            new Measure<>("latency_p90_ms", "latency p90", " ms", r -> latency(r.latencyMs().samples(),
                    r.latencyMs().p90())),
            new Measure<>("latency_p99_ms", "latency p99", " ms", r -> latency(r.latencyMs().samples(),
                    r.latencyMs().p99())));

    /**
     * A limiter's figures for the keys of one plan; a plan no client is on has counts (0) but no share and no worst
     * key (none of 0 keys is no figure).
     */
    public static final List<Measure<KeyResults.PlanKeys>> PLAN = List.of(
            new Measure<>("keys_over_limit", "keys over limit", "", p -> p.overLimit()),
            new Measure<>("keys_over_limit_share", "share of keys over limit", "",
                    p -> shareOfPlan(p.overLimit(), p)),
            new Measure<>("wrongly_throttled", "keys wrongly throttled", "", p -> p.wronglyThrottled()),
            new Measure<>("wrongly_throttled_share", "share of keys wrongly throttled", "",
                    p -> shareOfPlan(p.wronglyThrottled(), p)),
            new Measure<>("worst_key", "worst key", "x", p -> p.seen() == 0 ? Double.NaN
                    : p.letThroughRatio().max()));

    /** A limiter's figures over one fault window, or outside every fault. */
    public static final List<Measure<PeriodResult.LimiterPeriod>> PERIOD = List.of(
            new Measure<>("sent", "sent", "", p -> p.totals().sent()),
            new Measure<>("let_through", "let through", "", p -> p.totals().letThrough()),
            new Measure<>("multiplication", "multiplication", "x", p -> p.multiplication().orElse(Double.NaN)),
            new Measure<>("wrongly_accepted", "wrongly accepted", "", p -> p.exact().wronglyAccepted()),
            new Measure<>("wrongly_rejected", "wrongly rejected", "", p -> p.exact().wronglyRejected()),
            new Measure<>("failed", "failed", "", p -> p.totals().failed()),
            new Measure<>("keys_over_limit", "keys over limit", "", p -> p.keysOverLimit()),
            new Measure<>("wrongly_throttled", "keys wrongly throttled", "", p -> p.keysWronglyThrottled()),
            new Measure<>("worst_key", "worst key", "x", p -> p.worstKey()),
            new Measure<>("usd_per_month", "cost USD/month", "", p -> p.cost().usdPerMonth()));

    /** A limiter's added latency in one region over one fault window, or outside every fault. */
    public static final List<Measure<PeriodResult.RegionLatency>> PERIOD_REGION = List.of(
            new Measure<>("latency_p50_ms", "latency p50", " ms", l -> latency(l.samples(), l.p50Ms())),
            new Measure<>("latency_p99_ms", "latency p99", " ms", l -> latency(l.samples(), l.p99Ms())));

    /** Every measure by name, with its label and unit (a name means the same wherever it is measured). */
    public static final Map<String, Measure<?>> MEASURES = measures();

    private RunFigures() {
    }

    /** Every figure of {@code run}, in report order. */
    public static Map<Figure, Double> of(RunResult run) {
        Map<Figure, Double> out = new LinkedHashMap<>();
        for (LimiterResult l : run.limiters()) {
            String name = l.name();
            LIMITER.forEach(m -> out.put(Figure.whole(name, m.name()), m.value().applyAsDouble(l)));
            if (hasObjects(l)) {
                HOT.forEach(m -> out.put(Figure.whole(name, m.name()), m.value().applyAsDouble(l.hotKeys())));
            }
            // a region the limiter saw no request in has its counts (0: "no request reached SYD" is a figure a
            // threshold checks) but no latency, as it has no sample
            l.regions().forEach((region, result) -> REGION.stream()
                    .filter(m -> result.counts().sent() > 0 || !m.name().startsWith("latency_"))
                    .forEach(m -> out.put(new Figure(name, region, "", "", m.name()),
                            m.value().applyAsDouble(result))));
            l.keys().plans().forEach(plan -> PLAN.forEach(m ->
                    out.put(new Figure(name, "", plan.plan(), "", m.name()), m.value().applyAsDouble(plan))));
        }
        for (PeriodResult period : run.periods()) {
            for (PeriodResult.LimiterPeriod l : period.limiters()) {
                PERIOD.forEach(m -> out.put(new Figure(l.limiter(), "", "", period.label(), m.name()),
                        m.value().applyAsDouble(l)));
                l.latency().forEach((region, latency) -> PERIOD_REGION.forEach(m -> out.put(
                        new Figure(l.limiter(), region, "", period.label(), m.name()),
                        m.value().applyAsDouble(latency))));
            }
        }
        return out;
    }

    /** How reports say the measure {@code name}: "latency p99". */
    public static String label(String name) {
        Measure<?> m = MEASURES.get(name);
        return m == null ? name.replace('_', ' ') : m.label();
    }

    /** The unit suffix of the measure {@code name}: " ms", "x", or "". */
    public static String unit(String name) {
        Measure<?> m = MEASURES.get(name);
        return m == null ? "" : m.unit();
    }

    private static Map<String, Measure<?>> measures() {
        Map<String, Measure<?>> all = new LinkedHashMap<>();
        for (List<? extends Measure<?>> list : List.of(LIMITER, HOT, REGION, PLAN, PERIOD, PERIOD_REGION)) {
            list.forEach(m -> all.putIfAbsent(m.name(), m));
        }
        return Map.copyOf(all);
    }

    // a limiter with a durable-object stage, whose objects may be hot: its stages are named "index:tier"
    private static boolean hasObjects(LimiterResult limiter) {
        return limiter.rejectedBy().keySet().stream().anyMatch(stage -> stage.endsWith(":durable-object"));
    }

    // a share of keys in [0, 1]; 0 of no keys
    private static double share(long count, long of) {
        return of <= 0 ? 0 : (double) count / of;
    }

    private static double shareOfPlan(long count, KeyResults.PlanKeys plan) {
        long keys = Math.max(plan.declared(), plan.seen());
        return keys <= 0 ? Double.NaN : (double) count / keys;
    }

    // a percentile of no samples is no figure
    private static double latency(long samples, double value) {
        return samples == 0 ? Double.NaN : value;
    }
}
