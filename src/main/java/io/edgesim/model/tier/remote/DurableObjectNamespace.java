package io.edgesim.model.tier.remote;

import io.edgesim.model.Seeds;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.PerPlan;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Durable Objects of one limiter stage: the placement policy that routes keys to objects, and the objects by
 * the number of their name, each a {@link DurableObjectServer} created on its first request. The virtual engine
 * holds one per stage; a cluster entity holds one for its one object. Each object's arrivals must come in
 * nondecreasing order. With {@code state = in-memory}, an object whose home region went down since its last request
 * starts over with a fresh counter (durable objects keep theirs: their storage survives). With {@code shards = N},
 * each key is split over N objects ({@link ObjectShards}): a request goes to the one its number picks, placed by the
 * policy as an object of its own, counting with its share of the limit.
 */
public final class DurableObjectNamespace implements RemoteTier {

    /** What a statistic of the objects at home in one region starts with ({@link #homeStats}). */
    public static final String OBJECTS_IN = "objects_in_";

    private final TierSettings.DurableObject settings;
    private final PerPlan<CounterFactory> counters;
    private final PlacementPolicy placement;
    private final KeyIds keys;
    private final RegionMap regions;
    // null unless objects keep their state in memory and there are faults
    private final FaultTimeline faults;
    // by the number of the object's name
    private final KeyArray<DurableObjectServer> objects = new KeyArray<>();
    // how many objects are at home in each region
    private final Map<String, Long> objectsByHome = new HashMap<>();
    private final LatencyTail serviceTime;
    private final long drawSeed;
    private final int shards;
    // object names are numbered apart from their key's (per-area, sharded)
    private final boolean namedApart;

    /**
     * A namespace numbering keys and object names with the run's {@code keys}, in a run with {@code faults}, its
     * objects drawing service times by keys mixed from {@code drawSeed} and their names.
     */
    public DurableObjectNamespace(TierSettings.DurableObject settings, AlgorithmSpec algorithm, RegionMap regions,
                                  KeyIds keys, FaultTimeline faults, long drawSeed) {
        this.drawSeed = drawSeed;
        this.settings = settings;
        this.regions = regions;
        this.faults = settings.inMemoryState() && !faults.isEmpty() ? faults : null;
        this.shards = settings.shards();
        this.counters = new PerPlan<>(ObjectShards.share(algorithm, shards), keys, CounterFactory::new);
        this.keys = keys;
        this.placement = new PlacementPolicy(settings.placement(), regions);
        this.serviceTime = settings.serviceTime();
        this.namedApart = shards > 1 || settings.placement().policy() == Placement.Policy.PER_AREA;
    }

    @Override
    public ObjectRoute route(String key, int keyId, String requestPop, long requestId) {
        if (shards == 1) {
            return placement.route(key, keyId, requestPop);
        }
        // a shard is an object of its own: its own name, and a first-request home of its own
        String shard = ObjectShards.name(key, ObjectShards.shardOf(requestId, shards));
        return placement.route(shard, keys.idOf(shard, keys.plan(keyId)), requestPop);
    }

    /**
     * {@inheritDoc} The object is found from the number of the key it was routed for: every policy but per-area
     * names an unsharded object after the key itself, so only per-area and sharded objects need their name numbered.
     */
    @Override
    public long serve(ObjectRoute route, int keyId, long arrivalNanos, long cost, StageVerdict into) {
        DurableObjectServer object = object(objectId(route, keyId), route.homeRegion());
        if (faults != null && faults.outageBegan(regions.indexOf(route.homeRegion()), object.lastArrivalNanos(),
                arrivalNanos)) {
            object.restart();
        }
        return object.serve(arrivalNanos, cost, into);
    }

    /** {@inheritDoc} Reads the key's first-request home and its object, for an object named after its key. */
    @Override
    public long touch(int keyId) {
        if (namedApart) {
            return 0;
        }
        DurableObjectServer object = objects.get(keyId);
        return placement.touch(keyId) + (object == null ? 0 : object.touch());
    }

    @Override
    public long timeoutNanos() {
        return settings.timeoutNanos();
    }

    @Override
    public void timedOut(long departedNanos, StageVerdict into) {
        RemoteTier.timedOut(settings, departedNanos, into);
    }

    // a per-area or sharded object's name is numbered with its key's plan, which the object counts with
    private int objectId(ObjectRoute route, int keyId) {
        return namedApart ? keys.idOf(route.objectName(), keys.plan(keyId)) : keyId;
    }

    /** Objects created so far. */
    public int objectCount() {
        return objects.size();
    }

    /** Billable operations of all objects so far. */
    @Override
    public Usage usage() {
        Usage total = Usage.NONE;
        for (DurableObjectServer object : objects.values()) {
            total = total.plus(object.usage());
        }
        return total;
    }

    /** {@inheritDoc} The objects created, then how many of them are at home in each region ({@link #homeStats}). */
    @Override
    public Map<String, Long> stats() {
        return homeStats(objectCount(), objectsByHome);
    }

    /**
     * A Durable Object stage's statistics: {@code objects} created, then {@code objects_in_<REGION>}, how many of them
     * are at home in each region, by region code: where the objects placed by their first request or their area
     * ended up, which the report's round trips follow.
     */
    public static Map<String, Long> homeStats(long objects, Map<String, Long> byHome) {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("objects", objects);
        new TreeMap<>(byHome).forEach((home, n) -> stats.put(OBJECTS_IN + home, n));
        return stats;
    }

    /** The objects at home in each region that {@code stats} ({@link #homeStats}) give; empty for other stages'. */
    public static Map<String, Long> homesIn(Map<String, Long> stats) {
        Map<String, Long> byHome = new LinkedHashMap<>();
        stats.forEach((name, n) -> {
            if (name.startsWith(OBJECTS_IN)) {
                byHome.put(name.substring(OBJECTS_IN.length()), n);
            }
        });
        return byHome;
    }

    /** {@inheritDoc} Read once at the end of a run: one pass over the objects, a load built for the hot ones. */
    @Override
    public HotObjects hotObjects() {
        List<ObjectLoad> hot = new ArrayList<>();
        for (int id = 0; id < keys.size(); id++) {
            DurableObjectServer object = objects.get(id);
            if (object != null && object.hot()) {
                hot.add(object.load(keys.key(id)));
            }
        }
        return HotObjects.of(hot);
    }

    // the object numbered objectId, created on its first request, at home in home
    private DurableObjectServer object(int objectId, String home) {
        DurableObjectServer object = objects.get(objectId);
        if (object == null) {
            // an object's service-time draws follow its name, which both engines give it alike
            long objectSeed = serviceTime.hasTail() ? Seeds.derive(drawSeed, keys.key(objectId)) : 0;
            object = new DurableObjectServer(counters.of(objectId), settings, serviceTime, objectSeed);
            objects.put(objectId, object);
            objectsByHome.merge(home, 1L, Long::sum);
        }
        return object;
    }
}
