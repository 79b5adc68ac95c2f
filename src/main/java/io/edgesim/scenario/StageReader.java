package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.local.BindingStore;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.local.WafPlan;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;
import io.edgesim.scenario.config.Suggestion;
import io.edgesim.scenario.tier.TierSettingsReader;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads one stage of a limiter: its tier, its algorithm and numbers, its key, and its tier settings. The binding
 * takes wrangler's names ({@code limit}, {@code period} in seconds, 10 or 60); a WAF rule takes {@code limit} per
 * {@code period} (a duration), bounded by its plan.
 */
final class StageReader {

    private static final List<String> GENERAL_KEYS = List.of("tier", "algorithm", "limit", "window", "rate", "burst",
            "anchor", "count", "key");
    private static final List<String> PERIOD_KEYS = List.of("tier", "algorithm", "limit", "period", "key");
    private static final List<String> NUMBERS = List.of("limit", "rate", "burst");

    private static final String BINDING_PERIODS = "10 or 60 (seconds, as in wrangler: a number without a unit)";

    private final TierSettingsReader tiers;

    StageReader(TierSettingsReader tiers) {
        this.tiers = tiers;
    }

    /**
     * @param stage       the stage's keys
     * @param limiterKeys keys of the enclosing limiter allowed beside the stage's own (single-tier form)
     * @param plans       the stage's plans (its own over its limiter's over the contract), applied to the stage's
     *                    algorithm before its tier settings are read (a KV stage's automatic expiration covers every
     *                    plan's)
     * @param contract    the contract the stage counts under ({@link PlanReader#NONE} for none): then every key has a
     *                    plan, the stage writes no numbers of its own, and its window defaults to the contract's
     */
    StageSpec read(ConfigReader stage, List<String> limiterKeys, PlanReader plans, PlanReader contract,
                   AssumptionLog log) {
        if (!stage.has("tier")) {
            throw stage.error("tier", "missing", TierKind.allowedNames());
        }
        String tierName = stage.string("tier");
        TierKind kind = TierSettingsReader.tierKind(tierName);
        if (kind == null) {
            throw stage.error("tier", "'" + tierName + "' is not a tier", TierKind.allowedNames()
                    + Suggestion.didYouMean(tierName, TierKind.names()));
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
        if ((kind == TierKind.BINDING || kind == TierKind.WAF) && stage.has("window") && !stage.has("period")) {
            throw stage.error("window", "unknown setting: " + (kind == TierKind.BINDING ? "the binding" : "a WAF rule")
                    + " counts per period", String.join(", ", allowed) + "; did you mean `period`?");
        }
        stage.rejectUnknownKeys(allowed);
        if (!contract.isEmpty()) {
            refuseNumbers(stage);
        }

        AlgorithmSpec algorithm = plans.apply(switch (kind) {
            case BINDING -> binding(stage, plans, contract);
            case WAF -> waf(stage, plans, contract);
            default -> {
                AlgorithmKind algorithmKind = AlgorithmReader.kind(stage, "algorithm", AlgorithmReader.defaultKind());
                yield AlgorithmReader.spec(stage, algorithmKind, contract.isEmpty() ? null
                        : base(plans, algorithmKind,
                        algorithmKind.windowed() ? window(stage, "window", contract, null) : 0));
            }
        });
        // before the tier's settings, which may derive from it (KV's expiration from the state's lifetime)
        requireCountable(stage, algorithm, "");
        KeyKind key = key(stage, kind);
        TierSettings settings = tiers.read(kind, stage, algorithm, log);
        if (settings instanceof TierSettings.Waf waf) {
            WafPlan plan = TierSettingsReader.wafPlan(waf.plan());
            String periodProblem = plan.periodProblem(algorithm.windowNanos());
            if (periodProblem != null && !contract.isEmpty() && !stage.has("period")) {
                String window = Durations.format(algorithm.windowNanos());
                String plansWithIt = Arrays.stream(WafPlan.values())
                        .filter(p -> p.periodProblem(algorithm.windowNanos()) == null).map(WafPlan::configName)
                        .collect(Collectors.joining(", "));
                throw stage.error("period", "missing, and the contract's window " + window + " is not available to "
                        + "WAF rules on Cloudflare's " + plan.configName() + " plan (the rule's plan)",
                        (plansWithIt.isEmpty() ? "" : "plan = " + plansWithIt.replace(", ", " or ") + " (periods of "
                                + window + "), or ") + "a period the " + plan.configName() + " plan has ("
                                + plan.allowedPeriods() + ") with the rule's own plans { NAME { limit } }");
            }
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

    private AlgorithmSpec binding(ConfigReader stage, PlanReader plans, PlanReader contract) {
        AlgorithmKind kind = AlgorithmReader.kind(stage, "algorithm", AlgorithmKind.FIXED_WINDOW);
        if (kind != AlgorithmKind.FIXED_WINDOW) {
            throw stage.error("algorithm", "the binding counts in fixed windows, not " + kind.configName(),
                    "fixed-window");
        }
        if (!contract.isEmpty() && !stage.has("period")) {
            long window = window(stage, "period", contract, BINDING_PERIODS);
            if (BindingStore.periodProblem(window) != null) {
                throw stage.error("period", "missing, and the contract's window " + Durations.format(window)
                        + " is not a binding period", BINDING_PERIODS);
            }
            return base(plans, kind, window);
        }
        long limit = contract.isEmpty() ? stage.positiveWhole("limit", AlgorithmReader.LIMIT) : 1;
        long period = stage.wholeNumber("period", BINDING_PERIODS);
        // the model's rule (10 or 60 s), worded for the scenario file, where the period is in seconds
        if (period <= 0 || period > Long.MAX_VALUE / Durations.NANOS_PER_SECOND
                || BindingStore.periodProblem(period * Durations.NANOS_PER_SECOND) != null) {
            throw stage.error("period", stage.shown("period") + " is not a binding period", BINDING_PERIODS);
        }
        return contract.isEmpty() ? AlgorithmSpec.windowed(kind, limit, period * Durations.NANOS_PER_SECOND)
                : base(plans, kind, period * Durations.NANOS_PER_SECOND);
    }

    private AlgorithmSpec waf(ConfigReader stage, PlanReader plans, PlanReader contract) {
        AlgorithmKind kind = AlgorithmReader.kind(stage, "algorithm", AlgorithmReader.defaultKind());
        if (!kind.windowed()) {
            throw stage.error("algorithm", "a WAF rule counts requests per period, not with " + kind.configName(),
                    "fixed-window, sliding-window, sliding-log");
        }
        if (!contract.isEmpty()) {
            return base(plans, kind, window(stage, "period", contract, null));
        }
        long limit = stage.positiveWhole("limit", AlgorithmReader.LIMIT);
        return AlgorithmSpec.windowed(kind, limit, stage.positiveDurationNanos("period"));
    }

    // under a contract: the stage's window (or period) as written, else the contract's
    private static long window(ConfigReader stage, String key, PlanReader contract, String periodAllowed) {
        if (stage.has(key) || contract.windowNanos() == null) {
            return periodAllowed == null ? stage.positiveDurationNanos(key)
                    : stage.wholeNumber(key, periodAllowed) * Durations.NANOS_PER_SECOND;
        }
        return contract.windowNanos();
    }

    // the numbers of a stage whose keys all have plans: the first plan's (they count no key), or 1 where no plan
    // has numbers for the family, which LimiterReader then reports as a plan the stage does not cover
    private static AlgorithmSpec base(PlanReader plans, AlgorithmKind kind, long windowNanos) {
        AlgorithmSpec base = plans.base(kind, windowNanos);
        if (base != null) {
            return base;
        }
        return kind.windowed() ? AlgorithmSpec.windowed(kind, 1, windowNanos) : AlgorithmSpec.rated(kind, 1, 1);
    }

    // under a contract every key has a plan, so numbers of the stage's own would count no key
    private static void refuseNumbers(ConfigReader stage) {
        for (String key : NUMBERS) {
            if (stage.written(key)) {
                throw stage.error(key, "the contract (the scenario's plans) gives every key its numbers, so this "
                        + key + " would count nothing", "leave it out; limit-factor or plans on the limiter or the "
                        + "stage to enforce other numbers than the contract's, or contract = off on the limiter");
            }
        }
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

    /**
     * Fails on a token-bucket or gcra spec (or a plan's) whose numbers do not fit the exact count's units
     * ({@link AlgorithmSpec#uncountable}), naming the burst when some burst is past what any rate allows, else the
     * rate; {@code whose} ends the problem (" (each shard's share)").
     */
    static void requireCountable(ConfigReader stage, AlgorithmSpec algorithm, String whose) {
        String problem = algorithm.uncountable();
        if (problem == null) {
            return;
        }
        // the spec the problem is of: the stage's own numbers first, else the first plan's that fails
        AlgorithmSpec failing = algorithm.withPlans(Map.of()).uncountable() != null ? algorithm
                : algorithm.plans().values().stream().filter(plan -> plan.uncountable() != null).findFirst()
                .orElse(algorithm);
        boolean burst = failing.burst() > Long.MAX_VALUE / 2_000_000_000L;
        throw stage.error(burst ? "burst" : "rate", problem + whose, "a larger rate or a smaller burst");
    }
}
