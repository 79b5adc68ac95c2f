package io.edgesim.engine;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;

import java.util.List;

/**
 * The exact count a limiter is judged against: its reference algorithm and key (by default the last stage's), one
 * global counter per key, zero latency, fed every request the limiter sees in arrival order. An engine judging
 * several limiters can hold all their counts in one {@link ExactReferences}. Not thread-safe.
 */
public final class ExactReference {

    private final ExactReferences reference;

    /** A reference that numbers its keys itself. */
    public ExactReference(LimiterSpec limiter) {
        this(limiter, new KeyIds());
    }

    /** A reference whose keys are numbered by the run's {@code keys} (see {@link #allows(Request, int)}). */
    public ExactReference(LimiterSpec limiter, KeyIds keys) {
        this.reference = new ExactReferences(List.of(limiter), keys);
    }

    /** What the reference keys on. */
    public KeyKind keyKind() {
        return reference.keyKind(0);
    }

    /** Whether the exact count lets {@code request} through; call in arrival order. */
    public boolean allows(Request request) {
        return reference.allows(0, request);
    }

    /**
     * The same, for a caller that numbered the request's key already: {@code keyId} is
     * {@code keys.idOf(keyKind().extract(request), request.plan())} with the {@link KeyIds} given at construction.
     */
    public boolean allows(Request request, int keyId) {
        return reference.allows(0, request, keyId);
    }

    /**
     * The number of the reference window in which {@code request}, just decided by {@link #allows(Request)}, counts
     * ({@link ExactReferences#window}).
     */
    public long window(Request request) {
        return reference.window(0, request);
    }
}
