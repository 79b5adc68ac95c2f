package io.edgesim.model.tier;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.key.KeyIds;

/**
 * The state of one in-PoP stage (isolate, cache, kv, binding, waf) of one limiter in one PoP. The owner (event loop
 * or PoP actor) calls it with requests in nondecreasing time order; effects that land later (write-behind, syncs,
 * counter-update delays, evictions) are applied lazily when a later call passes their time.
 */
public interface PopTier {

    /**
     * Decides a request of {@code cost} tokens under key number {@code keyId} at {@code nowNanos}, the request's
     * arrival at this stage, and answers into {@code into} (the caller's holder, reused from request to request).
     * {@code keyId} is {@code keys.idOf(key, request.plan())} with the {@link KeyIds} the tier was built with
     * ({@link LocalTierFactory#keys()}); the key's plan is read from there.
     */
    void decide(int keyId, long nowNanos, int cost, StageVerdict into);

    /**
     * Reads the state that deciding a request of key number {@code keyId} starts from, changing nothing, and returns
     * anything read from it. An engine that knows its next requests may read their states in one short loop before
     * deciding them, so that the processor fetches them from memory together rather than one after the other.
     */
    default long touch(int keyId) {
        return 0;
    }
}
