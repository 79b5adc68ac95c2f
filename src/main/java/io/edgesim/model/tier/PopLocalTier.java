package io.edgesim.model.tier;

/**
 * An in-PoP tier whose state changes only with the requests of its own PoP (no store shared with other PoPs). An
 * engine may therefore decide one PoP's requests before another's, each PoP's in time order, and get the same
 * decisions as in arrival order across PoPs: the virtual-time engine does so to keep one PoP's counters in the
 * processor's caches at a time. Isolate, cache and binding tiers are such tiers; KV (one store for every PoP) is not.
 * The WAF rule keeps per-PoP state too, but is not marked as such yet (not checked against arrival order).
 */
public interface PopLocalTier extends PopTier {
}
