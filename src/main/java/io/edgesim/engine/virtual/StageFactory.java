package io.edgesim.engine.virtual;

import io.edgesim.engine.StageStats;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.LocalTierFactory;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.Scenario;

import java.util.Map;

/**
 * Builds the model objects a scenario's stages run on, all numbering keys with the run's one {@link KeyIds}: in-PoP
 * tiers through the model's {@link LocalTierFactory}, remote stages as the model's {@link RemoteTier}s.
 */
final class StageFactory {

    private final LocalTierFactory local;
    private final Scenario scenario;
    private final FaultTimeline faults;

    StageFactory(Scenario scenario) {
        this.scenario = scenario;
        this.faults = scenario.faultTimeline();
        this.local = new LocalTierFactory(scenario.seed(), scenario.regions(), new KeyIds(), faults);
    }

    /** The numbering of keys all stages of the run share. */
    KeyIds keys() {
        return local.keys();
    }

    PopTier local(String limiter, int stage, StageSpec spec, String pop) {
        return local.create(limiter, stage, spec, pop);
    }

    Usage localUsage(String limiter, int stage) {
        return local.usage(limiter, stage);
    }

    /** Statistics per stage for the report, keyed "index:tier"; stages with nothing to say are left out. */
    Map<String, Map<String, Long>> stageStats(LimiterSpec limiter, RemoteTier[] remote) {
        return StageStats.of(limiter, s -> remote[s] != null ? remote[s].stats() : local.stats(limiter.name(), s));
    }

    RemoteTier remote(int limiter, int stage, StageSpec spec) {
        return RemoteTier.of(spec, scenario.regions(), keys(), faults,
                RemoteTier.drawSeed(scenario.seed(), limiter, stage));
    }
}
