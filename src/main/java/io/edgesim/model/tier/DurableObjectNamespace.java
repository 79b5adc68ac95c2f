package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.region.RegionMap;

import java.util.HashMap;
import java.util.Map;

/**
 * The Durable Objects of one limiter stage: the placement policy that routes keys to objects, and the objects by
 * name, each created on its first request. For an engine that runs everything in one place (the virtual-time
 * engine); a cluster engine can use {@link PlacementPolicy} and {@link DurableObjectServer} directly, one object per
 * entity. Each object's arrivals must come in nondecreasing order.
 */
public final class DurableObjectNamespace {

    private final TierSettings.DurableObject settings;
    private final AlgorithmSpec algorithm;
    private final PlacementPolicy placement;
    private final Map<String, DurableObjectServer> objects = new HashMap<>();

    public DurableObjectNamespace(TierSettings.DurableObject settings, AlgorithmSpec algorithm, RegionMap regions) {
        this.settings = settings;
        this.algorithm = algorithm;
        this.placement = new PlacementPolicy(settings.placement(), regions);
    }

    /** The object serving {@code key} for a request landing in {@code requestPop}, and its home. */
    public ObjectRoute route(String key, String requestPop) {
        return placement.route(key, requestPop);
    }

    /** Serves a request at the object named {@code objectName} (from {@link #route}), creating it if needed. */
    public ServeResult serve(String objectName, long arrivalNanos, long cost) {
        return objects.computeIfAbsent(objectName, n -> new DurableObjectServer(algorithm, settings))
                .serve(arrivalNanos, cost);
    }

    /** Objects created so far. */
    public int objectCount() {
        return objects.size();
    }

    /** Billable operations of all objects so far. */
    public Usage usage() {
        Usage total = Usage.NONE;
        for (DurableObjectServer object : objects.values()) {
            total = total.plus(object.usage());
        }
        return total;
    }
}
