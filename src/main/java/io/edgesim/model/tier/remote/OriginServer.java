package io.edgesim.model.tier.remote;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.local.KeyCounters;

import java.util.Map;

/**
 * An exact limiter at the origin, in one region: one counter per key, decided at arrival, no queue (the origin is
 * taken to serve requests in parallel). The reply leaves one service time after the arrival (with a p99 above the
 * median, drawn by the key and the arrival time); a rejection costs
 * the same trip as an acceptance (the request went to the origin anyway). Origin requests are not billed by
 * Cloudflare. Arrivals for one key must come in nondecreasing order.
 */
public final class OriginServer implements RemoteTier {

    private final KeyCounters counters;
    private final String region;
    private final LatencyTail serviceTime;
    private final long drawSeed;
    private final TierSettings.Origin settings;

    /**
     * @param settings the origin's region and per-decision service time (at least 0)
     * @param keys     the run's numbering of keys
     * @param drawSeed mixed into the keys of its service-time draws
     */
    public OriginServer(AlgorithmSpec algorithm, TierSettings.Origin settings, KeyIds keys, long drawSeed) {
        this.drawSeed = drawSeed;
        if (settings.serviceTimeNanos() < 0) {
            throw new IllegalArgumentException("origin service time must not be negative");
        }
        this.counters = KeyCounters.dense(algorithm, keys);
        this.region = settings.region();
        this.serviceTime = settings.serviceTime();
        this.settings = settings;
    }

    @Override
    public long timeoutNanos() {
        return settings.timeoutNanos();
    }

    @Override
    public void timedOut(long departedNanos, StageVerdict into) {
        RemoteTier.timedOut(settings, departedNanos, into);
    }

    /** Where a request for {@code key} goes: the key's counter at the origin region. */
    @Override
    public ObjectRoute route(String key, int keyId, String requestPop, long requestId) {
        return new ObjectRoute(key, region);
    }

    /** {@inheritDoc} The key's counter decides at arrival; the reply leaves one service time later. */
    @Override
    public long serve(ObjectRoute route, int keyId, long arrivalNanos, long cost, StageVerdict into) {
        // keyed by the key itself (not its number, which each engine gives differently) and the arrival
        long serviceTimeNanos = serviceTime.atKey(
                drawSeed + arrivalNanos * 0x9e3779b97f4a7c15L + route.objectName().hashCode());
        into.of(counters.tryAcquire(keyId, arrivalNanos, cost), serviceTimeNanos);
        return arrivalNanos + serviceTimeNanos;
    }

    @Override
    public Usage usage() {
        return Usage.NONE;
    }

    @Override
    public Map<String, Long> stats() {
        return Map.of();
    }
}
