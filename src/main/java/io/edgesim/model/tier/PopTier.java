package io.edgesim.model.tier;

import io.edgesim.model.Request;
import io.edgesim.model.StageResult;

/**
 * The state of one in-PoP stage (isolate, cache, kv, binding, waf) of one limiter in one PoP. The owner (event loop
 * or PoP actor) calls it with requests in nondecreasing time order; effects that land later (write-behind, syncs,
 * counter-update delays, evictions) are applied lazily when a later call passes their time.
 */
public interface PopTier {

    /** Decides {@code request} under {@code key} at {@code nowNanos}, the request's arrival at this stage. */
    StageResult decide(Request request, String key, long nowNanos);
}
