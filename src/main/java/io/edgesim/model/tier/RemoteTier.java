package io.edgesim.model.tier;

import io.edgesim.model.Seeds;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.remote.ObjectLoad;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.remote.ObjectShards;
import io.edgesim.model.tier.remote.OriginServer;

import java.util.Map;

/**
 * A stage decided away from the request's PoP (Durable Objects, an origin limiter): it routes a key to the object
 * that serves it and that object's home region, and serves a request that reached the home. Both engines call it: the
 * virtual engine holds one per limiter stage, a cluster entity one per object it hosts. The engine adds the network
 * delays around {@link #serve}; arrivals at one object come in nondecreasing time. Not thread-safe.
 */
public interface RemoteTier {

    /**
     * The object serving {@code key} for request number {@code requestId} landing in {@code requestPop}, and its home
     * (may fix a first-request home); {@code keyId} is {@code keys.idOf(key, request.plan())} with the tier's
     * {@link KeyIds}. The request's number picks the object of a key split over several ({@link ObjectShards}).
     */
    ObjectRoute route(String key, int keyId, String requestPop, long requestId);

    /**
     * Serves a request of {@code cost} for key number {@code keyId} that reached the object of {@code route} at
     * {@code arrivalNanos}, answering into {@code into} (its added latency: the time spent at the object); returns
     * when the reply leaves the object.
     */
    long serve(ObjectRoute route, int keyId, long arrivalNanos, long cost, StageVerdict into);

    /**
     * Reads the state that routing and serving a request of key number {@code keyId} start from, changing nothing
     * ({@link PopTier#touch}).
     */
    default long touch(int keyId) {
        return 0;
    }

    /** The error of a request whose reply did not come back within the stage's timeout. */
    String TIMEOUT_ERROR = "timeout";

    /** How long a PoP waits for a reply before the request fails; 0 when it waits for ever. */
    long timeoutNanos();

    /**
     * Answers into {@code into} for a request that left its PoP at {@code departedNanos} and whose reply did not come
     * back within {@link #timeoutNanos()} (lost, or late): failed, open or closed as the stage says, its added
     * latency the timeout.
     */
    void timedOut(long departedNanos, StageVerdict into);

    /** Billable operations so far (none for an origin: Cloudflare does not bill it). */
    Usage usage();

    /** Statistics for the report ("objects" -> Durable Objects created); empty when there is nothing to say. */
    Map<String, Long> stats();

    /** The objects that were asked more than one object serves ({@link ObjectLoad#hot()}); none for an origin. */
    default HotObjects hotObjects() {
        return HotObjects.NONE;
    }

    /**
     * The tier of remote stage {@code stage} (durable-object or origin), numbering keys with {@code keys}, in a
     * run with {@code faults} (objects that keep their state in memory lose it when their home goes down), drawing
     * service times by keys mixed from {@code drawSeed} ({@link #drawSeed}; any value for a tier that only routes).
     *
     * @throws IllegalArgumentException for an in-PoP stage
     */
    static RemoteTier of(StageSpec stage, RegionMap regions, KeyIds keys, FaultTimeline faults, long drawSeed) {
        if (stage.tier() instanceof TierSettings.DurableObject settings) {
            return new DurableObjectNamespace(settings, stage.algorithm(), regions, keys, faults, drawSeed);
        }
        if (stage.tier() instanceof TierSettings.Origin settings) {
            return new OriginServer(stage.algorithm(), settings, keys, drawSeed);
        }
        throw new IllegalArgumentException(stage.kind().configName() + " is not a remote tier");
    }

    /**
     * The seed of the service-time draws of stage {@code stage} of limiter {@code limiter} (indexes in the scenario)
     * in a run of seed {@code seed}: both engines derive it alike, so an object draws the same service times in each.
     */
    static long drawSeed(long seed, int limiter, int stage) {
        return Seeds.derive(seed, "service-time", limiter, stage);
    }

    /** {@link #timeoutNanos()} of a remote stage's settings (durable-object or origin); 0 for none. */
    static long timeoutNanos(TierSettings tier) {
        if (tier instanceof TierSettings.DurableObject d) {
            return d.timeoutNanos();
        }
        if (tier instanceof TierSettings.Origin o) {
            return o.timeoutNanos();
        }
        throw new IllegalArgumentException(tier.kind().configName() + " is not a remote tier");
    }

    /** {@link #timedOut} for a remote stage of settings {@code tier}. */
    static void timedOut(TierSettings tier, long departedNanos, StageVerdict into) {
        boolean failOpen = tier instanceof TierSettings.DurableObject d ? d.failOpen()
                : ((TierSettings.Origin) tier).failOpen();
        into.failed(failOpen, new Decision(false, 0, 0, departedNanos), timeoutNanos(tier), TIMEOUT_ERROR);
    }
}
