package io.edgesim.model.tier;

import io.edgesim.model.Seeds;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.local.BindingPop;
import io.edgesim.model.tier.local.BindingStore;
import io.edgesim.model.tier.local.IsolatePool;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.local.KvStore;
import io.edgesim.model.tier.local.WafPlan;
import io.edgesim.model.tier.local.WafRule;
import io.edgesim.model.tier.local.WriteBehindCache;
import io.edgesim.model.tier.remote.DurableObjectNamespace;
import io.edgesim.model.tier.remote.OriginServer;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Builds the in-PoP stages (isolate, cache, kv, binding, waf) of a run and keeps what they share: one
 * {@link KvStore} per limiter stage (every PoP reads and writes it) and one {@link BindingStore} per binding
 * namespace per PoP (every binding stage with that namespace in that PoP counts in it; a binding without a namespace
 * gets its own, named after its limiter and stage). Each stage instance draws from
 * {@code Seeds.random(seed, "tier", limiterName, stageIndex, pop)}, so runs with the same seed are identical in
 * both engines. Creating the same (limiter, stage, PoP) twice returns the same instance.
 *
 * <p>For the PoPs of one process, or of one host of the cluster engine (which calls these tiers under one lock). Not
 * thread-safe.
 */
public final class LocalTierFactory {

    private final long seed;
    private final RegionMap regions;
    private final KeyIds keys;
    private final FaultTimeline faults;
    private final Map<StageId, Map<String, PopTier>> tiers = new LinkedHashMap<>();
    private final Map<StageId, KvStore> kvStores = new HashMap<>();
    private final Map<BindingId, BindingStore> bindingStores = new HashMap<>();

    /**
     * @param seed    the run's seed
     * @param regions the PoPs a stage may be created in
     * @param keys    the run's numbering of keys, which every tier uses: a caller numbers each request's key once
     *                and hands the number to {@link PopTier#decide}
     * @param faults  the run's faults (a KV stage fails while KV is down)
     */
    public LocalTierFactory(long seed, RegionMap regions, KeyIds keys, FaultTimeline faults) {
        this.seed = seed;
        this.regions = regions;
        this.keys = keys;
        this.faults = faults;
    }

    /** The numbering of keys every tier of this factory uses. */
    public KeyIds keys() {
        return keys;
    }

    /**
     * The state of stage {@code stageIndex} of limiter {@code limiterName} in {@code pop}.
     *
     * @throws IllegalArgumentException for durable-object and origin stages (remote: see
     *                                  {@link DurableObjectNamespace}, {@link OriginServer}), an unknown PoP, or
     *                                  settings the tier refuses
     */
    public PopTier create(String limiterName, int stageIndex, StageSpec stage, String pop) {
        if (stage.kind().remote()) {
            throw new IllegalArgumentException(stage.kind().configName() + " is not an in-PoP tier");
        }
        if (!regions.contains(pop)) {
            throw new IllegalArgumentException("unknown PoP '" + pop + "'");
        }
        StageId id = new StageId(limiterName, stageIndex);
        Map<String, PopTier> byPop = tiers.computeIfAbsent(id, k -> new LinkedHashMap<>());
        PopTier existing = byPop.get(pop);
        if (existing != null) {
            return existing;
        }
        PopTier tier = build(id, stage, pop, Seeds.random(seed, "tier", limiterName, stageIndex, pop));
        byPop.put(pop, tier);
        return tier;
    }

    /** Billable operations of one stage over all PoPs so far (KV reads and writes; nothing for the others). */
    public Usage usage(String limiterName, int stageIndex) {
        StageId id = new StageId(limiterName, stageIndex);
        KvStore store = kvStores.get(id);
        Usage total = store == null ? Usage.NONE : store.usage();
        for (PopTier tier : tiersOf(id).values()) {
            if (tier instanceof KvEdge edge) {
                total = total.plus(edge.usage());
            }
        }
        return total;
    }

    /**
     * What a stage did over all PoPs so far, for reports: WAF {@code worker_invocations_saved} (blocked requests that
     * never ran the Worker), isolate {@code isolate_evictions}, KV {@code kv_refused_writes} (writes over the
     * per-key rate), binding {@code max_admissions_between_syncs} (the most one machine admitted for a key between
     * two syncs, in any PoP). Empty for cache.
     */
    public Map<String, Long> stats(String limiterName, int stageIndex) {
        StageId id = new StageId(limiterName, stageIndex);
        long saved = 0;
        long evictions = 0;
        long maxBetweenSyncs = 0;
        Map<String, Long> stats = new LinkedHashMap<>();
        for (PopTier tier : tiersOf(id).values()) {
            if (tier instanceof WafRule rule) {
                saved += rule.workerInvocationsSaved();
                stats.put("worker_invocations_saved", saved);
            } else if (tier instanceof IsolatePool pool) {
                evictions += pool.evictions();
                stats.put("isolate_evictions", evictions);
            } else if (tier instanceof BindingPop binding) {
                maxBetweenSyncs = Math.max(maxBetweenSyncs, binding.maxAdmissionsBetweenSyncs());
                stats.put("max_admissions_between_syncs", maxBetweenSyncs);
            }
        }
        KvStore store = kvStores.get(id);
        if (store != null) {
            stats.put("kv_refused_writes", store.refusedWrites());
        }
        return stats;
    }

    private PopTier build(StageId id, StageSpec stage, String pop, RandomGenerator random) {
        TierSettings settings = stage.tier();
        return switch (stage.kind()) {
            case ISOLATE -> new IsolatePool((TierSettings.Isolate) settings, stage.algorithm(), random, keys);
            case CACHE -> new WriteBehindCache((TierSettings.Cache) settings, stage.algorithm(), keys);
            case KV -> {
                TierSettings.Kv kv = (TierSettings.Kv) settings;
                KvStore store = kvStores.computeIfAbsent(id, k -> new KvStore(kv, stage.algorithm(), keys));
                yield new KvEdge(kv, stage.algorithm(), store, random, keys, faults);
            }
            case BINDING -> {
                TierSettings.Binding binding = (TierSettings.Binding) settings;
                boolean own = binding.namespace() == null || binding.namespace().isBlank();
                String namespace = own ? id.limiterName() + "/" + id.stageIndex() : binding.namespace();
                // a stage without a namespace has counters of its own, even if another names its label as one
                BindingStore store = bindingStores.computeIfAbsent(new BindingId(namespace, own, pop),
                        k -> new BindingStore(namespace, stage.algorithm().windowNanos(), keys));
                yield new BindingPop(binding, stage.algorithm(), store, random);
            }
            case WAF -> {
                TierSettings.Waf waf = (TierSettings.Waf) settings;
                String problem = WafPlan.parse(waf.plan()).characteristicProblem(stage.key());
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
                yield new WafRule(waf, stage.algorithm(), keys);
            }
            case DURABLE_OBJECT, ORIGIN -> throw new IllegalArgumentException(
                    stage.kind().configName() + " is not an in-PoP tier");
        };
    }

    private Map<String, PopTier> tiersOf(StageId id) {
        return tiers.getOrDefault(id, Map.of());
    }

    /** One stage of one limiter. */
    private record StageId(String limiterName, int stageIndex) {
    }

    /** One binding namespace in one PoP. */
    private record BindingId(String namespace, boolean own, String pop) {
    }
}
