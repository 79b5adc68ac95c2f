package io.edgesim.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.edgesim.result.Figure;
import io.edgesim.result.Interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads back what {@link JsonReport} wrote: the parts of a result.json that `edgesim compare` sets side by side.
 * A file that is not a result.json of a known {@code schema_version} is refused with what is wrong.
 */
public final class ResultJson {

    private ResultJson() {
    }

    /** Not a result.json this edgesim can read; the message says what is wrong, without the file's name. */
    public static final class NotAResult extends Exception {
        NotAResult(String message) {
            super(message);
        }
    }

    /**
     * One run as result.json holds it: what ran, every figure of the run at its seed, and with replications each
     * figure's interval.
     *
     * @param scenario     the scenario's name
     * @param engine       "virtual" or "cluster"
     * @param seed         the seed of the run (the first seed with replications)
     * @param runs         how many runs (1 without replications)
     * @param seeds        "seed 7" or "seeds 7 to 11"
     * @param regions      the PoPs of the run
     * @param limiters     the limiters, in scenario order
     * @param plans        the plans some limiter counted keys of
     * @param figures      every figure of the run at its seed (NaN for none), in report order
     * @param replicated   true when the run has replications (--replications N, also N = 1)
     * @param intervals    with replications, every figure's mean and interval that every run had; else empty
     * @param late         a cluster run whose injected latencies were handled late beyond its tolerance: "a p99 of
     *                     303.56 ms, above the tolerance of 2.00 ms"; else null
     * @param lateLimiters the limiters whose latency figures that makes not faithful (report.md marks them "(late)")
     */
    public record Run(String scenario, String engine, long seed, int runs, String seeds, double durationS,
                      List<String> regions, List<String> limiters, Map<String, String> settings,
                      Map<String, String> written, Map<String, String> defaults, Map<String, Double> roundTrips,
                      Set<String> plans,
                      Map<Figure, Double> figures, boolean replicated, Map<Figure, Interval> intervals,
                      String late, Set<String> lateLimiters) {
    }

    /** The run in {@code root}, a parsed result.json. */
    public static Run read(JsonNode root) throws NotAResult {
        if (!root.isObject()) {
            throw new NotAResult("not a JSON object");
        }
        JsonNode version = root.get("schema_version");
        if (version == null) {
            throw new NotAResult(root.has("limiters") ? "has no schema_version: written by an edgesim before "
                    + "result.json carried one; run the scenario again" : "not a result.json: no schema_version");
        }
        if (!version.isInt() || version.asInt() != JsonReport.SCHEMA_VERSION) {
            throw new NotAResult("schema_version " + version + ", and this edgesim reads version "
                    + JsonReport.SCHEMA_VERSION);
        }
        String scenario = text(root, "scenario");
        String engine = text(root, "engine");
        long seed = field(root, "seed").asLong();
        List<String> regions = new ArrayList<>();
        list(root, "regions").forEach(r -> regions.add(r.asText()));
        double durationS = field(root, "duration_s").asDouble();
        List<String> limiters = new ArrayList<>();
        // what a limiter is, as result.json says it: its tiers and its algorithm with its numbers
        Map<String, String> settings = new LinkedHashMap<>();
        Set<String> plans = new LinkedHashSet<>();
        for (JsonNode l : list(root, "limiters")) {
            limiters.add(text(l, "name"));
            settings.put(text(l, "name"), l.path("tier").asText("") + ", " + l.path("algorithm").asText(""));
            JsonNode byPlan = l.path("keys").path("plans");
            byPlan.fieldNames().forEachRemaining(plans::add);
        }
        Map<Figure, Double> figures = new LinkedHashMap<>();
        int index = 0;
        for (JsonNode f : list(root, "figures")) {
            JsonNode value = f.get("value");
            // null: the run has no such value (NaN); anything else but a number is not what edgesim writes
            if (value != null && !value.isNull() && !value.isNumber()) {
                throw new NotAResult("not a result.json: figures[" + index + "].value is " + value
                        + ", not a number");
            }
            Figure figure = figure(f);
            if (figures.put(figure, number(value)) != null) {
                throw new NotAResult("not a result.json: figures[" + index + "] gives " + figure.describe()
                        + " a second time");
            }
            index++;
        }
        Map<Figure, Interval> intervals = new LinkedHashMap<>();
        int runs = 1;
        String seeds = "seed " + seed;
        JsonNode replications = root.get("replications");
        if (replications != null) {
            runs = field(replications, "n").asInt();
            List<Long> all = new ArrayList<>();
            field(replications, "seeds").forEach(s -> all.add(s.asLong()));
            seeds = runs == 1 ? "seed " + all.get(0) : "seeds " + all.get(0) + " to " + all.get(all.size() - 1);
            for (JsonNode f : field(replications, "figures")) {
                JsonNode mean = f.get("mean");
                if (mean != null && mean.isNumber()) {
                    intervals.put(figure(f), new Interval(mean.asDouble(), field(f, "ci95_low").asDouble(),
                            field(f, "ci95_high").asDouble(), field(f, "median").asDouble(),
                            field(f, "min").asDouble(), field(f, "max").asDouble()));
                }
            }
        }
        String late = null;
        Set<String> lateLimiters = new LinkedHashSet<>();
        JsonNode cluster = root.path("cluster");
        if (cluster.path("latency_flagged").asBoolean(false)) {
            late = String.format(Locale.ROOT, "a p99 of %.2f ms, above the tolerance of %.2f ms",
                    cluster.at("/lateness_ms/injected_latency/p99").asDouble(), cluster.path("tolerance_ms")
                            .asDouble());
            cluster.path("injected_latency_limiters").forEach(l -> lateLimiters.add(l.asText()));
        }
        return new Run(scenario, engine, seed, runs, seeds, durationS, regions, limiters, settings,
                root.has("settings") ? strings(field(root, "settings")) : null, strings(field(root, "assumptions")),
                roundTrips(list(root, "latency_pairs")), plans, figures, replications != null, intervals, late,
                lateLimiters);
    }

    // "FROM-TO" -> rtt_ms of each pair
    private static Map<String, Double> roundTrips(JsonNode pairs) throws NotAResult {
        Map<String, Double> out = new LinkedHashMap<>();
        for (JsonNode pair : pairs) {
            out.put(text(pair, "from") + "-" + text(pair, "to"), field(pair, "rtt_ms").asDouble());
        }
        return out;
    }

    // an object of strings, by field, in file order
    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    private static Figure figure(JsonNode f) throws NotAResult {
        return new Figure(text(f, "limiter"), f.path("region").asText(""), f.path("plan").asText(""),
                f.path("period").asText(""), text(f, "figure"));
    }

    private static double number(JsonNode value) {
        return value == null || !value.isNumber() ? Double.NaN : value.asDouble();
    }

    private static JsonNode field(JsonNode node, String name) throws NotAResult {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw new NotAResult("not a result.json: no " + name);
        }
        return value;
    }

    // a field that must be a list
    private static JsonNode list(JsonNode node, String name) throws NotAResult {
        JsonNode value = field(node, name);
        if (!value.isArray()) {
            throw new NotAResult("not a result.json: " + name + " is not a list");
        }
        return value;
    }

    private static String text(JsonNode node, String name) throws NotAResult {
        JsonNode value = field(node, name);
        if (!value.isTextual()) {
            throw new NotAResult("not a result.json: " + name + " is not a string");
        }
        return value.asText();
    }
}
