package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;

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
     * {@code keyId} at {@code nowNanos}; the two share the tier's state.
     */
    StageResult decide(int keyId, long nowNanos, int cost);

    @Override
    default StageResult decide(Request request, String key, int keyId, long nowNanos) {
        return decide(keyId, nowNanos, request.cost());
    }
}
