package io.edgesim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigRenderOptions;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep: the setting path, its values, and where they came from ({@code origin}: "--param" for the sweep
 * command's flag, "FILE: sweep" for the sweep a scenario declares), which every message about them names. Values are
 * split on commas outside brackets and quotes, or expanded from an integer range FROM..TO[/STEP]; they must differ,
 * and the setting must change the numbers (neither {@code name}, which names the output folder, nor
 * {@code description}).
 */
record SweepValues(String origin, String path, List<String> values) {

    private static final Pattern RANGE = Pattern.compile("(-?\\d+)\\.\\.(-?\\d+)(?:/(-?\\d+))?");
    // a value with ".." and no list syntax was meant as a range
    // a number with a unit, as HOCON reads a duration
    private static final Pattern DURATION = Pattern.compile("\\d+(\\.\\d+)?\\s*[a-zA-Z]+");
    private static final Pattern RANGE_LIKE = Pattern.compile("[^,\\[\\]{}\"]*\\.\\.[^,\\[\\]{}\"]*");
    private static final int MAX_VALUES = 1_000;
    private static final String PARAM = "--param";

    /** The sweep command's {@code --param PATH=VALUES}. */
    static SweepValues param(String param) {
        return parse(PARAM, param);
    }

    /** The sweep {@code scenarioFile} declares ({@code sweep = "PATH=VALUES"}), or null when it declares none. */
    static SweepValues declared(Path scenarioFile) {
        String declared = ScenarioLoader.declaredSweep(scenarioFile);
        return declared == null ? null : parse(scenarioFile + ": sweep", declared);
    }

    /** Parses PATH=VALUES; problems are InputExceptions starting with {@code origin}. */
    static SweepValues parse(String origin, String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw bad(origin, "'" + text + "' is not PATH=VALUES; allowed: e.g. limiters.local.limit=50,100,200");
        }
        String path = text.substring(0, eq).strip();
        // as written or in quotes ("name"): the same setting
        String top = path.split("\\.", 2)[0].replace("\"", "").strip();
        if (top.equals("name")) {
            throw bad(origin, "'name' cannot be swept: it names the report folder; allowed: any setting that "
                    + "changes the run, e.g. limiters.local.limit");
        }
        if (top.equals("sweep")) {
            throw bad(origin, "'sweep' cannot be swept: it is the scenario's own sweep, which --param replaces; "
                    + "allowed: any setting that changes the run, e.g. limiters.local.limit");
        }
        if (top.equals("description")) {
            throw bad(origin, "'description' cannot be swept: it changes no number; allowed: any setting that "
                    + "changes the run, e.g. limiters.local.limit");
        }
        String valuesText = text.substring(eq + 1).strip();
        List<String> values = RANGE_LIKE.matcher(valuesText).matches() ? range(origin, valuesText)
                : split(valuesText);
        if (values.stream().anyMatch(String::isEmpty)) {
            throw bad(origin, "'" + valuesText + "' has an empty value; allowed: values separated by single commas");
        }
        if (values.size() == 1) {
            // a sweep of one value is one run with a sweep's report, which compares nothing
            throw bad(origin, "'" + valuesText + "' is one value; allowed: two or more values separated by commas "
                    + "(one run of a changed setting: edit the scenario and run it)");
        }
        Set<String> seen = new HashSet<>();
        Map<BigDecimal, String> numbers = new HashMap<>();
        Map<String, String> others = new HashMap<>();
        for (String value : values) {
            if (!seen.add(value)) {
                throw bad(origin, "value '" + value + "' is given twice; allowed: each value once");
            }
            // the same number written two ways (1 and 1.0, 1e3 and 1000) would run the same scenario twice
            BigDecimal number = number(value);
            String before = number == null ? null : numbers.putIfAbsent(number, value);
            if (before != null) {
                throw bad(origin, "values '" + before + "' and '" + value + "' are the same number; allowed: each "
                        + "value once");
            }
            // and the same duration (60s and 1m), or the same list or object spaced another way ([FRA,AMS] and
            // [FRA, AMS])
            String canonical = number == null ? canonical(value) : null;
            before = canonical == null ? null : others.putIfAbsent(canonical, value);
            if (before != null) {
                throw bad(origin, "values '" + before + "' and '" + value + "' are the same " + (DURATION.matcher(
                        value.strip()).matches() ? "duration" : "value") + "; allowed: each value once");
            }
        }
        return new SweepValues(origin, path, List.copyOf(values));
    }

    // a value as HOCON reads it, the same text for the same value: a duration in nanoseconds, anything else rendered
    // without spaces or comments; null when HOCON cannot read it (the scenario's check says why)
    private static String canonical(String value) {
        try {
            Config parsed = ConfigFactory.parseString("v = " + value);
            if (DURATION.matcher(value.strip()).matches()) {
                return "duration " + parsed.getDuration("v").toNanos();
            }
            return parsed.getValue("v").render(ConfigRenderOptions.concise());
        } catch (ConfigException e) {
            return null;
        }
    }

    // the value as a number, or null when it is not one (a duration, a list, a name)
    private static BigDecimal number(String value) {
        try {
            return new BigDecimal(value.strip()).stripTrailingZeros();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Where a message about one value puts the blame: "--param limiters.local.limit=0". */
    String where(String value) {
        return origin.equals(PARAM) ? PARAM + " " + path + "=" + value : origin + ": " + path + "=" + value;
    }

    /**
     * The scenario {@code scenarioFile} with {@code value} set, loaded by {@code loader} (path -> value overrides to
     * scenario). An error the value causes names {@link #where} rather than the file, which says something else.
     */
    Scenario load(Path scenarioFile, Function<Map<String, String>, Scenario> loader, String value) {
        try {
            return loader.apply(Map.of(path, value));
        } catch (InputException e) {
            String problem = e.getMessage();
            for (String prefix : List.of(PARAM + " " + path + ": ", scenarioFile + ": ")) {
                if (problem.startsWith(prefix)) {
                    problem = problem.substring(prefix.length());
                }
            }
            throw new InputException(where(value) + ": " + problem);
        }
    }

    /**
     * Loads the scenario once per value, so that a bad value is reported before anything runs; returns them in the
     * order of the values.
     */
    List<Scenario> checkEveryValue(Path scenarioFile, Function<Map<String, String>, Scenario> loader) {
        List<Scenario> scenarios = new ArrayList<>();
        for (String value : values) {
            scenarios.add(load(scenarioFile, loader, value));
        }
        return scenarios;
    }

    private static List<String> range(String origin, String text) {
        Matcher range = RANGE.matcher(text);
        String allowed = "; allowed: FROM..TO or FROM..TO/STEP with whole numbers, FROM <= TO, STEP 1 or more and at "
                + "most " + MAX_VALUES + " values";
        if (!range.matches()) {
            throw bad(origin, "'" + text + "' is not a range" + allowed);
        }
        long from;
        long to;
        long step;
        long count;
        try {
            from = Long.parseLong(range.group(1));
            to = Long.parseLong(range.group(2));
            step = range.group(3) == null ? 1 : Long.parseLong(range.group(3));
            count = step <= 0 || to < from ? -1 : Math.subtractExact(to, from) / step + 1;
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(origin, "range " + text + " has a number too large" + allowed);
        }
        if (step <= 0) {
            throw bad(origin, "range " + text + " needs a positive STEP" + allowed);
        }
        if (count < 0) {
            throw bad(origin, "range " + text + " goes down" + allowed);
        }
        if (count > MAX_VALUES) {
            throw bad(origin, "range " + text + " has " + count + " values" + allowed);
        }
        List<String> values = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            values.add(Long.toString(from + i * step));
        }
        return values;
    }

    private static List<String> split(String text) {
        List<String> values = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        StringBuilder current = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '[' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ']' || c == '}')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                values.add(current.toString().strip());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        values.add(current.toString().strip());
        return values;
    }

    private static InputException bad(String origin, String problem) {
        return new InputException(origin + ": " + problem);
    }
}
