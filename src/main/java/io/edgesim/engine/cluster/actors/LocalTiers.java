package io.edgesim.engine.cluster.actors;

import io.edgesim.model.Request;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.tier.LocalTierFactory;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.scenario.Scenario;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The in-PoP stages (isolate, cache, KV, binding, WAF) of the PoPs of one host (a member, in the coordinator's process
 * or a node process), built by the model's {@link LocalTierFactory} when the host prepares the run, so bad settings
 * fail before any request does. The PoP actors call them through {@link #decide}, which numbers the request's key in
 * the factory's {@link KeyIds} (under the lock: the numbering is not thread-safe) and hands the number to the tier.
 *
 * <p>One factory per host, called under one lock: a KV stage's {@link io.edgesim.model.tier.local.KvStore} is one
 * object every PoP reads and writes synchronously (the model's semantics: the PoP's copy, the store's write rate and
 * last-write-wins), and the factory's tiers may share other state. That holds only when every PoP of the run is on
 * one host, so a scenario with a KV stage runs on one member and not on node processes; sharing it across hosts would
 * need the KV store behind an actor on one member, with the PoP's read and write as messages carrying a copy of the
 * counter's state (the store's read and write copy a {@code CounterCells} cell today, in the caller's memory). The
 * lock costs little: a decision takes microseconds.
 */
public final class LocalTiers {

    private final List<LimiterSpec> limiters;
    private final LocalTierFactory factory;
    // [pop][limiter][stage], null for remote stages
    private final PopTier[][][] tiers;

    /**
     * The in-PoP stages of {@code scenario}'s limiters in the PoPs {@code hosted} (the host's PoPs of the scenario;
     * the others get none), in a run with {@code faults} (a KV stage fails in an outage).
     */
    public LocalTiers(Scenario scenario, FaultTimeline faults, Collection<String> hosted) {
        this.limiters = scenario.limiters();
        this.factory = new LocalTierFactory(scenario.seed(), scenario.regions(), new KeyIds(), faults);
        List<String> pops = scenario.pops();
        this.tiers = new PopTier[pops.size()][limiters.size()][];
        for (int p = 0; p < pops.size(); p++) {
            if (!hosted.contains(pops.get(p))) {
                continue;
            }
            for (int l = 0; l < limiters.size(); l++) {
                LimiterSpec limiter = limiters.get(l);
                tiers[p][l] = new PopTier[limiter.stages().size()];
                for (int s = 0; s < limiter.stages().size(); s++) {
                    StageSpec stage = limiter.stages().get(s);
                    if (!stage.kind().remote()) {
                        tiers[p][l][s] = factory.create(limiter.name(), s, stage, pops.get(p));
                    }
                }
            }
        }
    }

    /**
     * Decides {@code request} under {@code key} at in-PoP stage {@code stage} of limiter {@code limiter} in the PoP
     * with index {@code pop} (in the scenario's PoPs), at {@code nowNanos}, answering into {@code into}; calls for one
     * PoP come in nondecreasing time.
     */
    synchronized void decide(int pop, int limiter, int stage, Request request, String key, long nowNanos,
                             StageVerdict into) {
        int keyId = factory.keys().idOf(key, request.plan());
        tiers[pop][limiter][stage].decide(keyId, nowNanos, request.cost(), into);
    }

    /** Billable operations of in-PoP stage {@code stage} of limiter {@code limiter}, over all PoPs. */
    public synchronized Usage usage(int limiter, int stage) {
        return factory.usage(limiters.get(limiter).name(), stage);
    }

    /** What in-PoP stage {@code stage} of limiter {@code limiter} did, for the report (see LocalTierFactory). */
    public synchronized Map<String, Long> stats(int limiter, int stage) {
        return factory.stats(limiters.get(limiter).name(), stage);
    }
}
