package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a limiter's {@code plans { NAME { limit } }} (windowed algorithms) or {@code { rate, burst }} (token-bucket
 * and gcra): the numbers that keys of clients with that plan get instead of the limiter's. A plan applies to every
 * stage and to the reference, each by the settings of its own algorithm family; a setting a plan leaves out keeps
 * the stage's own, and a window (or binding and WAF period), an anchor and a way of counting always stay the
 * stage's. A setting that no stage nor the reference takes (a {@code rate} on a limiter that only counts in windows)
 * is an error.
 */
final class PlanReader {

    /** A limiter without plans. */
    static final PlanReader NONE = new PlanReader(Map.of());

    private static final List<String> KEYS = List.of("limit", "rate", "burst");
    private static final String NAME = "a plan name: letters, digits, '.', '_' or '-'";

    private final Map<String, Numbers> plans;

    private PlanReader(Map<String, Numbers> plans) {
        this.plans = plans;
    }

    /** The plans of {@code limiter}, checked for their values; {@link #NONE} when it lists none. */
    static PlanReader read(ConfigReader limiter) {
        if (!limiter.has("plans")) {
            return NONE;
        }
        ConfigReader r = limiter.object("plans");
        Map<String, Numbers> plans = new LinkedHashMap<>();
        for (String name : r.keys()) {
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw r.error(name, "'" + name + "' is not a plan name", NAME);
            }
            ConfigReader plan = r.object(name);
            plan.rejectUnknownKeys(KEYS);
            if (plan.keys().isEmpty()) {
                throw r.error(name, "the plan sets nothing", "limit (windowed algorithms), rate and burst "
                        + "(token-bucket, gcra)");
            }
            Long limit = plan.has("limit") ? plan.positiveWhole("limit", AlgorithmReader.LIMIT) : null;
            Double rate = plan.has("rate")
                    ? plan.positiveNumber("rate", AlgorithmReader.MAX_RATE_PER_SECOND, AlgorithmReader.RATE) : null;
            Long burst = plan.has("burst") ? plan.positiveWhole("burst", AlgorithmReader.LIMIT) : null;
            plans.put(name, new Numbers(plan, limit, rate, burst));
        }
        return new PlanReader(plans);
    }

    /** The plan names. */
    Set<String> names() {
        return plans.keySet();
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
     * Fails on a plan setting that none of the limiter's algorithms takes.
     *
     * @param windowed whether a stage or the reference counts in windows
     * @param rated    whether one is a token-bucket or gcra
     */
    void requireUsed(boolean windowed, boolean rated) {
        String allowed = windowed && rated ? "limit, rate, burst" : windowed ? "limit" : "rate, burst";
        for (Numbers n : plans.values()) {
            if (n.limit != null && !windowed) {
                throw n.reader.error("limit", "no stage nor the reference counts in windows", allowed);
            }
            for (String key : List.of("rate", "burst")) {
                if (n.reader.has(key) && !rated) {
                    throw n.reader.error(key, "no stage nor the reference is a token-bucket or gcra", allowed);
                }
            }
        }
    }

    private record Numbers(ConfigReader reader, Long limit, Double rate, Long burst) {
    }
}
