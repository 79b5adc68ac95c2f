package io.edgesim.model.tier;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;

/**
 * The Durable Objects of one limiter stage: the placement policy that routes keys to objects, and the objects by
 * name, each created on its first request. For an engine that runs everything in one place (the virtual-time
 * engine); a cluster engine can use {@link PlacementPolicy} and {@link DurableObjectServer} directly, one object per
 * entity. Each object's arrivals must come in nondecreasing order.
 */
public final class DurableObjectNamespace {

    private final TierSettings.DurableObject settings;
    private final PerPlan<CounterFactory> counters;
    private final PlacementPolicy placement;
    private final KeyIds keys;
    // by the number of the object's name
    private final KeyArray<DurableObjectServer> objects = new KeyArray<>();

    public DurableObjectNamespace(TierSettings.DurableObject settings, AlgorithmSpec algorithm, RegionMap regions) {
        this(settings, algorithm, regions, new KeyIds());
    }

    /** The same, numbering keys and object names with the run's {@code keys}. */
    public DurableObjectNamespace(TierSettings.DurableObject settings, AlgorithmSpec algorithm, RegionMap regions,
                                  KeyIds keys) {
        this.settings = settings;
        this.counters = new PerPlan<>(algorithm, keys, CounterFactory::new);
        this.keys = keys;
        this.placement = new PlacementPolicy(settings.placement(), regions, keys);
    }

    /** The object serving {@code key} for a request landing in {@code requestPop}, and its home. */
    public ObjectRoute route(String key, String requestPop) {
        return placement.route(key, requestPop);
    }

    /** The same, for a caller that numbered {@code key} already with the {@link KeyIds} given at construction. */
    public ObjectRoute route(String key, int keyId, String requestPop) {
        return placement.route(key, keyId, requestPop);
    }

    /**
     * Serves a request at the object named {@code objectName} (from {@link #route}), creating it if needed; an object
     * this numbers gets no plan (serve by route and key number for a key numbered with its plan).
     */
    public ServeResult serve(String objectName, long arrivalNanos, long cost) {
        return object(keys.idOf(objectName, null)).serve(arrivalNanos, cost);
    }

    /**
     * The same for the object of {@code route}, found from the number of the key it was routed for: every policy
     * but per-area names the object after the key itself, so only per-area objects need their name numbered.
     */
    public ServeResult serve(ObjectRoute route, int keyId, long arrivalNanos, long cost) {
        return object(objectId(route, keyId)).serve(arrivalNanos, cost);
    }

    /**
     * The same, answered into {@code into} (a caller's holder, reused from request to request; no object is made
     * for the answer); returns when the reply leaves the object.
     */
    public long serve(ObjectRoute route, int keyId, long arrivalNanos, long cost, StageVerdict into) {
        return object(objectId(route, keyId)).serve(arrivalNanos, cost, into);
    }

    // a per-area object's name is numbered with its key's plan, which the object counts with
    private int objectId(ObjectRoute route, int keyId) {
        return placement.placement().policy() == Placement.Policy.PER_AREA
                ? keys.idOf(route.objectName(), keys.plan(keyId)) : keyId;
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

    // the object numbered objectId, created on its first request
    private DurableObjectServer object(int objectId) {
        DurableObjectServer object = objects.get(objectId);
        if (object == null) {
            object = new DurableObjectServer(counters.of(objectId), settings);
            objects.put(objectId, object);
        }
        return object;
    }
}
