package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;

/**
 * An in-PoP tier whose state changes only with the requests of its own PoP (no store shared with other PoPs) and
 * whose decision reads nothing of a request but its key and cost. An engine may therefore decide one PoP's requests
 * before another's, each PoP's in time order, and get the same decisions as in arrival order across PoPs: the
 * virtual-time engine does so to keep one PoP's counters in the processor's caches at a time. Isolate, cache and
 * binding tiers are such tiers; KV (one store for every PoP) is not. The WAF rule keeps per-PoP state too, but is
 * not marked as such yet (not checked against arrival order).
 */
public interface PopLocalTier extends PopTier {

    /**
     * The same decision as {@link #decide(Request, String, int, long)} for a request of {@code cost} under key number
     * {@code keyId} at {@code nowNanos}, answered into {@code into}; the two share the tier's state.
     */
    void decide(int keyId, long nowNanos, int cost, StageVerdict into);

    /** The same, answered as a new {@link StageResult}. */
    default StageResult decide(int keyId, long nowNanos, int cost) {
        StageVerdict verdict = new StageVerdict();
        decide(keyId, nowNanos, cost, verdict);
        return verdict.result();
    }

    @Override
    default StageResult decide(Request request, String key, int keyId, long nowNanos) {
        return decide(keyId, nowNanos, request.cost());
    }

    @Override
    default void decide(Request request, String key, int keyId, long nowNanos, StageVerdict into) {
        decide(keyId, nowNanos, request.cost(), into);
    }
}
