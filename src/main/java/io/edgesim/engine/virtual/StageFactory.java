package io.edgesim.engine.virtual;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.DurableObjectNamespace;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.LocalTierFactory;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.OriginServer;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.ServeResult;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.engine.StageStats;
import io.edgesim.scenario.Scenario;

import java.util.Map;

/**
 * Builds the model objects a scenario's stages run on: in-PoP tiers through the model's {@link LocalTierFactory},
 * and thin {@link RemoteStage} adapters over a Durable Object namespace or an origin server.
 */
final class StageFactory {

    private final LocalTierFactory local;
    private final Scenario scenario;

    StageFactory(Scenario scenario) {
        this.scenario = scenario;
        this.local = new LocalTierFactory(scenario.seed(), scenario.regions(), new KeyIds());
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
    Map<String, Map<String, Long>> stageStats(LimiterSpec limiter, RemoteStage[] remote) {
        return StageStats.of(limiter, s -> remote[s] != null ? remote[s].stats() : local.stats(limiter.name(), s));
    }

    RemoteStage remote(String limiter, int stage, StageSpec spec) {
        if (spec.tier() instanceof TierSettings.DurableObject settings) {
            DurableObjectNamespace namespace =
                    new DurableObjectNamespace(settings, spec.algorithm(), scenario.regions(), keys());
            return new RemoteStage() {
                @Override
                public ObjectRoute route(String key, int keyId, String pop) {
                    return namespace.route(key, keyId, pop);
                }

                @Override
                public ServeResult serve(ObjectRoute route, int keyId, long arrivalNanos, int cost) {
                    return namespace.serve(route, keyId, arrivalNanos, cost);
                }

                @Override
                public long serve(ObjectRoute route, int keyId, long arrivalNanos, int cost, StageVerdict into) {
                    return namespace.serve(route, keyId, arrivalNanos, cost, into);
                }

                @Override
                public Usage usage() {
                    return namespace.usage();
                }

                @Override
                public Map<String, Long> stats() {
                    return Map.of("objects", (long) namespace.objectCount());
                }
            };
        }
        if (spec.tier() instanceof TierSettings.Origin settings) {
            OriginServer origin = new OriginServer(spec.algorithm(), settings, keys());
            return new RemoteStage() {
                @Override
                public ObjectRoute route(String key, int keyId, String pop) {
                    return origin.route(key);
                }

                @Override
                public ServeResult serve(ObjectRoute route, int keyId, long arrivalNanos, int cost) {
                    return origin.serve(keyId, arrivalNanos, cost);
                }

                @Override
                public long serve(ObjectRoute route, int keyId, long arrivalNanos, int cost, StageVerdict into) {
                    return origin.serve(keyId, arrivalNanos, cost, into);
                }

                @Override
                public Usage usage() {
                    return Usage.NONE;
                }

                @Override
                public Map<String, Long> stats() {
                    return Map.of();
                }
            };
        }
        throw new IllegalArgumentException(limiter + " stage " + stage + ": " + spec.kind().configName()
                + " is not a remote tier");
    }
}
