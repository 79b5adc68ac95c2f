package io.edgesim.model.tier.local;

import io.edgesim.model.key.KeyArray;
import io.edgesim.model.key.KeyIds;

import java.util.random.RandomGenerator;

/**
 * The in-PoP store behind the Workers Rate Limiting binding, for one namespace in one PoP: bindings that share a
 * namespace share its counts, and every binding stage of that namespace in that PoP registers its machines here.
 * Counts are kept per key per period; periods are aligned to the epoch (scenario time 0).
 *
 * <p>Each machine syncs every sync interval at its own phase (drawn uniformly in [0, interval) when registered): it
 * pushes its admissions since its previous sync and pulls the total. Syncs are applied lazily, per key, in time order
 * across all machines, when a later call passes their time. Single owner (the PoP), calls in nondecreasing time
 * order across all its machines.
 */
public final class BindingStore {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final String namespace;
    private final long periodNanos;
    private final BindingMachines machines = new BindingMachines();
    private final KeyIds keyIds;
    private final KeyArray<BindingKeyCounts> counts = new KeyArray<>();

    /**
     * @param namespace   the namespace id, for messages
     * @param periodNanos the binding's period: 10 s or 60 s, as the binding accepts
     * @param keys        the run's numbering of keys (the binding stages using it must use the same)
     */
    public BindingStore(String namespace, long periodNanos, KeyIds keys) {
        String problem = periodProblem(periodNanos);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        this.namespace = namespace;
        this.periodNanos = periodNanos;
        this.keyIds = keys;
    }

    /** Null when {@code periodNanos} is a period the binding accepts (10 or 60 s), else what is wrong. */
    public static String periodProblem(long periodNanos) {
        if (periodNanos == 10 * NANOS_PER_SECOND || periodNanos == 60 * NANOS_PER_SECOND) {
            return null;
        }
        return "the rate limiting binding's period must be 10 s or 60 s";
    }

    /**
     * Registers {@code count} machines syncing every {@code syncIntervalNanos}, each at a phase drawn from
     * {@code random}; returns the id of the first (the others follow it).
     */
    public int addMachines(int count, long syncIntervalNanos, RandomGenerator random) {
        if (count < 1 || syncIntervalNanos <= 0) {
            throw new IllegalArgumentException("a binding needs at least 1 machine and a sync interval above 0");
        }
        int first = machines.count();
        for (int i = 0; i < count; i++) {
            machines.add(random.nextLong(syncIntervalNanos), syncIntervalNanos);
        }
        return first;
    }

    /**
     * The count {@code machine} holds for key number {@code keyId} at {@code nowNanos}: the total at its last sync +
     * its own since.
     */
    public long localCount(int machine, int keyId, long nowNanos) {
        return view(caughtUp(keyId, nowNanos), machine, nowNanos);
    }

    /**
     * Records that {@code machine} admitted {@code cost} for key number {@code keyId} at {@code nowNanos}.
     *
     * @return the machine's admissions for the key since its latest sync, this one included
     */
    public long admit(int machine, int keyId, long nowNanos, long cost) {
        return admit(caughtUp(keyId, nowNanos), machine, nowNanos, cost);
    }

    /**
     * The total the store holds for key number {@code keyId} at {@code nowNanos} (admissions pushed so far this
     * period).
     */
    public long storedCount(int keyId, long nowNanos) {
        return caughtUp(keyId, nowNanos).total();
    }

    public String namespace() {
        return namespace;
    }

    public long periodNanos() {
        return periodNanos;
    }

    KeyIds keys() {
        return keyIds;
    }

    /**
     * The counts of the key numbered {@code keyId}, with every sync due by {@code nowNanos} applied: what
     * {@link #view} and {@link #admit(BindingKeyCounts, int, long, long)} read at that time. Lets a binding stage
     * look the key up once per request.
     */
    BindingKeyCounts caughtUp(int keyId, long nowNanos) {
        BindingKeyCounts keyCounts = counts.get(keyId);
        if (keyCounts == null) {
            keyCounts = new BindingKeyCounts();
            counts.put(keyId, keyCounts);
        }
        keyCounts.catchUp(nowNanos, machines, periodNanos);
        return keyCounts;
    }

    /** Reads the counts of key number {@code keyId}, changing nothing ({@code PopLocalTier#touch}). */
    long touch(int keyId) {
        BindingKeyCounts keyCounts = counts.get(keyId);
        return keyCounts == null ? 0 : keyCounts.touch();
    }

    /** {@link #localCount} on counts caught up to {@code nowNanos}. */
    long view(BindingKeyCounts keyCounts, int machine, long nowNanos) {
        return keyCounts.view(machine, nowNanos, machines, periodNanos);
    }

    /** {@link #admit(int, int, long, long)} on counts caught up to {@code nowNanos}. */
    long admit(BindingKeyCounts keyCounts, int machine, long nowNanos, long cost) {
        return keyCounts.admit(machine, nowNanos, cost, machines);
    }
}
