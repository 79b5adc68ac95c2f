package io.edgesim.report;

import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.MultiplicationBound;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The result of a sweep: one run per value of one parameter, or with replications n runs per value (seeds seed ..
 * seed + n - 1), whose means and intervals the table and charts then show. Writes sweep.csv (one row per value per
 * limiter), sweep.md (the table and the charts) and two charts: requests let through (accepted + failed open) and
 * multiplication against the value.
 *
 * @param param  the setting swept (e.g. clients.bots.count)
 * @param points one run per value, in the order swept
 * @param note   a line sweep.md gives after the table (the console prints it too), e.g. that the setting changed no
 *               run; null for none
 */
public record SweepReport(String param, List<Point> points, String note) {

    /** One value of the parameter and the run it gave. */
    public record Point(String value, RunResult result) {
    }

    private static final String ACCEPTED_CHART = "sweep-accepted.png";
    private static final String MULTIPLICATION_CHART = "sweep-multiplication.png";

    /** The charts every sweep has. */
    public static final List<String> CHARTS = List.of(ACCEPTED_CHART, MULTIPLICATION_CHART);

    /** Every file a sweep writes, texts then charts. */
    public static final List<String> FILES = List.of("sweep.csv", "sweep.md", ACCEPTED_CHART, MULTIPLICATION_CHART);

    public static final String CSV_HEADER = "param,value,limiter,tier,sent,accepted,rejected,failed,failed_open,"
            + "let_through,exact_accepted,"
            + "multiplication,wrongly_accepted,wrongly_rejected,worst_p50_ms,worst_p99_ms,usd_per_month,"
            + "keys_seen,keys_over_limit,keys_wrongly_throttled,worst_key_ratio,bound";

    /** A sweep without a note. */
    public SweepReport(String param, List<Point> points) {
        this(param, points, null);
    }

