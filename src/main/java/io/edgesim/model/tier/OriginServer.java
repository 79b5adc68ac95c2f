package io.edgesim.model.tier;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;

import java.util.HashMap;
import java.util.Map;

/**
 * An exact limiter at the origin, in one region: one counter per key, decided at arrival, no queue (the origin is
 * taken to serve requests in parallel). The reply leaves {@code serviceTimeNanos} after the arrival; a rejection costs
 * the same trip as an acceptance (the request went to the origin anyway). Origin requests are not billed by
 * Cloudflare. Arrivals for one key must come in nondecreasing order.
 */
public final class OriginServer {

    private final AlgorithmSpec algorithm;
    private final String region;
    private final long serviceTimeNanos;
    private final Map<String, RateCounter> counters = new HashMap<>();

    /** @param settings the origin's region and per-decision service time (at least 0) */
    public OriginServer(AlgorithmSpec algorithm, TierSettings.Origin settings) {
        if (settings.serviceTimeNanos() < 0) {
            throw new IllegalArgumentException("origin service time must not be negative");
        }
        this.algorithm = algorithm;
        this.region = settings.region();
        this.serviceTimeNanos = settings.serviceTimeNanos();
    }

    /** Where a request for {@code key} goes: the key's counter at the origin region. */
    public ObjectRoute route(String key) {
        return new ObjectRoute(key, region);
    }

    /** Decides a request of {@code cost} for {@code key} arriving at {@code arrivalNanos}. */
    public ServeResult serve(String key, long arrivalNanos, long cost) {
        Decision decision = counters.computeIfAbsent(key, k -> algorithm.newCounter()).tryAcquire(arrivalNanos, cost);
        long replyNanos = arrivalNanos + serviceTimeNanos;
        return new ServeResult(StageResult.of(decision, serviceTimeNanos), arrivalNanos, replyNanos);
    }

    public String region() {
        return region;
    }
}
