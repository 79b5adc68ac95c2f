package io.edgesim.report;

import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.Outlier;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How the console and report.md show {@link Replications}: a cell per figure ("mean (low to high)", with the median
 * and range beside it when they differ much from the mean), a table per kind of figure (whole run, by region, by
 * plan, by fault window, by fault window and region), and a line per run furthest from the others.
 */
final class ReplicationTables {

    /** How many furthest runs the console names; report.md names them all. */
    static final int CONSOLE_OUTLIERS = 10;

    private ReplicationTables() {
    }

    /** "20 runs at seeds 7 to 26", "1 run at seed 7". */
    static String runs(Replications r) {
        return r.n() == 1 ? "1 run at seed " + r.seeds().get(0)
                : r.n() + " runs at seeds " + r.seeds().get(0) + " to " + r.seeds().get(r.n() - 1);
    }

    private static final String MULTIPLICATION = "multiplication";

    /**
     * A multiplication (a limiter's whole-run one, or a fault window's) as {@link #cell} gives it, but
     * "unbounded" where the exact count accepted nothing in any run (no run has a multiplication) and the limiter let
     * something through in every run (as a run without replications says), not "n/a".
     */
    static String multiplicationCell(Replications r, Figure multiplication) {
        Optional<Replications.Estimate> m = r.estimate(multiplication);
        Optional<Replications.Estimate> letThrough = r.estimate(new Figure(multiplication.limiter(),
                multiplication.region(), multiplication.plan(), multiplication.period(), "let_through"));
        if (m.isPresent() && m.get().values().stream().allMatch(v -> Double.isNaN(v)) && letThrough.isPresent()
                && letThrough.get().values().size() == r.n()
                && letThrough.get().values().stream().allMatch(v -> v > 0)) {
            return "unbounded";
        }
        return cell(MULTIPLICATION, m.flatMap(Replications.Estimate::interval));
    }

    /**
     * "301.2 (299.8 to 302.6)", "0.42% (0.10% to 0.80%)", or with the median and range when the mean is
     * {@linkplain Interval#skewed() skewed} and prints differently from the median: "1044.2 (3.10 to 2395.5; median
     * 0.00, range 0.00 to 9000.0)"; "n/a" when some run had no value.
     */
    static String cell(String name, Optional<Interval> interval) {
        if (interval.isEmpty()) {
            return "n/a";
        }
        Interval i = interval.get();
        // a mean and median that print the same need no second look, however far apart they are in relative terms
        boolean differ = i.skewed() && !value(name, i.mean()).equals(value(name, i.median()));
        String spread = differ ? "; median " + value(name, i.median()) + ", range " + value(name, i.min())
                + " to " + value(name, i.max()) : "";
        return value(name, i.mean()) + " (" + value(name, i.ci95Low()) + " to " + value(name, i.ci95High())
                + spread + ")";
    }

    /** One value of the measure {@code name}: a share as a percentage, anything else as a mean. */
    static String value(String name, double value) {
        return name.endsWith("_share") ? Numbers.fixed(100 * value, 2) + "%" : Numbers.mean(value);
    }

    /** "seed 7: durable-object latency p99 in SYD 1312 ms, others 402 to 431.5 ms". */
    static String outlier(Outlier o) {
        String name = o.figure().name();
        String unit = name.endsWith("_share") ? "" : RunFigures.unit(name);
        return "seed " + o.seed() + ": " + o.figure().describe() + " " + single(name, o.value()) + unit
                + ", others " + single(name, o.othersMin()) + " to " + single(name, o.othersMax()) + unit;
    }

    // one run's value: milliseconds as the region tables print them, a share as a percentage, anything else as it
    // is with up to 4 decimals
    private static String single(String name, double value) {
        if (name.endsWith("_share")) {
            return value(name, value);
        }
        return RunFigures.unit(name).equals(" ms") ? Numbers.ms(value) : Numbers.upTo(value, 4);
    }

    // the runs furthest from the median for their figure first, then in report order
    private static final Comparator<Outlier> FURTHEST_FIRST = Comparator.comparingDouble(
            (Outlier o) -> -Math.abs(o.robustZ()));

