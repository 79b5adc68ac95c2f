package io.edgesim.model.reference;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;

import java.util.HashMap;
import java.util.Map;

/** One plain counter per key, made fresh on the key's first request with its plan's numbers. */
public final class ReferenceCounters {

    private final AlgorithmSpec algorithm;
    private final Map<String, ReferenceCounter> byKey = new HashMap<>();

    public ReferenceCounters(AlgorithmSpec algorithm) {
        this.algorithm = algorithm;
    }

    /** Decides a request of {@code cost} at {@code nowNanos} for {@code key}, whose plan is {@code keyPlan}. */
    public Decision tryAcquire(String key, String keyPlan, long nowNanos, long cost) {
        return byKey.computeIfAbsent(key, k -> ReferenceCounter.of(algorithm.forPlan(keyPlan)))
                .tryAcquire(nowNanos, cost);
    }

    /** Forgets every key. */
    public void clear() {
        byKey.clear();
    }

    /** What is known of {@code key}, for a failure message. */
    public String describe(String key) {
        return String.valueOf(byKey.get(key));
    }
}
