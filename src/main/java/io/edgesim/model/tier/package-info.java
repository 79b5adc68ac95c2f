/**
 * The tiers where a counter can live (isolate, cache, KV, binding, WAF, Durable Object, origin) and their settings.
 * A tier's model says what happens and when ("read at t, write lands at t + d", "the object serves this at t' and
 * the reply leaves then"); engines only deliver requests to it in time order and carry replies. This package holds
 * what a limiter is ({@link io.edgesim.model.tier.LimiterSpec}, a chain of {@link io.edgesim.model.tier.StageSpec}s
 * with their {@link io.edgesim.model.tier.TierSettings}), the chain rule ({@link io.edgesim.model.tier.ChainProgress})
 * and its bill ({@link io.edgesim.model.tier.ChainBilling}), and the two kinds of tier: in the PoP
 * ({@link io.edgesim.model.tier.PopTier}, implemented in {@code local}) and away from it
 * ({@link io.edgesim.model.tier.RemoteTier}, implemented in {@code remote}).
 */
package io.edgesim.model.tier;
