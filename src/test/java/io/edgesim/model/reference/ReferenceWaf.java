package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * A WAF rule in one PoP, plainly (docs/model.md, "waf"): per key a counter, its latest answer and the end of its
 * block. Every request that finds its key unblocked is seen by the counter the update delay later, counting 1; a
 * sighting the counter refuses blocks the key for the mitigation timeout from the sighting, unless it is blocked then.
 * Before each request every sighting due by now is applied, in time order (this request's own too, with no delay).
 * A blocked request is rejected until the block ends; a passing one carries what the counter last said (the key's
 * limit and now before any sighting). No added latency.
 */
public final class ReferenceWaf implements ReferencePopTier {

    private static final class KeyState {
        ReferenceCounter counter;
        Decision lastSeen;
        long blockedUntilNanos = Long.MIN_VALUE;
    }

    private record Sighting(KeyState key, long atNanos) {
    }

    private final TierSettings.Waf settings;
    private final AlgorithmSpec algorithm;
    private final Map<String, KeyState> keys = new HashMap<>();
    private final ArrayDeque<Sighting> pending = new ArrayDeque<>();
    private long blocked;

    public ReferenceWaf(TierSettings.Waf settings, AlgorithmSpec algorithm) {
        this.settings = settings;
        this.algorithm = algorithm;
    }

    @Override
    public StageResult decide(String key, String keyPlan, long nowNanos, int cost) {
        KeyState state = keys.computeIfAbsent(key, k -> new KeyState());
        if (state.counter == null) {
            state.counter = ReferenceCounter.of(algorithm.forPlan(keyPlan));
        }
        seeUntil(nowNanos);
        if (state.blockedUntilNanos <= nowNanos) {
            pending.add(new Sighting(state, nowNanos + settings.updateDelayNanos()));
            seeUntil(nowNanos);
        }
        if (state.blockedUntilNanos > nowNanos) {
            blocked++;
            long until = state.blockedUntilNanos;
            return StageResult.of(new Decision(false, 0, until - nowNanos, until), 0);
        }
        Decision last = state.lastSeen;
        return StageResult.of(last == null ? new Decision(true, algorithm.forPlan(keyPlan).limit(), 0, nowNanos)
                : new Decision(true, last.remaining(), 0, last.resetNanos()), 0);
    }

    private void seeUntil(long nowNanos) {
        while (!pending.isEmpty() && pending.peekFirst().atNanos() <= nowNanos) {
            Sighting sighting = pending.pollFirst();
            KeyState state = sighting.key();
            Decision decision = state.counter.tryAcquire(sighting.atNanos(), 1);
            state.lastSeen = decision;
            if (!decision.allowed() && state.blockedUntilNanos <= sighting.atNanos()) {
                state.blockedUntilNanos = sighting.atNanos() + settings.mitigationTimeoutNanos();
            }
        }
    }

    /** Requests blocked so far. */
    public long blocked() {
        return blocked;
    }

    @Override
    public String describe(String key) {
        KeyState state = keys.get(key);
        return state == null ? "nothing" : state.counter + ", last seen " + state.lastSeen + ", blocked until "
                + state.blockedUntilNanos + ", sightings pending " + pending.stream()
                .filter(s -> s.key() == state).map(Sighting::atNanos).toList();
    }
}
