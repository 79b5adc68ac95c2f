package io.edgesim.scenario.tier;

import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.local.WafPlan;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Reads the settings of a WAF rate limiting rule: its plan (which bounds its period, its mitigation timeout and its
 * key), how late its counters update, and its mitigation timeout, checked against the plan per stage.
 */
final class WafReader {

    private WafReader() {
    }

    static TierSettings read(StageSettings s) {
        String name = s.string("plan");
        WafPlan plan = plan(name);
        if (plan == null) {
            throw s.settings().error("plan", "'" + name + "' is not a Cloudflare plan",
                    Arrays.stream(WafPlan.values()).map(WafPlan::configName).collect(Collectors.joining(", ")));
        }
        long timeout = s.positiveDuration("mitigation-timeout");
        // checked per stage: a scenario-wide timeout may be meant for stages that set their own plan
        String problem = s.forStage() ? plan.timeoutProblem(timeout) : null;
        if (problem != null) {
            // reference.conf's timeout fits every plan; were it ever not to, the plan the user chose is to blame
            String blamed = s.fromReference("mitigation-timeout") ? "plan" : "mitigation-timeout";
            throw s.settings().fail(blamed, problem);
        }
        return new TierSettings.Waf(name, s.duration("update-delay"), timeout);
    }

    /** The plan named {@code name}, or null. */
    static WafPlan plan(String name) {
        return Arrays.stream(WafPlan.values()).filter(p -> p.configName().equals(name)).findFirst().orElse(null);
    }
}