    public SweepReport {
        points = List.copyOf(points);
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one value");
        }
        boolean replicated = points.get(0).result().replications().isPresent();
        if (points.stream().anyMatch(p -> p.result().replications().isPresent() != replicated)) {
            throw new IllegalArgumentException("every value of a sweep has replications, or none");
        }
    }

    /** True when every value was run at several seeds: the table and charts then show means and intervals. */
    public boolean replicated() {
        return points.get(0).result().replications().isPresent();
    }

    /** The terminal table: values as rows, let through (accepted + failed open) and multiplication per limiter. */
    public String text() {
        return table().text();
    }

    /**
     * One row per value per limiter: the run at the scenario's seed; with replications, then the number of runs and
     * the mean and 95 % interval of each figure ({@code let_through_mean,let_through_ci95_low,...}; "n/a" where some
     * run had no value).
     */
    public String csv() {
        StringBuilder out = new StringBuilder(CSV_HEADER);
        if (replicated()) {
            out.append(",replications");
            for (RunFigures.Measure<?> f : RunFigures.LIMITER) {
                out.append(',').append(f.name()).append("_mean,").append(f.name()).append("_ci95_low,")
                        .append(f.name()).append("_ci95_high");
            }
        }
        out.append('\n');
        for (Point p : points) {
            for (LimiterResult l : p.result().limiters()) {
                out.append(Csv.field(param)).append(',').append(Csv.field(p.value())).append(',')
                        .append(Csv.field(l.name())).append(',').append(Csv.field(l.tier())).append(',')
                        .append(l.totals().sent()).append(',').append(l.totals().accepted()).append(',')
                        .append(l.totals().rejected()).append(',').append(l.totals().failed()).append(',')
                        .append(l.totals().failedOpen()).append(',').append(l.totals().letThrough()).append(',')
                        .append(l.exact().accepted()).append(',').append(csvMultiplication(l)).append(',')
                        .append(l.exact().wronglyAccepted()).append(',').append(l.exact().wronglyRejected())
                        .append(',').append(worst(l, r -> r.latencyMs().p50())).append(',')
                        .append(worst(l, r -> r.latencyMs().p99())).append(',').append(l.cost().usdPerMonth())
                        .append(',').append(l.keys().seen()).append(',').append(l.keys().overLimit()).append(',')
                        .append(l.keys().wronglyThrottled()).append(',').append(l.keys().letThroughRatio().max())
                        .append(',').append(l.keys().bound() == null ? "" : Double.toString(l.keys().bound().factor()));
                p.result().replications().ifPresent(r -> csvIntervals(out, r, l.name()));
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** Writes {@link #FILES} into {@code dir}: the texts of {@link #texts} and the charts of {@link #CHARTS}. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        save(letThroughChart(), dir.resolve(ACCEPTED_CHART));
        save(multiplicationChart(), dir.resolve(MULTIPLICATION_CHART));
        for (Map.Entry<String, String> file : texts().entrySet()) {
            Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The text files of the sweep, file name -> content: what {@link #write} writes besides the PNG charts. The same
     * runs give the same texts, byte for byte.
     */
    public Map<String, String> texts() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("sweep.csv", csv());
        files.put("sweep.md", markdown());
        return files;
    }

    /**
     * The thresholds of --fail-if at every value: a line saying at which values they all held, then a line per
     * threshold per value ("limiters.local.limit = 200: EXPR: FAILED (...)"); "" when there are none.
     */
    public String thresholdsText() {
        if (points.get(0).result().thresholds().isEmpty()) {
            return "";
        }
        List<String> failedAt = points.stream().filter(p -> !p.result().thresholdsHeld()).map(Point::value)
                .toList();
        StringBuilder out = new StringBuilder("thresholds (--fail-if): ").append(failedAt.isEmpty()
                ? "all held at every value" : "failed at " + param + " = " + String.join(", ", failedAt))
                .append('\n');
        for (Point p : points) {
            p.result().thresholds().forEach(o -> out.append(param).append(" = ").append(p.value()).append(": ")
                    .append(ThresholdText.line(o, p.result())).append('\n'));
        }
        return out.toString();
    }

    /** One line per threshold that failed, naming the value: "threshold failed at PARAM = V: EXPR: ...". */
    public List<String> failures() {
        List<String> lines = new ArrayList<>();
        for (Point p : points) {
            p.result().thresholds().stream().filter(o -> !o.passed()).forEach(o -> lines.add(
                    ThresholdText.failure(o, p.result(), " at " + param + " = " + p.value())));
        }
        return lines;
    }

    private String markdown() {
        RunResult first = points.get(0).result();
        return "# " + first.scenario() + ": sweep of `" + param + "`\n\n"
                + (first.description().isBlank() ? "" : first.description().strip() + "\n\n")
                + "Engine `" + first.engine() + "`, seed " + first.seed() + ", "
                + Numbers.upTo(first.durationSeconds(), 3) + " s of scenario time per run; " + runsPerValue()
                + "\n\n"
                + table().markdown() + "\n"
                + aboveBound()
                + (note == null ? "" : note + "\n\n")
                + "![requests let through against " + param + coinciding("let_through", l -> l.totals().letThrough())
                + "](" + ACCEPTED_CHART + ")\n\n"
                + "![multiplication against " + param + coinciding("multiplication", l -> l.multiplication().isPresent()
                ? l.multiplication().getAsDouble() : Double.NaN) + "](" + MULTIPLICATION_CHART + ")\n\n"
                + (points.get(0).result().thresholds().isEmpty() ? ""
                : "## Thresholds\n\n```\n" + thresholdsText() + "```\n\n")
                + (replicated() ? "sweep.csv has each value's run at the first seed and the means and intervals over "
                + "its runs, a row per limiter.\n" : "sweep.csv has every run's whole-run figures, a row per limiter "
                + "(per region and per window: run the scenario at that value).\n");
    }

    // the limiters whose multiplication shows above the bound printed beside it, at which values, and why that can
    // happen, as report.md says it (global-botnet's cache at 20.10 against 16.00: its write delay); "" for none
    private String aboveBound() {
        if (replicated()) {
            return "";  // a mean beside one seed's bound: the table names the seed
        }
        Map<String, List<String>> at = new LinkedHashMap<>();
        for (Point p : points) {
            for (LimiterResult l : p.result().limiters()) {
                MultiplicationBound bound = l.keys().bound();
                if (bound != null && l.multiplication().isPresent() && !Numbers.fixed(l.multiplication().getAsDouble(),
                        2).equals(Numbers.fixed(bound.onMultiplication(), 2))
                        && l.multiplication().getAsDouble() > bound.onMultiplication()) {
                    at.computeIfAbsent(l.name(), n -> new ArrayList<>()).add(p.value());
                }
            }
        }
        if (at.isEmpty()) {
            return "";
        }
        List<String> named = new ArrayList<>();
        at.forEach((limiter, values) -> named.add(limiter + (values.size() == points.size() ? " at every value"
                : " at " + String.join(", ", values))));
        return "Above the bound (" + String.join("; ", named) + "):"
                + MarkdownReport.ABOVE_BOUND.substring(MarkdownReport.ABOVE_BOUND.indexOf(':') + 1) + "\n\n";
    }

    // the caption's ending naming the chart's lines that lie on top of each other (as report.md's captions do)
    private String coinciding(String figure, ToDoubleFunction<LimiterResult> value) {
        Map<String, double[]> lines = new LinkedHashMap<>();
        for (int at = 0; at < points.size(); at++) {
            RunResult run = points.get(at).result();
            for (LimiterResult l : run.limiters()) {
                double[] line = lines.computeIfAbsent(l.name(), n -> {
                    double[] gaps = new double[points.size()];
                    java.util.Arrays.fill(gaps, Double.NaN);
                    return gaps;
                });
                line[at] = run.replications().isPresent() ? run.replications().get().interval(l.name(), figure)
                        .map(Interval::mean).orElse(Double.NaN) : value.applyAsDouble(l);
            }
        }
        return Coinciding.sentence(Coinciding.groups(lines));
    }

    private String runsPerValue() {
        if (!replicated()) {
            return "one run per value.";
        }
        Replications r = points.get(0).result().replications().get();
        return r.n() + (r.n() == 1 ? " run" : " runs") + " per value, at seeds " + r.seeds().get(0) + " to "
                + r.seeds().get(r.n() - 1) + ". Each cell is the mean over the runs and its 95 % "
                + "confidence interval (expanded percentile bootstrap), and the charts draw that interval as error "
                + "bars from its low end to its high end; sweep.csv has the run at the first seed, then the means and "
                + "intervals.";
    }

    // let through and multiplication per limiter, and its usage cost where that differs between the values (a sweep
    // of a price changes nothing else); the limiters of every value, by name, in the order they first appear (a
    // sweep of limiters may add or take one away): "-" where a value has no such limiter
    private Tables table() {
        Map<String, List<LimiterResult>> byName = new LinkedHashMap<>();
        for (Point p : points) {
            for (LimiterResult l : p.result().limiters()) {
                byName.computeIfAbsent(l.name(), n -> new ArrayList<>());
            }
        }
        for (Point p : points) {
            byName.forEach((name, results) -> results.add(p.result().limiters().stream()
                    .filter(l -> l.name().equals(name)).findFirst().orElse(null)));
        }
        List<String> header = new ArrayList<>(List.of(param));
        // per limiter: whether its usage charge varies; else whether its bill does (only the plan minimum changed)
        Map<String, Boolean> costs = new LinkedHashMap<>();
        Map<String, Boolean> bills = new LinkedHashMap<>();
        // per limiter: whether its worst region's p99 varies (a sweep of placement changes only latency)
        Map<String, Boolean> latencies = new LinkedHashMap<>();
        byName.forEach((name, results) -> {
            header.add(name + " let through");
            header.add(name + " x");
            costs.put(name, results.stream().filter(Objects::nonNull).map(l -> l.cost().usdPerMonth()).distinct()
                    .count() > 1);
            bills.put(name, !costs.get(name) && results.stream().filter(Objects::nonNull)
                    .map(l -> l.cost().billUsdPerMonth()).distinct().count() > 1);
            if (costs.get(name)) {
                header.add(name + " $/month");
            } else if (bills.get(name)) {
                header.add(name + " bill $/month (with the plan minimum)");
            }
            latencies.put(name, results.stream().filter(Objects::nonNull).map(l -> Charts.slowestRegion(l)
                    .map(region -> l.regions().get(region).latencyMs().p99()).orElse(Double.NaN)).distinct().count() > 1);
            if (latencies.get(name)) {
                header.add(name + " worst p99 ms (region)");
            }
        });
        Tables table = new Tables(header);
        for (int at = 0; at < points.size(); at++) {
            Point p = points.get(at);
            List<String> row = new ArrayList<>(List.of(p.value()));
            for (Map.Entry<String, List<LimiterResult>> limiter : byName.entrySet()) {
                LimiterResult l = limiter.getValue().get(at);
                boolean cost = costs.get(limiter.getKey());
                boolean bill = bills.get(limiter.getKey());
                boolean latency = latencies.get(limiter.getKey());
                if (l == null) {
                    row.addAll(Collections.nCopies(2 + (cost || bill ? 1 : 0) + (latency ? 1 : 0), "-"));
                } else if (p.result().replications().isPresent()) {
                    Replications r = p.result().replications().get();
                    row.add(ReplicationTables.cell("let_through", r.interval(l.name(), "let_through")));
                    // the bound of the run at the scenario's seed (each seed's traffic has its own, so the mean can
                    // show above it): said as that seed's
                    row.add(ReplicationTables.multiplicationCell(r, Figure.whole(l.name(), "multiplication"))
                            + bound(l, ", seed " + p.result().seed() + "'s bound "));
                    if (cost) {
                        row.add(ReplicationTables.cell("usd_per_month", r.interval(l.name(), "usd_per_month")));
                    } else if (bill) {
                        double minimum = l.cost().planMinimumUsd();
                        row.add(ReplicationTables.cell("usd_per_month", r.interval(l.name(), "usd_per_month")
                                .map(i -> new Interval(i.mean() + minimum, i.ci95Low() + minimum,
                                        i.ci95High() + minimum, i.median() + minimum, i.min() + minimum,
                                        i.max() + minimum))));
                    }
                    if (latency) {
                        // the region that is worst at the scenario's seed, its p99 over the runs
                        Optional<String> region = Charts.slowestRegion(l);
                        row.add(region.map(worst -> ReplicationTables.cell("latency_p99_ms", r.estimate(
                                new Figure(l.name(), worst, "", "", "latency_p99_ms")).flatMap(
                                        Replications.Estimate::interval)) + " (" + worst + ")").orElse("n/a"));
                    }
                } else {
                    row.add(Long.toString(l.totals().letThrough()));
                    String bound = bound(l, "bound ");
                    row.add(Numbers.multiplication(l, "") + (bound.isEmpty() ? "" : " (" + bound + ")"));
                    if (cost) {
                        row.add(Numbers.fixed(l.cost().usdPerMonth(), 2));
                    } else if (bill) {
                        row.add(Numbers.fixed(l.cost().billUsdPerMonth(), 2));
                    }
                    if (latency) {
                        row.add(worstP99(l));
                    }
                }
            }
            table.row(row);
        }
        return table;
    }

    // prefix and the limiter's bound on multiplication ("bound 3.00"), or "" for a limiter without one
    private static String bound(LimiterResult l, String prefix) {
        return l.keys().bound() == null ? "" : prefix + Numbers.fixed(l.keys().bound().onMultiplication(), 2);
    }

    private static void csvIntervals(StringBuilder out, Replications r, String limiter) {
        out.append(',').append(r.n());
        for (RunFigures.Measure<?> f : RunFigures.LIMITER) {
            Optional<Interval> i = r.interval(limiter, f.name());
            out.append(',').append(i.map(v -> v.mean() + "," + v.ci95Low() + "," + v.ci95High())
                    .orElse("n/a,n/a,n/a"));
        }
    }

    // the value as it is, or the word that says why there is none ("unbounded", "n/a")
    private static String csvMultiplication(LimiterResult l) {
        return l.multiplication().isPresent() ? Double.toString(l.multiplication().getAsDouble())
                : Numbers.multiplication(l, "");
    }

    JFreeChart letThroughChart() {
        return chart("requests let through", Charts.LET_THROUGH, "let_through", l -> l.totals().letThrough());
    }

    JFreeChart multiplicationChart() {
        // a run whose exact count accepted nothing has no multiplication: a gap in the line
        return chart("multiplication", "multiplication (x exact count)", "multiplication",
                l -> l.multiplication().isPresent() ? l.multiplication().getAsDouble() : null);
    }

    private JFreeChart chart(String name, String measure, String figure, Function<LimiterResult, Number> value) {
        String title = points.get(0).result().scenario() + ": " + name + " against " + param;
        return SweepChart.of(this, title, measure, figure, value);
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        Charts.savePng(chart, file);
    }

    // "251.5 (SYD)": the largest p99 of the regions with latency samples, the first on a tie; "n/a" for none
    private static String worstP99(LimiterResult l) {
        return Charts.slowestRegion(l).map(region -> Numbers.ms(l.regions().get(region).latencyMs().p99()) + " ("
                + region + ")").orElse("n/a");
    }

    private static double worst(LimiterResult l, ToDoubleFunction<io.edgesim.result.RegionResult> latency) {
        return l.regions().values().stream().mapToDouble(latency).max().orElse(0);
    }
}
