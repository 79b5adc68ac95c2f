package io.edgesim.model.reference;

import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.tier.TierSettings;

import java.util.random.RandomGenerator;

/**
 * One binding stage in one PoP, plainly (docs/model.md, "binding"): its machines registered in the namespace's store
 * when built; a request lands on one of them drawn uniformly, and passes iff that machine's count plus its cost stays
 * within the key's limit (its plan's), then counted as the machine's admission. Remaining is what the machine's count
 * leaves; a refusal waits for the next period boundary (forever when the cost exceeds the limit). No added latency.
 */
public final class ReferenceBinding implements ReferencePopTier {

    private final AlgorithmSpec algorithm;
    private final ReferenceBindingStore store;
    private final RandomGenerator random;
    private final int machines;
    private final int firstMachine;
    private long maxAdmissionsBetweenSyncs;

    public ReferenceBinding(TierSettings.Binding settings, AlgorithmSpec algorithm, ReferenceBindingStore store,
                            RandomGenerator random) {
        this.algorithm = algorithm;
        this.store = store;
        this.random = random;
        this.machines = settings.machinesPerPop();
        this.firstMachine = store.addMachines(machines, settings.syncIntervalNanos(), random);
    }

    @Override
    public StageResult decide(String key, String keyPlan, long nowNanos, int cost) {
        int machine = firstMachine + random.nextInt(machines);
        long local = store.localCount(machine, key, nowNanos);
        long limit = algorithm.forPlan(keyPlan).limit();
        long period = store.periodNanos();
        long resetNanos = (Math.floorDiv(nowNanos, period) + 1) * period;
        if (local + cost <= limit) {
            maxAdmissionsBetweenSyncs = Math.max(maxAdmissionsBetweenSyncs, store.admit(machine, key, nowNanos, cost));
            return StageResult.of(new Decision(true, limit - local - cost, 0, resetNanos), 0);
        }
        long retryAfterNanos = cost > limit ? Long.MAX_VALUE : resetNanos - nowNanos;
        return StageResult.of(new Decision(false, Math.max(0, limit - local), retryAfterNanos, resetNanos), 0);
    }

    /** The most one machine admitted for one key between two of its syncs, so far. */
    public long maxAdmissionsBetweenSyncs() {
        return maxAdmissionsBetweenSyncs;
    }

    @Override
    public String describe(String key) {
        return store.describe(key);
    }
}
