package io.edgesim.model.tier;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;

/**
 * An exact limiter at the origin, in one region: one counter per key, decided at arrival, no queue (the origin is
 * taken to serve requests in parallel). The reply leaves {@code serviceTimeNanos} after the arrival; a rejection costs
 * the same trip as an acceptance (the request went to the origin anyway). Origin requests are not billed by
 * Cloudflare. Arrivals for one key must come in nondecreasing order.
 */
public final class OriginServer {

    private final KeyCounters counters;
    private final String region;
    private final long serviceTimeNanos;
    private final KeyIds keys;

    /** @param settings the origin's region and per-decision service time (at least 0) */
    public OriginServer(AlgorithmSpec algorithm, TierSettings.Origin settings) {
        this(algorithm, settings, new KeyIds());
    }

    /** The same, numbering keys with the run's {@code keys} (see {@link #serve(int, long, long)}). */
    public OriginServer(AlgorithmSpec algorithm, TierSettings.Origin settings, KeyIds keys) {
        if (settings.serviceTimeNanos() < 0) {
            throw new IllegalArgumentException("origin service time must not be negative");
        }
        this.counters = KeyCounters.dense(algorithm, keys);
        this.keys = keys;
        this.region = settings.region();
        this.serviceTimeNanos = settings.serviceTimeNanos();
    }

    /** Where a request for {@code key} goes: the key's counter at the origin region. */
    public ObjectRoute route(String key) {
        return new ObjectRoute(key, region);
    }

    /**
     * Decides a request of {@code cost} for {@code key} arriving at {@code arrivalNanos}; a key this numbers gets no
     * plan (serve by number a key numbered with its plan).
     */
    public ServeResult serve(String key, long arrivalNanos, long cost) {
        return serve(keys.idOf(key, null), arrivalNanos, cost);
    }

    /** The same for the key numbered {@code keyId} with the {@link KeyIds} given at construction. */
    public ServeResult serve(int keyId, long arrivalNanos, long cost) {
        StageVerdict verdict = new StageVerdict();
        long replyNanos = serve(keyId, arrivalNanos, cost, verdict);
        return new ServeResult(verdict.result(), arrivalNanos, replyNanos);
    }

    /**
     * The same, answered into {@code into} (a caller's holder, reused from request to request; no object is made
     * for the answer); returns when the reply leaves the origin.
     */
    public long serve(int keyId, long arrivalNanos, long cost, StageVerdict into) {
        into.of(counters.tryAcquire(keyId, arrivalNanos, cost), serviceTimeNanos);
        return arrivalNanos + serviceTimeNanos;
    }

    public String region() {
        return region;
    }
}
