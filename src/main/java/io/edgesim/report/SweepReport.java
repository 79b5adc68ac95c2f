package io.edgesim.report;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The result of a sweep: one run per value of one parameter. Writes sweep.csv (one row per value per limiter),
 * sweep.md (the table and the charts) and two charts: accepted requests and multiplication against the value.
 *
 * @param param  the setting swept (e.g. clients.bots.count)
 * @param points one run per value, in the order swept
 */
public record SweepReport(String param, List<Point> points) {

    /** One value of the parameter and the run it gave. */
    public record Point(String value, RunResult result) {
    }

    private static final String ACCEPTED_CHART = "sweep-accepted.png";
    private static final String MULTIPLICATION_CHART = "sweep-multiplication.png";

    /** The charts every sweep has. */
    public static final List<String> CHARTS = List.of(ACCEPTED_CHART, MULTIPLICATION_CHART);

    /** Every file a sweep writes, texts then charts. */
    public static final List<String> FILES = List.of("sweep.csv", "sweep.md", ACCEPTED_CHART, MULTIPLICATION_CHART);

    public static final String CSV_HEADER = "param,value,limiter,tier,sent,accepted,rejected,failed,exact_accepted,"
            + "multiplication,wrongly_accepted,wrongly_rejected,worst_p50_ms,worst_p99_ms,usd_per_month";

    public SweepReport {
        points = List.copyOf(points);
        if (points.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one value");
        }
    }

    /** The terminal table: values as rows, accepted and multiplication per limiter. */
    public String text() {
        return table().text();
    }

    public String csv() {
        StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (Point p : points) {
            for (LimiterResult l : p.result().limiters()) {
                out.append(Csv.field(param)).append(',').append(Csv.field(p.value())).append(',')
                        .append(Csv.field(l.name())).append(',').append(Csv.field(l.tier())).append(',')
                        .append(l.totals().sent()).append(',').append(l.totals().accepted()).append(',')
                        .append(l.totals().rejected()).append(',').append(l.totals().failed()).append(',')
                        .append(l.exact().accepted()).append(',').append(csvMultiplication(l)).append(',')
                        .append(l.exact().wronglyAccepted()).append(',').append(l.exact().wronglyRejected())
                        .append(',').append(worst(l, r -> r.latencyMs().p50())).append(',')
                        .append(worst(l, r -> r.latencyMs().p99())).append(',').append(l.cost().usdPerMonth())
                        .append('\n');
            }
        }
        return out.toString();
    }

    /** Writes {@link #FILES} into {@code dir}: the texts of {@link #texts} and the charts of {@link #CHARTS}. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        save(chart("accepted requests", l -> l.totals().accepted()), dir.resolve(ACCEPTED_CHART));
        // a run whose exact count accepted nothing has no multiplication: a gap in the line
        save(chart("multiplication (x exact count)",
                        l -> l.multiplication().isPresent() ? l.multiplication().getAsDouble() : null),
                dir.resolve(MULTIPLICATION_CHART));
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

    private String markdown() {
        RunResult first = points.get(0).result();
        return "# " + first.scenario() + ": sweep of `" + param + "`\n\n"
                + (first.description().isBlank() ? "" : first.description().strip() + "\n\n")
                + "Engine `" + first.engine() + "`, seed " + first.seed() + ", "
                + Numbers.fixed(first.durationSeconds(), 0) + " s of scenario time per run; one run per value.\n\n"
                + table().markdown() + "\n"
                + "![accepted requests against " + param + "](" + ACCEPTED_CHART + ")\n\n"
                + "![multiplication against " + param + "](" + MULTIPLICATION_CHART + ")\n\n"
                + "Every run's full numbers are in sweep.csv.\n";
    }

    private Tables table() {
        List<String> header = new ArrayList<>(List.of(param));
        for (LimiterResult l : points.get(0).result().limiters()) {
            header.add(l.name() + " accepted");
            header.add(l.name() + " x");
        }
        Tables table = new Tables(header);
        for (Point p : points) {
            List<String> row = new ArrayList<>(List.of(p.value()));
            for (LimiterResult l : p.result().limiters()) {
                row.add(Long.toString(l.totals().accepted()));
                row.add(Numbers.multiplication(l, ""));
            }
            table.row(row);
        }
        return table;
    }

    // the value as it is, or the word that says why there is none ("unbounded", "n/a")
    private static String csvMultiplication(LimiterResult l) {
        return l.multiplication().isPresent() ? Double.toString(l.multiplication().getAsDouble())
                : Numbers.multiplication(l, "");
    }

    private JFreeChart chart(String measure, Function<LimiterResult, Number> value) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Point p : points) {
            for (LimiterResult l : p.result().limiters()) {
                data.addValue(value.apply(l), l.name(), p.value());
            }
        }
        JFreeChart chart = ChartFactory.createLineChart(points.get(0).result().scenario() + ": " + measure
                        + " against " + param, param, measure, data, PlotOrientation.VERTICAL, true, false,
                false);
        return ChartStyle.apply(chart);
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        Charts.savePng(chart, file);
    }

    private static double worst(LimiterResult l, ToDoubleFunction<io.edgesim.result.RegionResult> latency) {
        return l.regions().values().stream().mapToDouble(latency).max().orElse(0);
    }
}
