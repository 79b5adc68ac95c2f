package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.scenario.config.ConfigReader;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A table of plans: by plan name, the numbers the keys of clients with that plan are counted with ({@code limit}
 * for the windowed algorithms, {@code rate} and {@code burst} for token-bucket and gcra). Three layers write one:
 * the scenario's top-level {@code plans}, the customers' contract (which may also give the contract's
 * {@code window}); a limiter's {@code plans} or {@code limit-factor}; a stage's. A layer's value replaces the one
 * below it for that plan and number ({@link #over}); a factor scales the contract's numbers ({@link #scaled}).
 * A window, an anchor and a way of counting always stay the stage's.
 *
 * <p>These layers are not {@code ConfigReader.withFallback} layers, as the tiers' other settings are: a
 * {@code limit-factor} scales the layer below instead of replacing it, and a layer's table is checked against the
 * contract's plans (a plan it leaves uncovered is an error), so they are merged here, plan by plan.
 */
final class PlanReader {

    /** No plans. */
    static final PlanReader NONE = new PlanReader(Map.of(), null);

    private static final List<String> KEYS = List.of("limit", "rate", "burst");
    private static final List<String> CONTRACT_KEYS = List.of("limit", "window", "rate", "burst");
    private static final String NAME = "a plan name: letters, digits, '.', '_' or '-'";
    static final String FACTOR = "a number greater than 0 and at most 1,000,000";

    private final Map<String, Numbers> plans;
    // the contract's window (every plan that gives one gives this one); null for other layers or none given
    private final Long windowNanos;

    private PlanReader(Map<String, Numbers> plans, Long windowNanos) {
        this.plans = plans;
        this.windowNanos = windowNanos;
    }

    /** The {@code plans} of a limiter or stage, checked for their values; {@link #NONE} when it lists none. */
    static PlanReader read(ConfigReader owner) {
        return read(owner, KEYS, false);
    }

    /** The scenario's top-level {@code plans}: the customers' contract; {@link #NONE} when there is none. */
    static PlanReader readContract(ConfigReader root) {
        PlanReader contract = read(root, CONTRACT_KEYS, true);
        if (contract.plans.isEmpty() && root.has("plans")) {
            throw root.error("plans", "the contract lists no plan", "plans { NAME { limit = 100, window = 60s }, "
                    + "... } or { NAME { rate, burst } }");
        }
        return contract;
    }

    private static PlanReader read(ConfigReader owner, List<String> keys, boolean contract) {
        if (!owner.has("plans")) {
            return NONE;
        }
        ConfigReader r = owner.object("plans");
        Map<String, Numbers> plans = new LinkedHashMap<>();
        Long window = null;
        String windowPlan = null;
        for (String name : r.keys()) {
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw r.error(name, "'" + name + "' is not a plan name", NAME);
            }
            ConfigReader plan = r.object(name);
            plan.rejectUnknownKeys(keys);
            if (plan.keys().isEmpty()) {
                throw r.error(name, "the plan sets nothing", "limit (windowed algorithms), rate and burst "
                        + "(token-bucket, gcra)");
            }
            Long limit = plan.has("limit") ? plan.positiveWhole("limit", AlgorithmReader.LIMIT) : null;
            Double rate = plan.has("rate")
                    ? plan.positiveNumber("rate", AlgorithmReader.MAX_RATE_PER_SECOND, AlgorithmReader.RATE) : null;
            Long burst = plan.has("burst") ? plan.positiveWhole("burst", AlgorithmReader.LIMIT) : null;
            if (contract && (rate == null) != (burst == null)) {
                String missing = rate == null ? "rate" : "burst";
                throw plan.error(missing, "missing: a contract's plan gives rate and burst together",
                        "rate (tokens per second) and burst (a whole number from 1 to 9e15)");
            }
            if (contract && limit == null && plan.has("window")) {
                throw plan.error("window", "a window without a limit", "limit and window, or leave window out");
            }
            if (plan.has("window")) {
                long w = plan.positiveDurationNanos("window");
                if (window != null && w != window) {
                    throw plan.error("window", Durations.format(w) + ", while plan '" + windowPlan + "' counts in "
                            + Durations.format(window) + " windows", "one window for every plan of the contract");
                }
                if (window == null) {
                    window = w;
                    windowPlan = name;
                }
            }
            plans.put(name, new Numbers(plan, limit, rate, burst, contract));
        }
        if (contract && window == null && plans.values().stream().anyMatch(n -> n.limit != null)) {
            String first = plans.entrySet().stream().filter(e -> e.getValue().limit != null).findFirst()
                    .orElseThrow().getKey();
            throw plans.get(first).reader.error("window", "missing: the contract's limits are per window",
                    "a duration, e.g. 60s, beside limit");
        }
        return new PlanReader(plans, window);
    }

    /** The plan names. */
    Set<String> names() {
        return plans.keySet();
    }

    boolean isEmpty() {
        return plans.isEmpty();
    }

    /** The contract's window, or null. */
    Long windowNanos() {
        return windowNanos;
    }

    /**
     * This layer over {@code lower}: for each plan of either, each number this layer gives, else {@code lower}'s.
     * The result keeps {@code lower}'s window.
     */
    PlanReader over(PlanReader lower) {
        if (plans.isEmpty()) {
            return lower;
        }
        Map<String, Numbers> merged = new LinkedHashMap<>(lower.plans);
        for (Map.Entry<String, Numbers> plan : plans.entrySet()) {
            Numbers below = lower.plans.get(plan.getKey());
            merged.put(plan.getKey(), below == null ? plan.getValue() : plan.getValue().over(below));
        }
        return new PlanReader(merged, lower.windowNanos);
    }

    /**
     * These plans with every number times {@code factor}: limits and bursts rounded to the nearest whole number (at
     * least 1), rates as they come. The numbers keep their origin: a scaled contract is still the contract's.
     */
    PlanReader scaled(double factor) {
        Map<String, Numbers> out = new LinkedHashMap<>();
        for (Map.Entry<String, Numbers> plan : plans.entrySet()) {
            Numbers n = plan.getValue();
            out.put(plan.getKey(), new Numbers(n.reader, times(n.limit, factor),
                    n.rate == null ? null : n.rate * factor, times(n.burst, factor), n.fromContract));
        }
        return new PlanReader(out, windowNanos);
    }

    private static Long times(Long value, double factor) {
        return value == null ? null : Math.max(1, Math.round(value * factor));
    }

    /**
     * A spec of {@code kind} carrying the numbers of the first plan that has any for its family, in the window
     * {@code windowNanos} (windowed kinds): the numbers of a stage whose keys all have plans, so that they count
     * nothing by themselves. Null when no plan has numbers for the family.
     */
    AlgorithmSpec base(AlgorithmKind kind, long windowNanos) {
        for (Numbers n : plans.values()) {
            if (kind.windowed() && n.limit != null) {
                return AlgorithmSpec.windowed(kind, n.limit, windowNanos);
            }
            if (!kind.windowed() && n.rate != null && n.burst != null) {
                return AlgorithmSpec.rated(kind, n.rate, n.burst);
            }
        }
        return null;
    }

    /** {@code spec} with these plans' numbers for its family (a plan that sets none of them is left out). */
    AlgorithmSpec apply(AlgorithmSpec spec) {
        if (plans.isEmpty()) {
            return spec;
        }
        Map<String, AlgorithmSpec> specs = new LinkedHashMap<>();
        for (Map.Entry<String, Numbers> plan : plans.entrySet()) {
            Numbers n = plan.getValue();
            if (spec.kind().windowed()) {
                if (n.limit != null) {
                    specs.put(plan.getKey(), spec.withLimit(n.limit));
                }
            } else if (n.rate != null || n.burst != null) {
                double rate = n.rate != null ? n.rate : spec.ratePerSecond();
                long burst = n.burst != null ? n.burst : spec.burst();
                specs.put(plan.getKey(), AlgorithmSpec.rated(spec.kind(), rate, burst));
            }
        }
        return spec.withPlans(specs);
    }

    /**
     * True when plan {@code name}'s limit, for a windowed stage, comes from the contract (scaled or not) rather than
     * from a limiter's or stage's own plans.
     */
    boolean limitFromContract(String name) {
        Numbers n = plans.get(name);
        return n != null && n.limit != null && n.fromContract;
    }

    /**
     * Fails on a plan setting that none of the limiter's algorithms takes (for a limiter's or stage's own plans).
     *
     * @param windowed whether a stage or the reference counts in windows
     * @param rated    whether one is a token-bucket or gcra
     */
    void requireUsed(boolean windowed, boolean rated) {
        String allowed = windowed && rated ? "limit, rate, burst" : windowed ? "limit" : "rate, burst";
        for (Numbers n : plans.values()) {
            if (n.reader.has("limit") && !windowed) {
                throw n.reader.error("limit", "no stage nor the reference counts in windows", allowed);
            }
            for (String key : List.of("rate", "burst")) {
                if (n.reader.has(key) && !rated) {
                    throw n.reader.error(key, "no stage nor the reference is a token-bucket or gcra", allowed);
                }
            }
        }
    }

    // fromContract: the limit comes from the contract (a limiter's or stage's own plans replace it)
    private record Numbers(ConfigReader reader, Long limit, Double rate, Long burst, boolean fromContract) {

        Numbers over(Numbers below) {
            return new Numbers(reader, limit != null ? limit : below.limit, rate != null ? rate : below.rate,
                    burst != null ? burst : below.burst, limit == null && below.fromContract);
        }
    }
}
