package io.edgesim.engine.cluster;

import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The regions a run needs a node for: every PoP of the scenario, then every region a remote stage can home an object
 * in. The homes come from the model's own routing rules: a fresh {@link RemoteTier} of the stage asked for a key
 * from each PoP gives every home its placement can choose (first-request: the Durable-Object region nearest each PoP;
 * per-area: the home of each PoP's area; fixed and location-hint: their one region; an origin: its region).
 */
public final class NodeRegions {

    private static final String ANY_KEY = "any-key";

    private NodeRegions() {
    }

    /** The scenario's PoPs in order, then the other homes in the order the limiters reach them. */
    public static List<String> of(Scenario scenario) {
        Set<String> regions = new LinkedHashSet<>(scenario.pops());
        regions.addAll(homes(scenario));
        return new ArrayList<>(regions);
    }

    /** Every region a remote stage can home an object in, in the order the limiters reach them. */
    static Set<String> homes(Scenario scenario) {
        Set<String> regions = new LinkedHashSet<>();
        for (LimiterSpec limiter : scenario.limiters()) {
            for (StageSpec stage : limiter.stages()) {
                if (stage.kind().remote()) {
                    for (String pop : scenario.pops()) {
                        KeyIds keys = new KeyIds();
                        // routes only: no draws
                        RemoteTier fresh = RemoteTier.of(stage, scenario.regions(), keys,
                                FaultTimeline.none(scenario.regions()), 0);
                        regions.add(fresh.route(ANY_KEY, keys.idOf(ANY_KEY, null), pop, 0).homeRegion());
                    }
                }
            }
        }
        return regions;
    }

    /**
     * The smallest one-way delay a message between a PoP and a home can carry (without jitter), nanoseconds; 0 when
     * the scenario has no remote stage.
     */
    static long smallestOneWayNanos(Scenario scenario) {
        long smallest = Long.MAX_VALUE;
        for (String home : homes(scenario)) {
            for (String pop : scenario.pops()) {
                smallest = Math.min(smallest, scenario.regions().oneWayNanos(pop, home));
            }
        }
        return smallest == Long.MAX_VALUE ? 0 : smallest;
    }
}
