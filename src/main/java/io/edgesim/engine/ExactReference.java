package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;

import java.util.HashMap;
import java.util.Map;

/**
 * The exact count a limiter is judged against: its reference algorithm and key (by default the last stage's), one
 * global counter per key, zero latency, fed every request the limiter sees in arrival order.
 * Not thread-safe.
 */
public final class ExactReference {

    private final AlgorithmSpec algorithm;
    private final KeyKind key;
    private final Map<String, RateCounter> counters = new HashMap<>();

    public ExactReference(LimiterSpec limiter) {
        this.algorithm = limiter.reference();
        this.key = limiter.referenceKey();
    }

    /** Whether the exact count lets {@code request} through; call in arrival order. */
    public boolean allows(Request request) {
        return counters.computeIfAbsent(key.extract(request), k -> algorithm.newCounter())
                .tryAcquire(request.timeNanos(), request.cost()).allowed();
    }
}
