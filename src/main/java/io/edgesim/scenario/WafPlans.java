package io.edgesim.scenario;

import io.edgesim.model.algorithm.Durations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each Cloudflare plan allows in a WAF rate limiting rule (reference.conf, edgesim.platform.waf-plans): the
 * counting period, the mitigation timeout, and the characteristics (keys) it counts by.
 */
final class WafPlans {

    /**
     * One plan's bounds, inclusive, nanoseconds.
     *
     * @param keys key kinds (scenario names) the plan counts by
     */
    record Plan(String name, long minPeriodNanos, long maxPeriodNanos, long minTimeoutNanos, long maxTimeoutNanos,
                List<String> keys) {
    }

    private final Map<String, Plan> plans;

    private WafPlans(Map<String, Plan> plans) {
        this.plans = plans;
    }

    static WafPlans fromReference() {
        ConfigReader section = Defaults.section("platform.waf-plans");
        Map<String, Plan> plans = new LinkedHashMap<>();
        for (String name : RegionsLoader.inFileOrder(section)) {
            ConfigReader p = section.object(name);
            plans.put(name, new Plan(name, p.positiveDurationNanos("min-period"), p.positiveDurationNanos("max-period"),
                    p.positiveDurationNanos("min-timeout"), p.positiveDurationNanos("max-timeout"),
                    p.stringList("keys", "key kinds")));
        }
        return new WafPlans(plans);
    }

    List<String> names() {
        return List.copyOf(plans.keySet());
    }

    /** Fails unless {@code periodNanos} (read from {@code at}'s "period") is within {@code plan}'s range. */
    void checkPeriod(String plan, long periodNanos, ConfigReader at) {
        Plan p = plans.get(plan);
        if (periodNanos < p.minPeriodNanos() || periodNanos > p.maxPeriodNanos()) {
            throw at.error("period", at.shown("period") + " is outside what the " + plan + " plan allows",
                    ranges(Plan::minPeriodNanos, Plan::maxPeriodNanos));
        }
    }

    /** Fails unless {@code timeoutNanos} (read from {@code at}'s "mitigation-timeout") fits {@code plan}. */
    void checkTimeout(String plan, long timeoutNanos, ConfigReader at) {
        Plan p = plans.get(plan);
        if (timeoutNanos < p.minTimeoutNanos() || timeoutNanos > p.maxTimeoutNanos()) {
            throw at.error("mitigation-timeout", at.shown("mitigation-timeout") + " is outside what the " + plan
                    + " plan allows", ranges(Plan::minTimeoutNanos, Plan::maxTimeoutNanos));
        }
    }

    /** Fails unless {@code plan} counts by {@code key} (read from {@code at}'s "key", or the default). */
    void checkKey(String plan, String key, ConfigReader at) {
        if (!plans.get(plan).keys().contains(key)) {
            List<String> parts = new ArrayList<>();
            plans.values().forEach(p -> parts.add(String.join(" or ", p.keys()) + " (" + p.name() + ")"));
            throw at.error("key", key + " is not a characteristic the " + plan + " plan counts by",
                    String.join(", ", parts));
        }
    }

    private String ranges(java.util.function.ToLongFunction<Plan> min, java.util.function.ToLongFunction<Plan> max) {
        List<String> parts = new ArrayList<>();
        for (Plan p : plans.values()) {
            long lo = min.applyAsLong(p);
            long hi = max.applyAsLong(p);
            parts.add((lo == hi ? Durations.format(lo) : Durations.format(lo) + " to " + Durations.format(hi))
                    + " (" + p.name() + ")");
        }
        return String.join(", ", parts);
    }
}
