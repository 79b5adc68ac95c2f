package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.remote.DurableObjectServer;
import io.edgesim.model.tier.remote.ObjectLoad;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Durable Objects of one stage, plainly (docs/model.md, "durable-object"). Placement: first-request homes a key
 * at the Durable-Object-capable region nearest the PoP of its first request, for good; fixed and location-hint name
 * one home; per-area makes one object per key and area ({@code key@area}) at the area's home. With N shards, request
 * number r goes to object {@code key#n}, n = SplitMix64's r + 1-th output modulo N, placed as above as an object of
 * its own, counting the limit (burst) divided by N rounded up and the rate divided by N. Each object is made on
 * its first request with its key's plan, and serves one request at a time in arrival order: a request arriving at a
 * starts at max(a, the end of the previous service), is decided then, and its reply leaves one service time later.
 * A request that would wait while queue-bound others are waiting (started after its arrival) is refused at once,
 * "overloaded", failing open or closed, with retry-after until the first of them starts (or the object is free).
 * Each object's load: requests, overloaded, queued (started after arrival), the longest wait, and arrivals per whole
 * second; it is hot when it refused one as overloaded or a second brought more than served x 1 s / busy time.
 */
public final class ReferenceDurableObjects {

    private static final class DurableObject {
        final ReferenceCounter counter;
        final List<Long> starts = new ArrayList<>();
        long busyUntilNanos = Long.MIN_VALUE;
        long requests;
        long overloaded;
        long queued;
        long maxWaitNanos;
        long activeNanos;
        final Map<Long, Long> arrivalsBySecond = new HashMap<>();

        DurableObject(ReferenceCounter counter) {
            this.counter = counter;
        }
    }

    /** An object's answer and when its reply leaves. */
    public record Served(StageResult result, long replyNanos) {
    }

    private static final long SECOND = 1_000_000_000L;

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

    /** The object serving {@code key} for request number {@code requestId} landing in {@code pop}, and its home. */
    public ObjectRoute route(String key, String pop, long requestId) {
        if (settings.shards() > 1) {
            key = key + "#" + shard(requestId, settings.shards());
        }
        String name = key;
        return switch (settings.placement().policy()) {
            case FIRST_REQUEST -> new ObjectRoute(name,
                    firstRequestHomes.computeIfAbsent(name, k -> regions.nearestDurableObjectRegion(pop)));
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
                k -> new DurableObject(ReferenceCounter.of(share(algorithm.forPlan(keyPlan)))));
        object.requests++;
        object.arrivalsBySecond.merge(Math.floorDiv(arrivalNanos, SECOND), 1L, Long::sum);
        object.starts.removeIf(start -> start <= arrivalNanos);
        long startNanos = Math.max(arrivalNanos, object.busyUntilNanos);
        if (startNanos > arrivalNanos && object.starts.size() >= settings.queueBound()) {
            object.overloaded++;
            long freeNanos = object.starts.isEmpty() ? startNanos : object.starts.get(0);
            Decision overloaded = new Decision(false, 0, freeNanos - arrivalNanos, arrivalNanos);
            return new Served(StageResult.failed(settings.failOpen(), overloaded, 0,
                    DurableObjectServer.OVERLOADED_ERROR), arrivalNanos);
        }
        if (startNanos > arrivalNanos) {
            object.starts.add(startNanos);
            object.queued++;
            object.maxWaitNanos = Math.max(object.maxWaitNanos, startNanos - arrivalNanos);
        }
        object.activeNanos += settings.serviceTimeNanos();
        object.busyUntilNanos = startNanos + settings.serviceTimeNanos();
        Decision decision = object.counter.tryAcquire(startNanos, cost);
        long replyNanos = startNanos + settings.serviceTimeNanos();
        return new Served(StageResult.of(decision, replyNanos - arrivalNanos), replyNanos);
    }

    /** Objects made so far. */
    public int objectCount() {
        return objects.size();
    }

    /**
     * The hot objects, hottest first (most arrivals in one second, then most overloaded, then by name), at most
     * {@code kept}; and how many there are, as "count [loads]".
     */
    public String hotObjects(int kept) {
        List<ObjectLoad> hot = new ArrayList<>();
        objects.forEach((name, o) -> {
            long busiest = o.arrivalsBySecond.values().stream().mapToLong(Long::longValue).max().orElse(0);
            long served = o.requests - o.overloaded;
            long capacity = o.activeNanos == 0 ? Long.MAX_VALUE : (long) (served * (double) SECOND / o.activeNanos);
            if (o.overloaded > 0 || busiest > capacity) {
                hot.add(new ObjectLoad(name, o.requests, o.overloaded, o.queued, o.maxWaitNanos, busiest, served,
                        o.activeNanos));
            }
        });
        hot.sort(Comparator.comparingLong(ObjectLoad::busiestSecond).reversed()
                .thenComparing(Comparator.comparingLong(ObjectLoad::overloaded).reversed())
                .thenComparing(ObjectLoad::name));
        return hot.size() + " " + hot.subList(0, Math.min(kept, hot.size()));
    }

    // SplitMix64: the r + 1-th output of the generator seeded with 0
    private static int shard(long requestId, int shards) {
        long z = (requestId + 1) * 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z = z ^ (z >>> 31);
        return (int) Long.remainderUnsigned(z, shards);
    }

    // what one object of a sharded key counts with
    private AlgorithmSpec share(AlgorithmSpec plan) {
        int n = settings.shards();
        if (n == 1) {
            return plan;
        }
        if (plan.kind().windowed()) {
            return AlgorithmSpec.windowed(plan.kind(), (plan.limit() + n - 1) / n, plan.windowNanos())
                    .withAnchor(plan.anchor()).withCount(plan.count());
        }
        return AlgorithmSpec.rated(plan.kind(), plan.ratePerSecond() / n, (plan.burst() + n - 1) / n);
    }

    public String describe(String objectName) {
        DurableObject object = objects.get(objectName);
        return object == null ? "no object" : object.counter + ", busy until " + object.busyUntilNanos
                + ", waiting to start at " + object.starts;
    }
}
