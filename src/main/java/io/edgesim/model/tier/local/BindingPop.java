package io.edgesim.model.tier.local;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.LocalTierFactory;
import io.edgesim.model.tier.PerPlan;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.TierSettings;

import java.util.random.RandomGenerator;

/**
 * The Workers Rate Limiting binding in one PoP: {@code machinesPerPop} machines, a request lands on one chosen
 * uniformly at random, and that machine decides on its locally cached count (the store's total at its last sync plus
 * its own admissions since), with no network call. Machines sync with the PoP's {@link BindingStore} every
 * {@code syncIntervalNanos} at their own phase, so the binding is "permissive, eventually consistent": within a
 * period the admissions can exceed the limit by what the other machines admit between their syncs (see
 * {@link #overshootBound}); with one machine it counts exactly. Counts reset at epoch-aligned period boundaries.
 *
 * <p>Assumptions (not published): the number of machines per PoP and the sync interval (default 100 ms), both
 * settings; machines start with empty counts at scenario time 0. The algorithm must be fixed-window with the period
 * (10 or 60 s) as its window. Adds no latency.
 *
 * <p>Single owner (the PoP), calls in nondecreasing time order.
 */
public final class BindingPop implements PopLocalTier {

    // the limit per period, by plan
    private final PerPlan<Long> limits;
    private final BindingStore store;
    private final RandomGenerator random;
    private final int machines;
    private final int firstMachine;
    private long maxAdmissionsBetweenSyncs;

    /**
     * @param settings  machines per PoP (at least 1), sync interval (above 0); the namespace is the store's
     * @param algorithm fixed-window, limit per period, window = the store's period
     * @param store     the store of this binding's namespace in this PoP
     * @param random    source of the machines' sync phases and of the machine each request lands on
     */
    public BindingPop(TierSettings.Binding settings, AlgorithmSpec algorithm, BindingStore store,
                      RandomGenerator random) {
        if (algorithm.kind() != AlgorithmKind.FIXED_WINDOW) {
            throw new IllegalArgumentException("the rate limiting binding counts in fixed windows, not with "
                    + algorithm.kind().configName());
        }
        if (algorithm.windowNanos() != store.periodNanos()) {
            throw new IllegalArgumentException("bindings sharing namespace '" + store.namespace()
                    + "' must have the same period");
        }
        this.limits = new PerPlan<>(algorithm, store.keys(), AlgorithmSpec::limit);
        this.store = store;
        this.random = random;
        this.machines = settings.machinesPerPop();
        this.firstMachine = store.addMachines(settings.machinesPerPop(), settings.syncIntervalNanos(), random);
    }

    @Override
    public long touch(int keyId) {
        return store.touch(keyId);
    }

    /** {@inheritDoc} The key numbers are the store's ({@link LocalTierFactory} gives every store the run's). */
    @Override
    public void decide(int keyId, long nowNanos, int requestCost, StageVerdict into) {
        int machine = firstMachine + random.nextInt(machines);
        BindingKeyCounts counts = store.caughtUp(keyId, nowNanos);
        long local = store.view(counts, machine, nowNanos);
        long limit = limits.of(keyId);
        long cost = requestCost;
        long periodNanos = store.periodNanos();
        long resetNanos = (Math.floorDiv(nowNanos, periodNanos) + 1) * periodNanos;
        Decision decision;
        if (cost > limit) {
            decision = new Decision(false, Math.max(0, limit - local), Long.MAX_VALUE, resetNanos);
        } else if (local + cost <= limit) {
            long sinceSync = store.admit(counts, machine, nowNanos, cost);
            maxAdmissionsBetweenSyncs = Math.max(maxAdmissionsBetweenSyncs, sinceSync);
            decision = new Decision(true, limit - local - cost, 0, resetNanos);
        } else {
            decision = new Decision(false, Math.max(0, limit - local), resetNanos - nowNanos, resetNanos);
        }
        into.of(decision, 0);
    }

    /** The most any one machine of this binding admitted for one key between two of its syncs, so far. */
    public long maxAdmissionsBetweenSyncs() {
        return maxAdmissionsBetweenSyncs;
    }

    /**
     * How far above the limit one key's admissions in one period can go: the machine that synced last decided on a
     * total that included everything the others had pushed by then, so only what each other machine admitted since its
     * own last sync can come on top: (machines - 1) x admissions between syncs. Zero with one machine.
     */
    public static long overshootBound(int machines, long admissionsBetweenSyncs) {
        return (machines - 1L) * admissionsBetweenSyncs;
    }
}
