package io.edgesim.engine.cluster;

import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.OriginServer;
import io.edgesim.model.tier.PlacementPolicy;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The regions a run needs a node for: every PoP of the scenario, then every region a remote stage can home an object
 * in. The homes come from the model's own routing rules: a fresh {@link PlacementPolicy} asked for a key from each
 * PoP gives every home that policy can choose (first-request: the Durable-Object region nearest each PoP; per-area:
 * the home of each PoP's area; fixed and location-hint: their one region), and an origin's route gives its region.
 */
final class NodeRegions {

    private static final String ANY_KEY = "any-key";

    private NodeRegions() {
    }

    /** The scenario's PoPs in order, then the other homes in the order the limiters reach them. */
    static List<String> of(Scenario scenario) {
        Set<String> regions = new LinkedHashSet<>(scenario.pops());
        for (LimiterSpec limiter : scenario.limiters()) {
            for (StageSpec stage : limiter.stages()) {
                if (stage.tier() instanceof TierSettings.DurableObject settings) {
                    for (String pop : scenario.pops()) {
                        PlacementPolicy fresh = new PlacementPolicy(settings.placement(), scenario.regions());
                        regions.add(fresh.route(ANY_KEY, pop).homeRegion());
                    }
                } else if (stage.tier() instanceof TierSettings.Origin settings) {
                    regions.add(new OriginServer(stage.algorithm(), settings).route(ANY_KEY).homeRegion());
                }
            }
        }
        return new ArrayList<>(regions);
    }
}
