package io.edgesim.scenario.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.local.WafPlan;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;
import io.edgesim.scenario.config.Suggestion;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link TierSettings} of a stage from three layers, first match wins: the stage's own keys, the
 * scenario's {@code tiers.<tier>} section, and reference.conf's {@code edgesim.tiers.<tier>} ({@link StageSettings}).
 * Each tier has its own small reader. Each value is read from the layer that set it, so a bad value is reported at
 * its own setting path. Defaults taken from reference.conf are logged as assumptions.
 */
public final class TierSettingsReader {

    /**
     * The longest per-request latency or service time: a minute is far beyond any real one (the defaults are
     * 0.5-20 ms) and keeps a Durable Object's longest queue (queue-bound x service-time, at most ~2 years) far from
     * overflow.
     */
    public static final long MAX_LATENCY_NANOS = 60L * Durations.NANOS_PER_SECOND;

    private final Map<TierKind, ConfigReader> scenarioTiers;
    private final RegionMap regions;
    // settings that only faults make matter (state, an origin's fail-open) note their defaults only with faults
    private final boolean faults;

    private TierSettingsReader(Map<TierKind, ConfigReader> scenarioTiers, RegionMap regions, boolean faults) {
        this.scenarioTiers = scenarioTiers;
        this.regions = regions;
        this.faults = faults;
    }

    /**
     * A reader over the scenario's {@code tiers} section ({@code scenario} may lack one). Every tier written there
     * is validated at once, so a bad scenario-wide value fails even when no limiter uses that tier.
     *
     * @param faults whether the scenario injects faults
     */
    public static TierSettingsReader create(ConfigReader scenario, RegionMap regions, boolean faults) {
        Map<TierKind, ConfigReader> tiers = new EnumMap<>(TierKind.class);
        if (scenario.has("tiers")) {
            ConfigReader section = scenario.object("tiers");
            for (String name : section.keys()) {
                TierKind kind = tierKind(name);
                if (kind == null) {
                    throw section.error(name, "'" + name + "' is not a tier", TierKind.allowedNames()
                            + Suggestion.didYouMean(name, TierKind.names()));
                }
                ConfigReader tier = section.object(name);
                tier.rejectUnknownKeys(settingNames(kind));
                tiers.put(kind, tier);
            }
        }
        TierSettingsReader reader = new TierSettingsReader(tiers, regions, faults);
        for (TierKind kind : tiers.keySet()) {
            reader.read(kind, null, null, null);
        }
        return reader;
    }

    /** The settings a tier has, in reference.conf order: the keys a stage of that tier may set. */
    public static List<String> settingNames(TierKind kind) {
        return Defaults.section("tiers." + kind.configName()).keysInFileOrder();
    }

    /** The tier named {@code name} in a scenario ("durable-object"), or null. */
    public static TierKind tierKind(String name) {
        for (TierKind k : TierKind.values()) {
            if (k.configName().equals(name)) {
                return k;
            }
        }
        return null;
    }

    /**
     * The settings of a stage of {@code kind}.
     *
     * @param stage     the stage's own keys, or null for the scenario-wide section alone
     * @param algorithm the stage's algorithm (settings that default to what it needs are resolved with it), or
     *                  null for the scenario-wide section alone
     * @param log       where defaults in force are noted, or null
     */
    public TierSettings read(TierKind kind, ConfigReader stage, AlgorithmSpec algorithm, AssumptionLog log) {
        StageSettings s = new StageSettings(kind, stage, scenarioTiers.get(kind), log, regions, faults);
        return switch (kind) {
            case ISOLATE -> IsolateReader.read(s);
            case CACHE -> CacheReader.read(s);
            case KV -> KvReader.read(s, algorithm);
            case BINDING -> BindingReader.read(s);
            case WAF -> WafReader.read(s);
            case DURABLE_OBJECT -> DurableObjectReader.read(s);
            case ORIGIN -> OriginReader.read(s);
        };
    }

    /** The WAF plan named {@code name}, or null. */
    public static WafPlan wafPlan(String name) {
        return WafReader.plan(name);
    }
}
