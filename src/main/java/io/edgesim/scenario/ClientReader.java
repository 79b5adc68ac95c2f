package io.edgesim.scenario;

import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;
import io.edgesim.scenario.trace.TraceRow;
import io.edgesim.scenario.trace.TraceRows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code clients} list into {@link ClientSpec}s: populations (what a population does not set comes from
 * the scenario's {@code client-defaults}, then from reference.conf {@code edgesim.client}) and traces (checked row by
 * row when the scenario loads, so a bad trace fails before the run starts; client-defaults do not apply to them).
 */
final class ClientReader {

    private static final List<String> POPULATION_KEYS = List.of("name", "count", "rate", "arrival", "start", "stop",
            "ramp-to", "burst", "key", "ip", "xff", "anon-token", "path", "cost", "pops", "pops-per-key", "pop-choice",
            "hop-every", "plan");
    // what client-defaults may set: everything of a population but its name
    private static final List<String> DEFAULT_KEYS = POPULATION_KEYS.subList(1, POPULATION_KEYS.size());
    private static final List<String> TRACE_KEYS = List.of("name", "trace", "plan");
    private static final String PLAN = "a plan name: letters, digits, '.', '_' or '-'";
    // pops { top = N }: the N heaviest regions
    private static final String TOP = "top";
    private static final List<String> BURST_KEYS = List.of("every", "size", "spread");
    // bounds that keep a run finite and its numbers exact: at 1,000,000 requests per second a client's requests are
    // still at least 1 microsecond apart; larger populations and bursts are one setting away (count, more clients)
    static final int MAX_COUNT = 10_000_000;
    static final int MAX_BURST_SIZE = 1_000_000;
    private static final String RATE = "requests per second per client, greater than 0 and at most 1,000,000";
    private static final String RAMP_TO = "requests per second per client at stop, from 0 to 1,000,000";
    private static final String COUNT = "a whole number of clients from 1 to 10,000,000";
    private static final String COST = "a whole number of tokens from 1 to 1,000,000";
    private static final String BURST_SIZE = "a whole number of requests from 1 to 1,000,000";
    private static final String TRACE = "a trace file (CSV, or Logpush .ndjson/.jsonl), relative to the scenario's "
            + "folder";
    private static final String PLACEHOLDERS = String.join(", ", Template.PLACEHOLDERS);

    private final long durationNanos;
    // the most PoPs a population's clients keep in all (pops-per-key): one array of ints
    private static final long MAX_KEPT_POPS = Integer.MAX_VALUE - 8;
    private final List<String> pops;
    private final RegionMap regions;
    private final Path folder;
    private final boolean openTraces;
    // each opened trace client's rows, by client name
    private final Map<String, TraceRows.Checked> traces = new java.util.LinkedHashMap<>();

    /**
     * @param durationNanos length of the run
     * @param pops          the scenario's regions (where requests may land)
     * @param regions       the regions file's PoPs, whose weights {@code pops = all} follows
     * @param folder        the scenario's folder (trace paths are relative to it)
     * @param openTraces    true to resolve each trace against the folder and check it row by row; false to keep
     *                      its file as written, unread (a scenario read from its text, where traces are not)
     */
    ClientReader(long durationNanos, List<String> pops, RegionMap regions, Path folder, boolean openTraces) {
        this.durationNanos = durationNanos;
        this.pops = pops;
        this.regions = regions;
        this.folder = folder;
        this.openTraces = openTraces;
    }

