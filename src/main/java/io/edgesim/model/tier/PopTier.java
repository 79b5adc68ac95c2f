package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.key.KeyIds;

/**
 * The state of one in-PoP stage (isolate, cache, kv, binding, waf) of one limiter in one PoP. The owner (event loop
 * or PoP actor) calls it with requests in nondecreasing time order; effects that land later (write-behind, syncs,
 * counter-update delays, evictions) are applied lazily when a later call passes their time.
 */
public interface PopTier {

    /** Decides {@code request} under {@code key} at {@code nowNanos}, the request's arrival at this stage. */
    StageResult decide(Request request, String key, long nowNanos);

    /**
     * The same decision, for a caller that numbered the key already: {@code keyId} is
     * {@code keys.idOf(key, request.plan())} with the {@link KeyIds} the tier was built with
     * ({@link LocalTierFactory#keys()}), so the tier skips hashing the string. Tiers that keep per-key state
     * override it; the two methods share that state.
     */
    default StageResult decide(Request request, String key, int keyId, long nowNanos) {
        return decide(request, key, nowNanos);
    }

    /**
     * The same decision, answered into {@code into} (a caller's holder, reused from request to request): a tier that
     * overrides it makes no object for the answer.
     */
    default void decide(Request request, String key, int keyId, long nowNanos, StageVerdict into) {
        into.of(decide(request, key, keyId, nowNanos));
    }
}
