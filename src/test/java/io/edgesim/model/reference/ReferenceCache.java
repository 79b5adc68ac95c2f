package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The cache tier in one PoP, plainly (docs/model.md, "cache"): per key the stored counter and when its write landed;
 * the writes in flight in the order issued. A request lands every write due by now (the last to land wins), reads the
 * stored counter (none when its write is the state lifetime old or older), decides on a copy, and when it passed (or
 * counting all) issues a write of that copy landing the write delay later. Adds the read latency.
 */
public final class ReferenceCache implements ReferencePopTier {

    private record Stored(ReferenceCounter counter, long writtenAtNanos) {
    }

    private record Write(String key, ReferenceCounter counter, long landsAtNanos) {
    }

    private final TierSettings.Cache settings;
    private final AlgorithmSpec algorithm;
    private final Map<String, Stored> stored = new HashMap<>();
    private final ArrayDeque<Write> inFlight = new ArrayDeque<>();

    public ReferenceCache(TierSettings.Cache settings, AlgorithmSpec algorithm) {
        this.settings = settings;
        this.algorithm = algorithm;
    }

    @Override
    public StageResult decide(String key, String keyPlan, long nowNanos, int cost) {
        while (!inFlight.isEmpty() && inFlight.peekFirst().landsAtNanos() <= nowNanos) {
            Write landed = inFlight.pollFirst();
            stored.put(landed.key(), new Stored(landed.counter(), landed.landsAtNanos()));
        }
        Stored entry = stored.get(key);
        boolean fresh = entry != null && nowNanos - entry.writtenAtNanos() < algorithm.stateLifetimeNanos();
        ReferenceCounter copy = fresh ? entry.counter().copy() : ReferenceCounter.of(algorithm.forPlan(keyPlan));
        Decision decision = copy.tryAcquire(nowNanos, cost);
        if (decision.allowed() || algorithm.countsRefused()) {
            inFlight.add(new Write(key, copy, nowNanos + settings.writeDelayNanos()));
        }
        return StageResult.of(decision, settings.readLatencyNanos());
    }

    @Override
    public String describe(String key) {
        Stored entry = stored.get(key);
        return "stored " + (entry == null ? "nothing" : entry.counter() + " written at " + entry.writtenAtNanos())
                + ", in flight " + inFlight.stream().filter(w -> w.key().equals(key))
                .map(w -> w.counter() + " landing at " + w.landsAtNanos()).toList();
    }
}
