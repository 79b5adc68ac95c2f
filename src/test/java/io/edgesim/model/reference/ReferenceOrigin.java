package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.tier.TierSettings;

/**
 * An origin limiter, plainly (docs/model.md, "origin"): one counter per key at the origin, decided at arrival; the
 * reply leaves one service time later, accepted or not.
 */
public final class ReferenceOrigin {

    private final TierSettings.Origin settings;
    private final ReferenceCounters counters;

    public ReferenceOrigin(TierSettings.Origin settings, AlgorithmSpec algorithm) {
        this.settings = settings;
        this.counters = new ReferenceCounters(algorithm);
    }

    /** The answer to a request of {@code cost} for {@code key} (plan {@code keyPlan}) reaching the origin. */
    public StageResult serve(String key, String keyPlan, long arrivalNanos, long cost) {
        return StageResult.of(counters.tryAcquire(key, keyPlan, arrivalNanos, cost), settings.serviceTimeNanos());
    }

    /** When the reply to a request arriving at {@code arrivalNanos} leaves. */
    public long replyNanos(long arrivalNanos) {
        return arrivalNanos + settings.serviceTimeNanos();
    }

    public String describe(String key) {
        return counters.describe(key);
    }
}