    /**
     * A line per limiter with its whole-run figures, then the runs far from the others (at most
     * {@link #CONSOLE_OUTLIERS}, the furthest first).
     */
    static String console(Replications r) {
        StringBuilder out = new StringBuilder().append(runs(r))
                .append(": mean and 95 % interval of the mean (expanded percentile bootstrap)\n");
        r.limiters().forEach((limiter, figures) -> {
            List<String> parts = new ArrayList<>();
            figures.forEach((name, interval) -> parts.add(RunFigures.label(name) + " "
                    + (name.equals(MULTIPLICATION) ? multiplicationCell(r, Figure.whole(limiter, name))
                    : cell(name, interval))));
            out.append(limiter).append(": ").append(String.join("; ", parts)).append('\n');
        });
        List<Outlier> outliers = r.outliers();
        if (!outliers.isEmpty()) {
            out.append("runs far from the others (robust z above ").append(Numbers.upTo(Outlier.THRESHOLD, 2))
                    .append("):\n");
            outliers.stream().sorted(FURTHEST_FIRST).limit(CONSOLE_OUTLIERS)
                    .forEach(o -> out.append(outlier(o)).append('\n'));
            if (outliers.size() > CONSOLE_OUTLIERS) {
                out.append("and ").append(outliers.size() - CONSOLE_OUTLIERS).append(" more in report.md\n");
            }
        }
        if (r.figures().stream().anyMatch(e -> !e.figure().isWholeRun())) {
            out.append("report.md and result.json have every figure by region, plan and fault window\n");
        }
        return out.toString();
    }

    /**
     * The tables of report.md: one per kind of figure, a row per limiter (and region, plan or fault window), a
     * column per measure, in report order; each with its title ("" for the whole-run table, "By region:"...).
     */
    static Map<String, Tables> tables(Replications r) {
        Map<String, List<Replications.Estimate>> byKind = new LinkedHashMap<>();
        for (Replications.Estimate e : r.figures()) {
            byKind.computeIfAbsent(kind(e.figure()), k -> new ArrayList<>()).add(e);
        }
        Map<String, Tables> tables = new LinkedHashMap<>();
        for (List<Replications.Estimate> estimates : byKind.values()) {
            Figure first = estimates.get(0).figure();
            Set<String> names = new LinkedHashSet<>();
            Map<List<String>, Map<String, String>> rows = new LinkedHashMap<>();
            for (Replications.Estimate e : estimates) {
                Figure f = e.figure();
                names.add(f.name());
                rows.computeIfAbsent(rowKey(f), k -> new LinkedHashMap<>()).put(f.name(),
                        f.name().equals(MULTIPLICATION) ? multiplicationCell(r, f) : cell(f.name(), e.interval()));
            }
            List<String> header = new ArrayList<>(List.of("limiter"));
            if (!first.period().isEmpty()) {
                header.add("period");
            }
            if (!first.plan().isEmpty()) {
                header.add("plan");
            }
            if (!first.region().isEmpty()) {
                header.add("region");
            }
            names.forEach(n -> header.add(RunFigures.label(n)
                    + (RunFigures.unit(n).equals("x") ? "" : RunFigures.unit(n))));
            Tables table = new Tables(header);
            rows.forEach((key, cells) -> {
                List<String> row = new ArrayList<>(key);
                names.forEach(n -> row.add(cells.getOrDefault(n, "-")));
                table.row(row);
            });
            tables.put(title(first), table);
        }
        return tables;
    }

    private static String title(Figure f) {
        List<String> by = new ArrayList<>();
        if (!f.period().isEmpty()) {
            by.add("fault window");
        }
        if (!f.plan().isEmpty()) {
            by.add("plan");
        }
        if (!f.region().isEmpty()) {
            by.add("region");
        }
        return by.isEmpty() ? "" : "By " + String.join(" and ", by) + ":";
    }

    // which table a figure goes in: which of region, plan and period it names
    private static String kind(Figure f) {
        return (f.period().isEmpty() ? "" : "period ") + (f.plan().isEmpty() ? "" : "plan ")
                + (f.region().isEmpty() ? "" : "region");
    }

    private static List<String> rowKey(Figure f) {
        List<String> key = new ArrayList<>(List.of(f.limiter()));
        for (String part : new String[]{f.period(), f.plan(), f.region()}) {
            if (!part.isEmpty()) {
                key.add(part);
            }
        }
        return key;
    }
}
