package io.edgesim.model.tier.local;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.PerPlan;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayDeque;

/**
 * A WAF rate limiting rule in one data center (PoP), evaluated before the Worker runs. It counts requests per key
 * (the rule's characteristic) with a counter that sees each request {@code updateDelayNanos} after it ("a delay of up
 * to a few seconds between detecting a request and updating rate counters": default 2 s, an assumption). When the
 * counter sees a request that takes the key over the rate (the counter refuses it), the key is blocked for
 * {@code mitigationTimeoutNanos} from that moment; a request arriving while its key is blocked is REJECTED and
 * never runs the Worker (counted in {@link #workerInvocationsSaved()}). Requests that arrive before the counter has
 * seen the excess pass; with no delay the request that exceeds the rate is itself blocked, as in Cloudflare's
 * example.
 *
 * <p>Choices where the documentation is silent: the counter counts a request at the time it sees it (so the window
 * is that of the sighting); blocked requests are not counted; an excess seen while the key is already blocked does
 * not extend the block; each request counts 1 (the number-of-requests counting model). The plan bounds the period
 * (the algorithm's window) and the timeout; the characteristic is checked by whoever knows the key
 * ({@link WafPlan#characteristicProblem}). Adds no latency.
 *
 * <p>Single owner, calls in nondecreasing time order; sightings are applied lazily when a later call passes them.
 */
public final class WafRule implements PopTier {

    // per plan: the counters' factory and the limit
    private final PerPlan<CounterFactory> counterFactories;
    private final PerPlan<Long> limits;
    private final long updateDelayNanos;
    private final long mitigationTimeoutNanos;
    private final KeyArray<KeyState> keys = new KeyArray<>();
    // sightings come due in arrival order: the delay is the same for every request
    private final ArrayDeque<Sighting> pending = new ArrayDeque<>();
    private long blocked;

    /**
     * @param settings  the plan (free, pro, business, enterprise), the counter update delay (at least 0) and the
     *                  mitigation timeout, which the plan must allow
     * @param algorithm a windowed algorithm (limit per period); the plan must allow its window as the period
     * @param keys      the run's numbering of keys
     */
    public WafRule(TierSettings.Waf settings, AlgorithmSpec algorithm, KeyIds keys) {
        WafPlan plan = WafPlan.parse(settings.plan());
        if (!algorithm.kind().windowed()) {
            throw new IllegalArgumentException("a WAF rule counts requests per period; "
                    + algorithm.kind().configName() + " has no period");
        }
        String problem = plan.periodProblem(algorithm.windowNanos());
        if (problem == null) {
            problem = plan.timeoutProblem(settings.mitigationTimeoutNanos());
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        if (settings.updateDelayNanos() < 0) {
            throw new IllegalArgumentException("WAF counter update delay must not be negative");
        }
        this.counterFactories = new PerPlan<>(algorithm, keys, CounterFactory::new);
        this.limits = new PerPlan<>(algorithm, keys, AlgorithmSpec::limit);
        this.updateDelayNanos = settings.updateDelayNanos();
        this.mitigationTimeoutNanos = settings.mitigationTimeoutNanos();
    }

    /** {@inheritDoc} Each request counts 1, whatever its cost (the number-of-requests counting model). */
    @Override
    public void decide(int keyId, long nowNanos, int cost, StageVerdict into) {
        see(nowNanos);
        KeyState state = keys.get(keyId);
        if (state == null) {
            state = new KeyState(counterFactories.of(keyId).newCounter());
            keys.put(keyId, state);
        }
        if (state.blockedUntilNanos <= nowNanos) {
            pending.addLast(new Sighting(state, nowNanos + updateDelayNanos));
            // with no delay the counter sees this request now, and blocks it if it is the excess
            see(nowNanos);
        }
        if (state.blockedUntilNanos > nowNanos) {
            blocked++;
            into.of(new Decision(false, 0, state.blockedUntilNanos - nowNanos, state.blockedUntilNanos), 0);
            return;
        }
        Decision lastSeen = state.lastSeen;
        long remaining = lastSeen == null ? limits.of(keyId) : lastSeen.remaining();
        long resetNanos = lastSeen == null ? nowNanos : lastSeen.resetNanos();
        into.of(new Decision(true, remaining, 0, resetNanos), 0);
    }

    /** Requests blocked by this rule: each one a Worker invocation that never happened. */
    public long workerInvocationsSaved() {
        return blocked;
    }

    private void see(long nowNanos) {
        while (!pending.isEmpty() && pending.peekFirst().seenAtNanos <= nowNanos) {
            Sighting sighting = pending.pollFirst();
            KeyState state = sighting.key;
            Decision decision = state.counter.tryAcquire(sighting.seenAtNanos, 1);
            state.lastSeen = decision;
            if (!decision.allowed() && state.blockedUntilNanos <= sighting.seenAtNanos) {
                state.blockedUntilNanos = sighting.seenAtNanos + mitigationTimeoutNanos;
            }
        }
    }

    /** The counter of one key, its latest answer, and the end of its block (Long.MIN_VALUE when never blocked). */
    private static final class KeyState {
        private final RateCounter counter;
        private Decision lastSeen;
        private long blockedUntilNanos = Long.MIN_VALUE;

        private KeyState(RateCounter counter) {
            this.counter = counter;
        }
    }

    /** A passed request the counter sees at {@code seenAtNanos}. */
    private record Sighting(KeyState key, long seenAtNanos) {
    }
}
