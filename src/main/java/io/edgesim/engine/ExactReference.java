package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.tier.LimiterSpec;

/**
 * The exact count a limiter is judged against: its reference algorithm and key (by default the last stage's), one
 * global counter per key, zero latency, fed every request the limiter sees in arrival order.
 * Not thread-safe.
 */
public final class ExactReference {

    private final CounterFactory counterFactory;
    private final KeyKind key;
    private final KeyIds keys;
    private final KeyArray<RateCounter> counters = new KeyArray<>();

    /** A reference that numbers its keys itself. */
    public ExactReference(LimiterSpec limiter) {
        this(limiter, new KeyIds());
    }

    /** A reference whose keys are numbered by the run's {@code keys} (see {@link #allows(Request, int)}). */
    public ExactReference(LimiterSpec limiter, KeyIds keys) {
        this.counterFactory = new CounterFactory(limiter.reference());
        this.key = limiter.referenceKey();
        this.keys = keys;
    }

    /** What the reference keys on. */
    public KeyKind keyKind() {
        return key;
    }

    /** Whether the exact count lets {@code request} through; call in arrival order. */
    public boolean allows(Request request) {
        return allows(request, keys.idOf(key.extract(request)));
    }

    /**
     * The same, for a caller that numbered the request's key already: {@code keyId} is
     * {@code keys.idOf(keyKind().extract(request))} with the {@link KeyIds} given at construction.
     */
    public boolean allows(Request request, int keyId) {
        RateCounter counter = counters.get(keyId);
        if (counter == null) {
            counter = counterFactory.newCounter();
            counters.put(keyId, counter);
        }
        return counter.tryAcquire(request.timeNanos(), request.cost()).allowed();
    }
}
