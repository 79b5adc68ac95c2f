package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.DurableObjectServer;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Durable Objects of one stage, plainly (docs/model.md, "durable-object"). Placement: first-request homes a key
 * at the Durable-Object-capable region nearest the PoP of its first request, for good; fixed and location-hint name
 * one home; per-area makes one object per key and area ({@code key@area}) at the area's home. Each object is made on
 * its first request with its key's plan, and serves one request at a time in arrival order: a request arriving at a
 * starts at max(a, the end of the previous service), is decided then, and its reply leaves one service time later.
 * A request that would wait while queue-bound others are waiting (started after its arrival) is refused at once,
 * "overloaded", failing open or closed, with retry-after until the first of them starts (or the object is free).
 */
public final class ReferenceDurableObjects {

    private static final class DurableObject {
        final ReferenceCounter counter;
        final List<Long> starts = new ArrayList<>();
        long busyUntilNanos = Long.MIN_VALUE;

        DurableObject(ReferenceCounter counter) {
            this.counter = counter;
        }
    }

    /** An object's answer and when its reply leaves. */
    public record Served(StageResult result, long replyNanos) {
    }

    private final TierSettings.DurableObject settings;
    private final AlgorithmSpec algorithm;
    private final RegionMap regions;
    private final Map<String, String> firstRequestHomes = new HashMap<>();
    private final Map<String, DurableObject> objects = new HashMap<>();

    public ReferenceDurableObjects(TierSettings.DurableObject settings, AlgorithmSpec algorithm, RegionMap regions) {
        this.settings = settings;
        this.algorithm = algorithm;
        this.regions = regions;
    }

    /** The object serving {@code key} for a request landing in {@code pop}, and its home. */
    public ObjectRoute route(String key, String pop) {
        return switch (settings.placement().policy()) {
            case FIRST_REQUEST -> new ObjectRoute(key,
                    firstRequestHomes.computeIfAbsent(key, k -> regions.nearestDurableObjectRegion(pop)));
            case FIXED -> new ObjectRoute(key, settings.placement().region());
            case LOCATION_HINT -> new ObjectRoute(key, regions.areaHome(settings.placement().hint()));
            case PER_AREA -> {
                String area = regions.region(pop).area();
                yield new ObjectRoute(key + "@" + area, regions.areaHome(area));
            }
        };
    }

    /** Serves a request of {@code cost} (its key's plan {@code keyPlan}) at the object of {@code route}. */
    public Served serve(ObjectRoute route, String keyPlan, long arrivalNanos, long cost) {
        DurableObject object = objects.computeIfAbsent(route.objectName(),
                k -> new DurableObject(ReferenceCounter.of(algorithm.forPlan(keyPlan))));
        object.starts.removeIf(start -> start <= arrivalNanos);
        long startNanos = Math.max(arrivalNanos, object.busyUntilNanos);
        if (startNanos > arrivalNanos && object.starts.size() >= settings.queueBound()) {
            long freeNanos = object.starts.isEmpty() ? startNanos : object.starts.get(0);
            Decision overloaded = new Decision(false, 0, freeNanos - arrivalNanos, arrivalNanos);
            return new Served(StageResult.failed(settings.failOpen(), overloaded, 0,
                    DurableObjectServer.OVERLOADED_ERROR), arrivalNanos);
        }
        if (startNanos > arrivalNanos) {
            object.starts.add(startNanos);
        }
        object.busyUntilNanos = startNanos + settings.serviceTimeNanos();
        Decision decision = object.counter.tryAcquire(startNanos, cost);
        long replyNanos = startNanos + settings.serviceTimeNanos();
        return new Served(StageResult.of(decision, replyNanos - arrivalNanos), replyNanos);
    }

    /** Objects made so far. */
    public int objectCount() {
        return objects.size();
    }

    public String describe(String objectName) {
        DurableObject object = objects.get(objectName);
        return object == null ? "no object" : object.counter + ", busy until " + object.busyUntilNanos
                + ", waiting to start at " + object.starts;
    }
}
