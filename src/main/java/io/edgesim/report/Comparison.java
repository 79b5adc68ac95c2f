package io.edgesim.report;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigUtil;
import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.RunFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Two runs side by side (`edgesim compare A B`), as Markdown: what they do not share, in lines (another scenario,
 * engine or seed; limiters, regions and plans on one side only), then per limiter both have a table of every figure
 * both have - A, B, B - A and (B - A) / |A| - and, when both have replications, each side's mean and 95 % interval
 * and whether the intervals separate (neither holds the other's mean range: A's high end below B's low end, or B's
 * below A's). A side without replications shows its run's value; with them, the mean.
 *
 * @param labelA how A is named (its path)
 * @param a      run A
 * @param labelB how B is named
 * @param b      run B
 */
public record Comparison(String labelA, ResultJson.Run a, String labelB, ResultJson.Run b) {

    /** How every comparison begins. */
    public static final String TITLE = "# Compare ";

    // settings that differ, at most, before a line that counts the rest
    private static final int MAX_SETTING_LINES = 20;

    /** The comparison as Markdown. */
    public String markdown() {
        // two runs of one scenario are told apart by where they are
        StringBuilder md = new StringBuilder(TITLE).append(a.scenario().equals(b.scenario())
                ? a.scenario() + ": " + labelA + " and " + labelB : a.scenario() + " and " + b.scenario())
                .append("\n\n");
        md.append("- A: `").append(labelA).append("` - ").append(describe(a)).append('\n');
        md.append("- B: `").append(labelB).append("` - ").append(describe(b)).append("\n\n");
        List<String> differences = differences();
        if (differences.isEmpty()) {
            md.append("Same scenario, engine, seed and duration, the same settings, defaults and round trips in "
                    + "force (result.json's settings, assumptions and latency_pairs), and so the same limiters, regions "
                    + "and plans.\n\n");
        } else {
            md.append("Not shared:\n\n");
            differences.forEach(line -> md.append("- ").append(line).append('\n'));
            md.append('\n');
        }
        // a cluster run's latency figures that carry its own delivery delay: the difference would read as a change
        for (ResultJson.Run run : List.of(a, b)) {
            if (run.late() != null) {
                md.append("Latency figures of ").append(run == a ? "A" : "B").append(" marked ")
                        .append(MarkdownReport.LATE_MARK).append(run.lateLimiters().isEmpty() ? ""
                                : " (of " + String.join(", ", run.lateLimiters()) + ")")
                        .append(" are not faithful: the cluster handled messages carrying an injected latency late "
                                + "by ").append(run.late())
                        .append("; a difference in them is partly that delay, not the model.\n\n");
            }
        }
        boolean intervals = a.replicated() && b.replicated();
        md.append(intervals ? "Each value is the mean over the runs with its 95 % interval; *separate* when the "
                + "intervals do not overlap." : a.replicated() || b.replicated()
                ? "A side with replications shows the mean over its runs, the other its run's value; intervals "
                + "are compared only when both sides have replications." : "Each value is the run's.")
                .append(" B - A is the difference, change the relative difference (B - A) / |A|; a share's "
                        + "difference is in percentage points (pp).\n\n");
        for (String limiter : a.limiters()) {
            if (!b.limiters().contains(limiter)) {
                continue;
            }
            Tables table = table(limiter, intervals);
            md.append("## ").append(limiter).append("\n\n").append(table.markdown()).append('\n');
        }
        return md.toString();
    }

    private static String describe(ResultJson.Run run) {
        return "scenario " + run.scenario() + ", engine " + run.engine() + ", "
                + (run.runs() > 1 ? run.runs() + " runs at " + run.seeds() : run.seeds());
    }

    /** A line per thing the runs do not share; empty when they share everything. */
    List<String> differences() {
        List<String> lines = new ArrayList<>();
        if (!a.scenario().equals(b.scenario())) {
            lines.add("scenario: " + a.scenario() + " in A, " + b.scenario() + " in B; limiters of the same name "
                    + "are compared");
        }
        if (!a.engine().equals(b.engine())) {
            lines.add("engine: " + a.engine() + " in A, " + b.engine() + " in B");
        }
        if (a.seed() != b.seed() || a.runs() != b.runs()) {
            lines.add("seeds: " + describeSeeds(a) + " in A, " + describeSeeds(b) + " in B");
        }
        if (a.durationS() != b.durationS()) {
            // a served session's duration is to the nanosecond: milliseconds tell two apart
            lines.add("duration: " + Numbers.upTo(a.durationS(), 3) + " s in A, " + Numbers.upTo(b.durationS(), 3)
                    + " s in B; counts are totals over each run");
        }
        for (String limiter : a.limiters()) {
            String inA = a.settings().get(limiter);
            String inB = b.settings().get(limiter);
            if (inB != null && !inA.equals(inB)) {
                lines.add("limiter " + limiter + ": " + inA + " in A, " + inB + " in B");
            }
        }
        settings(lines);
        onlyIn(lines, "limiter", a.limiters().stream().filter(l -> !b.limiters().contains(l))
                .map(l -> described(a, l)).toList(), b.limiters().stream().filter(l -> !a.limiters().contains(l))
                .map(l -> described(b, l)).toList());
        onlyIn(lines, "region", a.regions(), b.regions());
        onlyIn(lines, "plan", a.plans(), b.plans());
        long onlyA = a.figures().keySet().stream().filter(f -> shared(f) && !b.figures().containsKey(f)).count();
        long onlyB = b.figures().keySet().stream().filter(f -> shared(f) && !a.figures().containsKey(f)).count();
        if (onlyA + onlyB > 0) {
            lines.add("figures of shared limiters on one side only (a latency in a region without requests, a fault "
                    + "window): "
                    + onlyA + " only in A, " + onlyB + " only in B");
        }
        return lines;
    }

    /**
     * A line per setting in force that differs: what the scenarios set (result.json's {@code settings}) and, where
     * one side did not set it, the default it took ({@code assumptions}, marked "default"). The scenario's name,
     * duration and seed have lines of their own.
     */
    private void settings(List<String> lines) {
        if (a.written() == null || b.written() == null) {
            lines.add("settings: not recorded in " + (a.written() == null ? b.written() == null ? "A and B" : "A"
                    : "B") + " (a result.json of an older edgesim): only the limiters' tiers and algorithms, the "
                    + "regions and the plans are compared");
            return;
        }
        Set<String> paths = new java.util.TreeSet<>();
        for (ResultJson.Run run : List.of(a, b)) {
            paths.addAll(run.written().keySet());
            paths.addAll(run.defaults().keySet());
        }
        paths.removeAll(List.of("duration", "seed"));
        // a limiter on one side only is one line ("limiter X only in B"), not a line for each of its settings
        Set<String> oneSided = new LinkedHashSet<>(a.limiters());
        oneSided.addAll(b.limiters());
        oneSided.removeIf(l -> a.limiters().contains(l) && b.limiters().contains(l));
        paths.removeIf(path -> oneSided.stream().anyMatch(l -> path.startsWith("limiters." + l + ".")));
        List<String> differ = new ArrayList<>();
        for (String path : paths) {
            String inA = inForce(a, path);
            String inB = inForce(b, path);
            if (broughtByOneSided(path, oneSided)) {
                continue;
            }
            if (!java.util.Objects.equals(normalized(a, path), normalized(b, path))) {
                differ.add("setting " + path + ": " + inA + " in A, " + inB + " in B");
            }
        }
        // the regions file's round trips, which neither settings nor assumptions hold (a pair both runs have)
        a.roundTrips().forEach((pair, msA) -> {
            Double msB = b.roundTrips().get(pair);
            if (msB != null && !msB.equals(msA)) {
                differ.add("round trip " + pair + ": " + Numbers.upTo(msA, 3) + " ms in A, " + Numbers.upTo(msB, 3)
                        + " ms in B");
            }
        });
        int shown = differ.size() > MAX_SETTING_LINES ? MAX_SETTING_LINES - 1 : differ.size();
        lines.addAll(differ.subList(0, shown));
        if (shown < differ.size()) {
            lines.add((differ.size() - shown) + " more settings differ (result.json's settings and assumptions)");
        }
    }

    /**
     * A tier default in force on one side only, where that side has a limiter of the tier the other lacks: the
     * default came with that limiter ("limiter extra (durable-object, ...) only in B" says it), not a setting that
     * differs for the limiters both have.
     */
    private boolean broughtByOneSided(String path, Set<String> oneSided) {
        if (!path.startsWith("tiers.")) {
            return false;
        }
        String tier = path.substring("tiers.".length(), path.indexOf('.', "tiers.".length()) < 0 ? path.length()
                : path.indexOf('.', "tiers.".length()));
        for (ResultJson.Run[] sides : List.of(new ResultJson.Run[] {a, b}, new ResultJson.Run[] {b, a})) {
            ResultJson.Run with = sides[0];
            ResultJson.Run without = sides[1];
            boolean onlyHere = with.written().get(path) == null && with.defaults().containsKey(path)
                    && without.written().get(path) == null && !without.defaults().containsKey(path);
            // a limiter's tiers as its title gives them: "durable-object, ..." or "cache > durable-object, ..."
            if (onlyHere && oneSided.stream().anyMatch(l -> with.limiters().contains(l) && List.of(String.valueOf(
                    with.settings().get(l)).split(",", 2)[0].split(" > ")).contains(tier))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The value of {@code path} in force in {@code run} as compared: a number by its value, a duration by its length
     * ({@code 60s} = {@code 1m}), anything else as written; a default without its note in parentheses ("0.5ms
     * (assumption)" is 0.5 ms, as the same value set); null when neither set nor a default noted.
     */
    static Object normalized(ResultJson.Run run, String path) {
        String text = run.written().get(path);
        if (text == null) {
            text = run.defaults().get(path);
            if (text == null) {
                return null;
            }
            if (sessionRecord(path)) {
                return text;  // a serve session's record: every word counts ("1 refused with 400 or 413 (...), 2 ...")
            }
            int note = text.indexOf(" (");
            text = note < 0 ? text : text.substring(0, note);
        }
        text = text.strip();
        try {
            return new java.math.BigDecimal(text).stripTrailingZeros();
        } catch (NumberFormatException notANumber) {
            try {
                return ConfigFactory.parseString("v = " + ConfigUtil.quoteString(text)).getDuration("v");
            } catch (ConfigException notADuration) {
                return text;
            }
        }
    }

    // the value of path in force in run: as set, or the default taken as assumptions gives it, or "not set"
    private static String inForce(ResultJson.Run run, String path) {
        String set = run.written().get(path);
        if (set != null) {
            return set;
        }
        String taken = run.defaults().get(path);
        if (sessionRecord(path)) {
            return taken != null ? taken : "none (not a serve session)";
        }
        return taken != null ? "default " + taken : "not set (edgesim's default)";
    }

    // what edgesim serve records of a session among the assumptions (its traffic, limiter, upstream, ...): not a
    // default in force, and compared whole
    private static boolean sessionRecord(String path) {
        return path.equals("traffic") || path.startsWith("serve.");
    }

    // a limiter with what it is, as its section's title gives it: "extra (cache, fixed-window 5 per 10s)"
    private static String described(ResultJson.Run run, String limiter) {
        String settings = run.settings().get(limiter);
        return settings == null ? limiter : limiter + " (" + settings + ")";
    }

    private static String describeSeeds(ResultJson.Run run) {
        return run.runs() > 1 ? run.runs() + " runs at " + run.seeds() : run.seeds();
    }

    private boolean shared(Figure f) {
        return a.limiters().contains(f.limiter()) && b.limiters().contains(f.limiter());
    }

    private static void onlyIn(List<String> lines, String what, java.util.Collection<String> inA,
                               java.util.Collection<String> inB) {
        Set<String> onlyA = new LinkedHashSet<>(inA);
        onlyA.removeAll(inB);
        Set<String> onlyB = new LinkedHashSet<>(inB);
        onlyB.removeAll(inA);
        if (!onlyA.isEmpty()) {
            lines.add(what + (onlyA.size() == 1 ? " " : "s ") + String.join(", ", onlyA) + " only in A");
        }
        if (!onlyB.isEmpty()) {
            lines.add(what + (onlyB.size() == 1 ? " " : "s ") + String.join(", ", onlyB) + " only in B");
        }
    }

    private Tables table(String limiter, boolean intervals) {
        List<String> header = new ArrayList<>(List.of("figure", "where", "A", "B", "B - A", "change"));
        if (intervals) {
            header.add("intervals");
        }
        Tables table = new Tables(header);
        for (Map.Entry<Figure, Double> e : rows(limiter).entrySet()) {
            Figure f = e.getKey();
            String name = f.name();
            double valueA = value(a, f);
            double valueB = value(b, f);
            List<String> row = new ArrayList<>(List.of(RunFigures.label(name), f.where().isEmpty() ? "whole run"
                    : f.where(), cell(a, f), cell(b, f), difference(name, valueA, valueB, a.replicated() || b.replicated()),
                    relative(valueA, valueB)));
            if (intervals) {
                row.add(separation(Optional.ofNullable(a.intervals().get(f)),
                        Optional.ofNullable(b.intervals().get(f))));
            }
            table.row(row);
        }
        return table;
    }

    // the figures of the limiter both runs have, in A's order; not those of a region it saw no request in on either
    // side (its counts, 0 and 0)
    private Map<Figure, Double> rows(String limiter) {
        Map<Figure, Double> rows = new LinkedHashMap<>();
        a.figures().forEach((f, v) -> {
            if (f.limiter().equals(limiter) && b.figures().containsKey(f) && !quietOnBothSides(f)) {
                rows.put(f, v);
            }
        });
        return rows;
    }

    private boolean quietOnBothSides(Figure f) {
        if (f.region().isEmpty() || !f.period().isEmpty()) {
            return false;
        }
        Figure sent = new Figure(f.limiter(), f.region(), "", "", "sent");
        return value(a, sent) == 0 && value(b, sent) == 0;
    }

    // the mean with replications, else the run's value; NaN for none
    private static double value(ResultJson.Run run, Figure f) {
        if (run.replicated()) {
            Interval i = run.intervals().get(f);
            return i == null ? Double.NaN : i.mean();
        }
        return run.figures().getOrDefault(f, Double.NaN);
    }

    private static String cell(ResultJson.Run run, Figure f) {
        String mark = run.lateLimiters().contains(f.limiter()) && f.name().startsWith("latency_")
                ? " " + MarkdownReport.LATE_MARK : "";
        if (run.replicated()) {
            return ReplicationTables.cell(f.name(), Optional.ofNullable(run.intervals().get(f))) + mark;
        }
        double v = run.figures().getOrDefault(f, Double.NaN);
        return Double.isNaN(v) ? "n/a" : ThresholdText.value(f.name(), v) + mark;
    }

    /** B - A in the figure's unit; of means rounded as means are ({@code means}), else with up to 4 decimals. */
    static String difference(String name, double a, double b, boolean means) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return "n/a";
        }
        double d = Math.abs(b - a);
        String unit = RunFigures.unit(name);
        String shown = name.endsWith("_share") ? Numbers.upTo(100 * d, 4) + " pp"
                : name.equals("usd_per_month") ? "$" + Numbers.upTo(d, 4)
                : unit.equals(" ms") ? Numbers.ms(d) + " ms" : (means ? Numbers.mean(d) : Numbers.upTo(d, 4)) + unit;
        // a difference that shows as 0 has no sign ("+0.00 ms" beside "+0.0%" read as a change)
        boolean zero = !shown.matches(".*[1-9].*");
        return (zero ? "" : b > a ? "+" : b < a ? "-" : "") + shown;
    }

    static String relative(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return "n/a";
        }
        if (a == b) {
            return "0%";
        }
        if (a == 0) {
            return "n/a";
        }
        double r = 100 * (b - a) / Math.abs(a);
        String shown = Numbers.fixed(Math.abs(r), 1);
        return (shown.equals("0.0") ? "" : r > 0 ? "+" : "-") + shown + "%";
    }

    /** "separate" when the two intervals do not overlap, "overlap" when they do, "-" when a side has none. */
    static String separation(Optional<Interval> a, Optional<Interval> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return "-";
        }
        Interval x = a.get();
        Interval y = b.get();
        return x.ci95High() < y.ci95Low() || y.ci95High() < x.ci95Low() ? "separate" : "overlap";
    }
}
