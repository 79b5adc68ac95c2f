package io.edgesim.engine;

import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.Placement;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The regions a limiter's remote stages are known before the run to live in: fixed and hinted Durable Objects and
 * the origin. (First-request and per-area homes depend on the traffic, and are among the scenario's PoPs or the
 * area homes.) The cluster engine starts a node for each; reports list their round trips.
 */
public final class RemoteHomes {

    private RemoteHomes() {
    }

    public static Set<String> of(LimiterSpec limiter, RegionMap regions) {
        Set<String> homes = new LinkedHashSet<>();
        for (StageSpec stage : limiter.stages()) {
            if (stage.tier() instanceof TierSettings.DurableObject d) {
                Placement p = d.placement();
                switch (p.policy()) {
                    case FIXED -> homes.add(p.region());
                    case LOCATION_HINT -> homes.add(regions.areaHome(p.hint()));
                    default -> {
                    }
                }
            } else if (stage.tier() instanceof TierSettings.Origin o) {
                homes.add(o.region());
            }
        }
        return homes;
    }
}
