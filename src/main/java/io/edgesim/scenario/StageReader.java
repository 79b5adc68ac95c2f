package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.BindingStore;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.WafPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads one stage of a limiter: its tier, its algorithm and numbers, its key, and its tier settings. The binding
 * takes wrangler's names ({@code limit}, {@code period} in seconds, 10 or 60); a WAF rule takes {@code limit} per
 * {@code period} (a duration), bounded by its plan.
 */
final class StageReader {

    private static final List<String> GENERAL_KEYS = List.of("tier", "algorithm", "limit", "window", "rate", "burst",
            "anchor", "count", "key");
    private static final List<String> PERIOD_KEYS = List.of("tier", "algorithm", "limit", "period", "key");

    private static final String BINDING_PERIODS = "10 or 60";

    private final TierSettingsReader tiers;

    StageReader(TierSettingsReader tiers) {
        this.tiers = tiers;
    }

    /**
     * @param stage       the stage's keys
     * @param limiterKeys keys of the enclosing limiter allowed beside the stage's own (single-tier form)
     * @param plans       the limiter's plans, applied to the stage's algorithm before its tier settings are read
     *                    (a KV stage's automatic expiration covers every plan's)
     */
    StageSpec read(ConfigReader stage, List<String> limiterKeys, PlanReader plans, AssumptionLog log) {
        if (!stage.has("tier")) {
            throw stage.error("tier", "missing", TierKind.allowedNames());
        }
        String tierName = stage.string("tier");
        TierKind kind = TierSettingsReader.tierKind(tierName);
        if (kind == null) {
            throw stage.error("tier", "'" + tierName + "' is not a tier", TierKind.allowedNames());
        }
        if (kind == TierKind.BINDING) {
            refuseOwnRule(stage, "the binding counts the requests it lets through, in windows aligned to the epoch");
        } else if (kind == TierKind.WAF) {
            refuseOwnRule(stage, "a WAF rule counts by its own rule: the requests it does not block, in windows "
                    + "aligned to the epoch");
        }
        List<String> allowed = new ArrayList<>(kind == TierKind.BINDING || kind == TierKind.WAF ? PERIOD_KEYS
                : GENERAL_KEYS);
        allowed.addAll(limiterKeys);
        allowed.addAll(TierSettingsReader.settingNames(kind));
        stage.rejectUnknownKeys(allowed);

        AlgorithmSpec algorithm = plans.apply(switch (kind) {
            case BINDING -> binding(stage);
            case WAF -> waf(stage);
            default -> AlgorithmReader.spec(stage, AlgorithmReader.kind(stage, "algorithm",
                    AlgorithmReader.defaultKind()), null);
        });
        KeyKind key = key(stage, kind);
        TierSettings settings = tiers.read(kind, stage, algorithm, log);
        if (settings instanceof TierSettings.Waf waf) {
            WafPlan plan = TierSettingsReader.wafPlan(waf.plan());
            String periodProblem = plan.periodProblem(algorithm.windowNanos());
            if (periodProblem != null) {
                throw stage.fail("period", periodProblem);
            }
            String keyProblem = plan.characteristicProblem(key);
            if (keyProblem != null) {
                throw stage.fail("key", keyProblem);
            }
        }
        return new StageSpec(settings, algorithm, key);
    }

    private AlgorithmSpec binding(ConfigReader stage) {
        AlgorithmKind kind = AlgorithmReader.kind(stage, "algorithm", AlgorithmKind.FIXED_WINDOW);
        if (kind != AlgorithmKind.FIXED_WINDOW) {
            throw stage.error("algorithm", "the binding counts in fixed windows, not " + kind.configName(),
                    "fixed-window");
        }
        long limit = stage.positiveWhole("limit", AlgorithmReader.LIMIT);
        long period = stage.wholeNumber("period", BINDING_PERIODS);
        // the model's rule (10 or 60 s), worded for the scenario file, where the period is in seconds
        if (period <= 0 || period > Long.MAX_VALUE / Durations.NANOS_PER_SECOND
                || BindingStore.periodProblem(period * Durations.NANOS_PER_SECOND) != null) {
            throw stage.error("period", stage.shown("period") + " is not a binding period", BINDING_PERIODS);
        }
        return AlgorithmSpec.windowed(kind, limit, period * Durations.NANOS_PER_SECOND);
    }

    private AlgorithmSpec waf(ConfigReader stage) {
        AlgorithmKind kind = AlgorithmReader.kind(stage, "algorithm", AlgorithmReader.defaultKind());
        if (!kind.windowed()) {
            throw stage.error("algorithm", "a WAF rule counts requests per period, not with " + kind.configName(),
                    "fixed-window, sliding-window, sliding-log");
        }
        long limit = stage.positiveWhole("limit", AlgorithmReader.LIMIT);
        return AlgorithmSpec.windowed(kind, limit, stage.positiveDurationNanos("period"));
    }

    // a binding or WAF stage counts as Cloudflare's product does: neither its anchor nor what it counts is a choice
    private static void refuseOwnRule(ConfigReader stage, String rule) {
        for (String key : List.of("anchor", "count")) {
            if (stage.written(key)) {
                throw stage.error(key, rule, "leave " + key + " out");
            }
        }
    }

    private static KeyKind key(ConfigReader stage, TierKind kind) {
        return key(stage, KeyKind.parse(Defaults.section("stage").string(kind == TierKind.WAF ? "waf-key" : "key")));
    }

    /** The {@code key} setting of {@code stage}, or {@code fallback} when it has none. */
    static KeyKind key(ConfigReader stage, KeyKind fallback) {
        if (!stage.has("key")) {
            return fallback;
        }
        String name = stage.string("key");
        for (KeyKind k : KeyKind.values()) {
            if (k.configName().equals(name)) {
                return k;
            }
        }
        throw stage.error("key", "'" + name + "' is not a key", KeyKind.allowedNames()
                + " (write \"anon-token+ip\" in quotes)");
    }
}
