package io.edgesim.model.tier;

import io.edgesim.model.tier.remote.Placement;

/**
 * Where a limiter counts a key, as far as the bound on its multiplication goes: in each location separately, in one
 * place for the whole edge, or neither plainly (a chain, in-isolate counters, KV's cached copies, one object per
 * area, a key split over shards, a limiter judged against numbers other than its own). A key that reaches N
 * locations offering r tokens in one window, against a limit of L per window counted in each location, gets at most
 * L through in each: at most min(N L, r) in all, min(N, r / L) times its limit. One exact count lets through at most
 * L: once its limit. The bound is about where the count lives; a tier that counts late (the cache's write-behind,
 * the binding's sync) or fails open can let more through than it.
 */
public enum CountScope {
    /** One count per location (cache, binding, WAF rule): the bound is min(N, r / L). */
    PER_LOCATION("per-location"),
    /** One count for the whole edge (a Durable Object per key, the origin): the bound is 1. */
    EXACT("exact"),
    /** No bound of this shape. */
    OTHER("other");

    private final String configName;

    CountScope(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** How {@code limiter} counts: one stage, judged by its own algorithm and key, decides its scope. */
    public static CountScope of(LimiterSpec limiter) {
        if (limiter.stages().size() != 1) {
            return OTHER;
        }
        StageSpec stage = limiter.stages().get(0);
        if (!stage.algorithm().equals(limiter.reference()) || stage.key() != limiter.referenceKey()) {
            return OTHER;
        }
        TierSettings tier = stage.tier();
        if (tier instanceof TierSettings.Cache || tier instanceof TierSettings.Binding
                || tier instanceof TierSettings.Waf) {
            return PER_LOCATION;
        }
        if (tier instanceof TierSettings.DurableObject d) {
            return d.shards() == 1 && d.placement().policy() != Placement.Policy.PER_AREA ? EXACT : OTHER;
        }
        return tier instanceof TierSettings.Origin ? EXACT : OTHER;
    }
}