    List<ClientSpec> read(ConfigReader root) {
        List<ConfigReader> entries = root.objectList("clients");
        if (entries.isEmpty()) {
            throw root.error("clients", "the list is empty", "one or more clients { name, rate, ... } or "
                    + "{ name, trace }");
        }
        ConfigReader defaults = null;
        if (root.has("client-defaults")) {
            defaults = root.object("client-defaults");
            defaults.rejectUnknownKeys(DEFAULT_KEYS);
        }
        Map<String, Integer> seen = new HashMap<>();
        List<ClientSpec> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ConfigReader r = entries.get(i);
            String name = name(r, seen, i);
            if (r.written("trace")) {
                out.add(trace(r, name));
            } else {
                out.add(population(defaults == null ? r : r.under(defaults), name));
            }
        }
        return out;
    }

    private static String name(ConfigReader r, Map<String, Integer> seen, int index) {
        if (!r.has("name")) {
            throw r.error("name", "missing", "a name unique among the clients");
        }
        String name = r.string("name");
        if (name.isBlank()) {
            throw r.error("name", "the name is empty", "a name unique among the clients");
        }
        if (name.contains(".")) {
            // --param clients.NAME.rate and a limiter's clients would read the name as a path
            throw r.error("name", "'" + name + "' has a dot, which separates the parts of a setting's path "
                    + "(--param clients.NAME.rate)", "a name unique among the clients, without a dot");
        }
        Integer earlier = seen.putIfAbsent(name, index);
        if (earlier != null) {
            throw r.error("name", "'" + name + "' is already the name of clients[" + earlier + "]",
                    "a name unique among the clients");
        }
        return name;
    }

    private ClientSpec trace(ConfigReader r, String name) {
        r.rejectUnknownKeys(TRACE_KEYS);
        if (!openTraces) {
            return new ClientSpec.Trace(name, r.fileName("trace", TRACE), plan(r));
        }
        Path file = r.file("trace", folder, TRACE);
        TraceRows.Checked checked = TraceRows.validate(file, pops, durationNanos);
        // either would send nothing, and the report would read as if the traffic had been judged
        if (checked.rows() == 0) {
            throw r.error("trace", file + " has no rows", "a file with at least one request row");
        }
        if (checked.firstNanos() >= durationNanos) {
            throw r.error("trace", file + ": its first row is at " + Durations.format(checked.firstNanos())
                    + ", not before the end of the run (duration " + Durations.format(durationNanos) + ")",
                    "rows timed from the start of the run (time_ms 0 is its start), the first before the duration");
        }
        traces.put(name, checked);
        return new ClientSpec.Trace(name, file, plan(r), checked.withoutApiKey(), checked.withoutIp());
    }

    /** After {@link #read}: each opened trace client's rows, by client name. */
    Map<String, TraceRows.Checked> traces() {
        return traces;
    }

    private ClientSpec population(ConfigReader written, String name) {
        written.rejectUnknownKeys(POPULATION_KEYS);
        // a key written null (here or in client-defaults) takes reference.conf's default, null or not
        ConfigReader r = written.withoutNulls().withFallback(Defaults.section("client").config());
        int count = r.positiveInt("count", MAX_COUNT, COUNT);
        int cost = r.positiveInt("cost", TraceRow.MAX_COST, COST);
        HeaderTemplates headers = new HeaderTemplates(template(r, "key", name), required(r, "ip", name),
                template(r, "xff", name), template(r, "anon-token", name), required(r, "path", name));
        String arrivalName = r.string("arrival");
        Arrival arrival = Arrival.byName(arrivalName);
        if (arrival == null) {
            throw r.error("arrival", "'" + arrivalName + "' is not an arrival", "constant, poisson");
        }

        long start = r.durationNanos("start");
        if (start >= durationNanos) {
            throw r.error("start", r.shown("start") + " is not before the end of the run ("
                    + Durations.format(durationNanos) + ")", "a time before the scenario's duration");
        }
        long stop = r.has("stop") ? r.positiveDurationNanos("stop") : durationNanos;
        if (stop <= start) {
            throw r.error("stop", r.shown("stop") + " is not after start (" + Durations.format(start) + ")",
                    "a time after start");
        }

        Burst burst = written.has("burst") ? burst(written.object("burst")) : null;
        double rate = 0;
        RateDistribution rates = null;
        if (written.has("rate") && r.value("rate").valueType() == ConfigValueType.OBJECT) {
            rates = RateDistributionReader.read(r.object("rate"));
        } else if (written.has("rate")) {
            rate = r.positiveNumber("rate", ClientSpec.MAX_RATE_PER_SECOND, RATE);
        } else if (burst == null) {
            throw r.error("rate", "missing", RATE + " (may be left out only with a burst)");
        }
        double rampTo = rate;
        if (written.has("ramp-to")) {
            if (rates != null) {
                throw r.error("ramp-to", "a ramp needs one rate to start from, not a distribution",
                        "ramp-to only with a rate given as a number");
            }
            if (rate == 0) {
                throw r.error("ramp-to", "a ramp needs a rate to start from", "ramp-to together with rate");
            }
            rampTo = r.number("ramp-to", RAMP_TO);
            if (!(rampTo >= 0)) {
                throw r.error("ramp-to", r.shown("ramp-to") + " is negative", RAMP_TO);
            }
            if (rampTo > ClientSpec.MAX_RATE_PER_SECOND) {
                throw r.error("ramp-to", r.shown("ramp-to") + " is too large", RAMP_TO);
            }
        }
        PopChoice pops = popChoice(written, r);
        // each client keeps its PoPs in one array of the population's
        if ((long) count * pops.popsPerKey() > MAX_KEPT_POPS) {
            throw r.error("pops-per-key", pops.popsPerKey() + " PoPs for each of " + count + " clients is "
                    + (long) count * pops.popsPerKey() + " kept PoPs", "count x pops-per-key up to " + MAX_KEPT_POPS);
        }
        return new ClientSpec.Population(name, count, headers, cost, arrival, rate, rampTo, rates, start, stop, burst,
                pops, plan(written));
    }

    // the client's plan, or null; whether some limiter lists it is checked with the limiters
    private static String plan(ConfigReader r) {
        if (!r.has("plan")) {
            return null;
        }
        String plan = r.string("plan");
        if (!plan.matches("[A-Za-z0-9._-]+")) {
            throw r.error("plan", "'" + plan + "' is not a plan name", PLAN);
        }
        return plan;
    }

    private static Template template(ConfigReader r, String key, String name) {
        String text = r.optString(key);
        if (text == null) {
            return null;
        }
        String expanded = text.replace("{name}", name);
        String unknown = Template.firstUnknownPlaceholder(expanded);
        if (unknown != null) {
            throw r.error(key, "unknown placeholder " + unknown, PLACEHOLDERS);
        }
        return new Template(expanded);
    }

    /** A template every request must carry (the address Cloudflare saw, the path). */
    private static Template required(ConfigReader r, String key, String name) {
        Template t = template(r, key, name);
        if (t == null) {
            throw r.error(key, "missing: every request has one", "a template such as \"203.0.113.{i}\" or \"/api\"");
        }
        return t;
    }

    private static Burst burst(ConfigReader written) {
        written.rejectUnknownKeys(BURST_KEYS);
        ConfigReader b = written.withoutNulls().withFallback(Defaults.section("burst").config());
        long every = b.positiveDurationNanos("every");
        int size = b.positiveInt("size", MAX_BURST_SIZE, BURST_SIZE);
        long spread = b.durationNanos("spread");
        if (spread >= every) {
            throw b.error("spread", b.shown("spread") + " is not shorter than every (" + Durations.format(every) + ")",
                    "a duration shorter than every");
        }
        return new Burst(every, size, spread);
    }

    private PopChoice popChoice(ConfigReader written, ConfigReader r) {
        String modeName = r.string("pop-choice");
        PopChoice.Mode mode = PopChoice.Mode.byName(modeName);
        if (mode == null) {
            throw r.error("pop-choice", "'" + modeName + "' is not a way to choose PoPs",
                    "per-request, per-client, hop");
        }
        if (mode != PopChoice.Mode.HOP && written.has("hop-every")) {
            throw r.error("hop-every", "set but pop-choice is " + modeName, "hop-every only with pop-choice = hop");
        }
        long hopEvery = mode == PopChoice.Mode.HOP ? r.durationOfSecondsNanos("hop-every", "a client that changes "
                + "PoP more often: pop-choice = per-request") : 0;

        List<String> codes = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        ConfigValue v = r.value("pops");
        String allowed = "\"all\", { top = N }, a list of regions, or { REGION = weight, ... } with regions of this "
                + "scenario: " + CodeList.of(pops);
        if (v.valueType() == ConfigValueType.STRING && "all".equals(v.unwrapped())) {
            allPops(codes, weights);
        } else if (v.valueType() == ConfigValueType.STRING && !pops.contains((String) v.unwrapped())) {
            // one word that is neither all nor a region: most likely all mistyped
            String word = (String) v.unwrapped();
            List<String> known = new ArrayList<>(pops);
            known.add(0, "all");
            throw r.error("pops", "'" + word + "' is neither all nor a region of this scenario",
                    allowed + CodeList.suggestion(word, known));
        } else if (v.valueType() == ConfigValueType.OBJECT && r.object("pops").has(TOP)) {
            heaviest(r.object("pops"), codes, weights);
        } else if (v.valueType() == ConfigValueType.OBJECT) {
            ConfigReader section = r.object("pops");
            // in name order, however the object is written: a HOCON object has no order, and the order of the codes
            // decides the seeded draws, so the same weights written over two lines, or on one as a sweep's --param
            // value, must give the same run
            for (String code : section.keys()) {
                checkPop(section, code, code);
                double w = section.number(code, PopChoice.WEIGHT_ALLOWED);
                if (!(w >= 0)) {
                    throw section.error(code, section.shown(code) + " is negative", PopChoice.WEIGHT_ALLOWED);
                }
                if (w > Region.MAX_WEIGHT) {
                    throw section.error(code, section.shown(code) + " is too large", PopChoice.WEIGHT_ALLOWED);
                }
                codes.add(code);
                weights.add(w);
            }
        } else {
            for (String code : r.stringList("pops", allowed)) {
                checkPop(r, "pops", code);
                codes.add(code);
                weights.add(1.0);
            }
        }
        if (codes.isEmpty() || weights.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
            String zero = "all".equals(v.unwrapped()) ? "every PoP of the scenario has weight 0 in the regions file"
                    : "every weight is 0";
            throw r.error("pops", codes.isEmpty() ? "no PoPs" : zero, "at least one PoP with a weight greater than 0");
        }
        Set<String> seen = new HashSet<>();
        for (String code : codes) {
            if (!seen.add(code)) {
                throw r.error("pops", code + " is listed twice", "each PoP once");
            }
        }
        int popsPerKey = 0;
        if (r.has("pops-per-key")) {
            int weighted = PopChoice.weighted(weights);
            popsPerKey = r.positiveInt("pops-per-key", weighted, "a whole number from 1 to " + weighted
                    + " (the PoPs of pops with a weight above 0)");
        }
        return new PopChoice(mode, codes, weights, hopEvery, popsPerKey);
    }

    // pops = all: every region of the scenario, each of its weight in the regions file
    private void allPops(List<String> codes, List<Double> weights) {
        codes.addAll(pops);
        pops.forEach(p -> weights.add(regions.region(p).weight()));
    }

    /**
     * pops { top = N }: the N heaviest of the PoPs {@code all} gives, with their weights, in the scenario's region
     * order; of PoPs of equal weight the earlier in that order.
     */
    private void heaviest(ConfigReader section, List<String> codes, List<Double> weights) {
        List<String> others = section.keysInFileOrder().stream().filter(k -> !k.equals(TOP)).toList();
        if (!others.isEmpty()) {
            throw section.error(others.get(0), "set beside top", "top = N alone, or { REGION = weight, ... }");
        }
        List<String> allCodes = new ArrayList<>();
        List<Double> allWeights = new ArrayList<>();
        allPops(allCodes, allWeights);
        int weighted = PopChoice.weighted(allWeights);
        if (weighted == 0) {
            throw section.error(TOP, "every region of this scenario has weight 0 in the regions file",
                    "regions with a weight greater than 0 in the regions file, or pops as a list or "
                    + "{ REGION = weight, ... }");
        }
        int top = section.positiveInt(TOP, weighted, "a whole number from 1 to " + weighted
                + " (the regions of this scenario with a weight above 0)");
        Integer[] order = new Integer[allCodes.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // stable: equal weights keep the region order
        Arrays.sort(order, (a, b) -> Double.compare(allWeights.get(b), allWeights.get(a)));
        boolean[] kept = new boolean[order.length];
        for (int i = 0; i < top; i++) {
            kept[order[i]] = true;
        }
        for (int i = 0; i < kept.length; i++) {
            if (kept[i]) {
                codes.add(allCodes.get(i));
                weights.add(allWeights.get(i));
            }
        }
    }

    private void checkPop(ConfigReader r, String key, String code) {
        if (!pops.contains(code)) {
            throw r.error(key, code + " is not a region of this scenario", CodeList.of(pops, code));
        }
    }
}
