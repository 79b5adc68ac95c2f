package io.edgesim.engine.cluster.actors;

import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.Scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The remote stages (Durable Object, origin) of a run's limiters, by namespace: stage {@code s} of limiter {@code l}
 * is namespace "l.s". Every node holds the same immutable instance; the entity of a remote object finds its stage
 * here and builds the model's {@link RemoteTier} for it, which then serves that one object: a Durable Object, or one
 * origin key (the origin keeps independent per-key counters, so a key is an object of its own).
 *
 * <p>A namespace may have a prefix ending in '/': a run on node processes puts its run id first, so that objects of
 * different runs are different entities. One with {@value #WARM_UP_PREFIX} in its prefix is the same stage for the
 * traffic that warms the run's code up before the clock starts ({@code TrafficWarmUp}): its objects are other
 * objects, never counted.
 */
public final class RemoteTiers {

    /** Prefix of the namespaces of warm-up traffic. */
    public static final String WARM_UP_PREFIX = "warm-up/";

    private final Map<String, Tier> tiers;
    private final RegionMap regions;
    private final long seed;
    private final FaultTimeline faults;

    private RemoteTiers(Map<String, Tier> tiers, RegionMap regions, long seed, FaultTimeline faults) {
        this.tiers = Map.copyOf(tiers);
        this.regions = regions;
        this.seed = seed;
        this.faults = faults;
    }

    /** The remote stages of {@code scenario}'s limiters. */
    public static RemoteTiers of(Scenario scenario) {
        Map<String, Tier> tiers = new LinkedHashMap<>();
        for (int l = 0; l < scenario.limiters().size(); l++) {
            LimiterSpec limiter = scenario.limiters().get(l);
            for (int s = 0; s < limiter.stages().size(); s++) {
                StageSpec stage = limiter.stages().get(s);
                if (stage.kind().remote()) {
                    long drawSeed = RemoteTier.drawSeed(scenario.seed(), l, s);
                    tiers.put(namespace(l, s), new Tier(namespace(l, s), stage, drawSeed));
                }
            }
        }
        return new RemoteTiers(tiers, scenario.regions(), scenario.seed(), scenario.faultTimeline());
    }

    /** The namespace of stage {@code stage} of limiter {@code limiter} (indexes in the scenario). */
    public static String namespace(int limiter, int stage) {
        return limiter + "." + stage;
    }

    /**
     * The stage of {@code namespace} (with a prefix: the same stage under that namespace), or null when it is none of
     * the run's (the objects {@code ShardWarmUp} pings).
     */
    public Tier tier(String namespace) {
        int prefixEnd = namespace.lastIndexOf('/') + 1;
        Tier tier = tiers.get(namespace.substring(prefixEnd));
        return tier == null || prefixEnd == 0 ? tier : new Tier(namespace, tier.stage(), tier.drawSeed());
    }

    /** True when {@code namespace} (or a namespace prefix) belongs to warm-up traffic. */
    public static boolean warmUp(String namespace) {
        return namespace.startsWith(WARM_UP_PREFIX) || namespace.contains("/" + WARM_UP_PREFIX);
    }

    /** Round trips for reply delays. */
    public RegionMap regions() {
        return regions;
    }

    /** The run's faults: the objects of the run's namespaces lose replies and state by them (warm-up's do not). */
    public FaultTimeline faults() {
        return faults;
    }

    /** The run's seed; objects derive their jitter from it. */
    public long seed() {
        return seed;
    }

    /**
     * One remote stage.
     *
     * @param namespace "limiter.stage"
     * @param stage     its settings; a durable-object or origin tier
     * @param drawSeed  the seed of its service-time draws, as the virtual engine derives it
     */
    public record Tier(String namespace, StageSpec stage, long drawSeed) {

        /** True for a Durable Object stage, false for an origin. */
        public boolean durableObject() {
            return stage.tier() instanceof TierSettings.DurableObject;
        }

        /**
         * A fresh model tier of this stage, for one entity: it serves only the entity's object, whose name (for an
         * origin, the key) the entity numbers in {@code keys} with the plan of its first request.
         */
        public RemoteTier newTier(KeyIds keys, RegionMap regions, FaultTimeline faults) {
            return RemoteTier.of(stage, regions, keys, faults, drawSeed);
        }
    }
}
