/**
 * The in-PoP tiers, decided where the request lands: isolate counters ({@link io.edgesim.model.tier.local.IsolatePool}),
 * the Cache API ({@link io.edgesim.model.tier.local.WriteBehindCache}), Workers KV
 * ({@link io.edgesim.model.tier.local.KvStore} and {@link io.edgesim.model.tier.local.KvEdge}), the Rate Limiting
 * binding ({@link io.edgesim.model.tier.local.BindingStore} and {@link io.edgesim.model.tier.local.BindingPop}), WAF
 * rate limiting rules ({@link io.edgesim.model.tier.local.WafRule}), and the per-key counter rows they keep
 * ({@link io.edgesim.model.tier.local.KeyCounters}, {@link io.edgesim.model.tier.local.CounterCells}). Each is a
 * {@link io.edgesim.model.tier.PopTier}, built by {@link io.edgesim.model.tier.LocalTierFactory}.
 */
package io.edgesim.model.tier.local;
