package io.edgesim.model.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The store of one binding namespace in one PoP, plainly (docs/model.md, "binding"): every admission of a key is
 * kept with its machine and time. Machine m syncs at phase(m) + k x interval(m), k = 0, 1, ...; an admission is pushed
 * at its machine's first sync strictly after it. In the period of now (epoch-aligned), the store's total is what has
 * been pushed by now; a machine's count is what had been pushed by its latest sync plus its own admissions not yet
 * pushed. Admissions of earlier periods count for nothing.
 */
public final class ReferenceBindingStore {

    private record Admission(int machine, long atNanos, long cost) {
    }

    private final long periodNanos;
    private final List<long[]> machines = new ArrayList<>();
    private final Map<String, List<Admission>> admissions = new HashMap<>();

    public ReferenceBindingStore(long periodNanos) {
        this.periodNanos = periodNanos;
    }

    /** Adds {@code count} machines syncing every {@code syncIntervalNanos}, each phase drawn from {@code random}. */
    public int addMachines(int count, long syncIntervalNanos, RandomGenerator random) {
        int first = machines.size();
        for (int i = 0; i < count; i++) {
            machines.add(new long[] {random.nextLong(syncIntervalNanos), syncIntervalNanos});
        }
        return first;
    }

    private long lastSyncAtOrBefore(int machine, long nanos) {
        long phase = machines.get(machine)[0];
        long interval = machines.get(machine)[1];
        return nanos < phase ? Long.MIN_VALUE : phase + Math.floorDiv(nanos - phase, interval) * interval;
    }

    private long pushedAt(Admission admission) {
        long phase = machines.get(admission.machine())[0];
        long interval = machines.get(admission.machine())[1];
        long t = admission.atNanos();
        return t < phase ? phase : phase + (Math.floorDiv(t - phase, interval) + 1) * interval;
    }

    // the key's admissions in the period of nowNanos
    private List<Admission> thisPeriod(String key, long nowNanos) {
        long start = Math.floorDiv(nowNanos, periodNanos) * periodNanos;
        List<Admission> all = admissions.computeIfAbsent(key, k -> new ArrayList<>());
        all.removeIf(a -> a.atNanos() < start);
        return all;
    }

    /** The count {@code machine} holds for {@code key} at {@code nowNanos}. */
    public long localCount(int machine, String key, long nowNanos) {
        long lastSync = lastSyncAtOrBefore(machine, nowNanos);
        long count = 0;
        for (Admission a : thisPeriod(key, nowNanos)) {
            if (pushedAt(a) <= lastSync || (a.machine() == machine && pushedAt(a) > nowNanos)) {
                count += a.cost();
            }
        }
        return count;
    }

    /** Records an admission; returns the machine's admissions for the key not yet pushed, this one included. */
    public long admit(int machine, String key, long nowNanos, long cost) {
        List<Admission> list = thisPeriod(key, nowNanos);
        list.add(new Admission(machine, nowNanos, cost));
        long pending = 0;
        for (Admission a : list) {
            if (a.machine() == machine && pushedAt(a) > nowNanos) {
                pending += a.cost();
            }
        }
        return pending;
    }

    /** The total pushed for {@code key} by {@code nowNanos} in its period. */
    public long storedCount(String key, long nowNanos) {
        long total = 0;
        for (Admission a : thisPeriod(key, nowNanos)) {
            if (pushedAt(a) <= nowNanos) {
                total += a.cost();
            }
        }
        return total;
    }

    long periodNanos() {
        return periodNanos;
    }

    String describe(String key) {
        return "admissions this period " + admissions.getOrDefault(key, List.of()) + ", machines (phase, interval) "
                + machines.stream().map(m -> m[0] + "/" + m[1]).toList();
    }
}
