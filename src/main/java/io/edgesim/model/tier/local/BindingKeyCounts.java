package io.edgesim.model.tier.local;

import java.util.Arrays;

/**
 * The counts of one key in one binding namespace in one PoP, for the current period: the store's total, each
 * machine's admissions not yet pushed, and when each pending push happens.
 *
 * <p>Syncs are applied lazily: {@link #catchUp} applies, in time order across machines, every push due by then (a
 * sync pushes the machine's admissions since its previous sync, then pulls the total). A machine's view is the total
 * as of its latest sync plus its own admissions since; the totals of the last sync interval are kept so that each
 * machine's view can be read at its own last sync. Everything resets when a call falls in a later period (admissions
 * not pushed by the end of their period are dropped with it).
 */
final class BindingKeyCounts {

    private static final long NONE = Long.MAX_VALUE;

    private long periodIndex = Long.MIN_VALUE;
    private long total;
    // the earliest pending push, NONE when there is none
    private long nextPushNanos = NONE;
    // The machines with admissions not yet pushed, in no order: a machine is here from its first admission after a
    // sync until its next sync pushes them (a key sees few machines between two syncs, of the dozens a PoP has).
    // Slot 0 is held in these fields, so that a request reads one block of memory when a single machine is pending;
    // slots from 1 in `more`, as (machine, admissions, push time) at [3(i - 1)], [3(i - 1) + 1], [3(i - 1) + 2].
    private int pendingCount;
    private int firstMachine;
    private long firstAdmitted;
    private long firstPushNanos;
    private long[] more;
    // (time, total after the push at that time) at [2i] and [2i + 1], oldest first, in a ring allocated when first
    // needed (its length in pairs a power of two); totals before the oldest are summed in baseline
    private long[] history;
    private int historyFirst;
    private int historySize;
    private long baselineTotal;

    /** Reads what {@link #catchUp} reads first. */
    long touch() {
        return periodIndex + nextPushNanos;
    }

    /** Applies the period reset and every push due at or before {@code nowNanos}. */
    void catchUp(long nowNanos, BindingMachines machines, long periodNanos) {
        long period = Math.floorDiv(nowNanos, periodNanos);
        if (period != periodIndex) {
            periodIndex = period;
            total = 0;
            pendingCount = 0;
            nextPushNanos = NONE;
            historySize = 0;
            baselineTotal = 0;
        }
        // every machine's latest sync is later than now - its interval: older totals are never looked up again
        long horizon = nowNanos - machines.maxIntervalNanos();
        while (nextPushNanos <= nowNanos) {
            int next = earliestPush();
            long pushNanos = pushAt(next);
            total += admittedAt(next);
            remove(next);
            nextPushNanos = pendingCount == 0 ? NONE : pushAt(earliestPush());
            if (pushNanos <= horizon) {
                // pushes come in time order: everything before this one is past the horizon too
                historySize = 0;
                baselineTotal = total;
            } else {
                addHistory(pushNanos, total);
            }
        }
        while (historySize > 0 && history[2 * historyFirst] <= horizon) {
            baselineTotal = history[2 * historyFirst + 1];
            historyFirst = (historyFirst + 1) & (history.length / 2 - 1);
            historySize--;
        }
    }

    /** The count {@code machine} decides on at {@code nowNanos} (after {@link #catchUp} to that time). */
    long view(int machine, long nowNanos, BindingMachines machines, long periodNanos) {
        long lastSync = machines.lastSyncAtOrBefore(machine, nowNanos);
        long pulled = lastSync < periodIndex * periodNanos ? 0 : totalAt(lastSync);
        int slot = slotOf(machine);
        return pulled + (slot < 0 ? 0 : admittedAt(slot));
    }

    /**
     * Records an admission of {@code cost} by {@code machine} at {@code nowNanos}, pushed at its next sync.
     *
     * @return the machine's admissions since its latest sync, this one included
     */
    long admit(int machine, long nowNanos, long cost, BindingMachines machines) {
        int slot = slotOf(machine);
        if (slot >= 0) {
            long admitted = admittedAt(slot) + cost;
            set(slot, machine, admitted, pushAt(slot));
            return admitted;
        }
        long pushNanos = machines.nextSyncAfter(machine, nowNanos);
        set(pendingCount++, machine, cost, pushNanos);
        nextPushNanos = Math.min(nextPushNanos, pushNanos);
        return cost;
    }

    /** The store's total for the current period (pushed admissions). */
    long total() {
        return total;
    }

    /** The slot of the pending machine with the earliest push (the lowest machine id among equal times). */
    private int earliestPush() {
        int next = 0;
        for (int i = 1; i < pendingCount; i++) {
            long push = pushAt(i);
            if (push < pushAt(next) || push == pushAt(next) && machineAt(i) < machineAt(next)) {
                next = i;
            }
        }
        return next;
    }

    /** The slot of {@code machine}, or -1 when it has nothing pending. */
    private int slotOf(int machine) {
        for (int i = 0; i < pendingCount; i++) {
            if (machineAt(i) == machine) {
                return i;
            }
        }
        return -1;
    }

    private int machineAt(int slot) {
        return slot == 0 ? firstMachine : (int) more[3 * (slot - 1)];
    }

    private long admittedAt(int slot) {
        return slot == 0 ? firstAdmitted : more[3 * (slot - 1) + 1];
    }

    private long pushAt(int slot) {
        return slot == 0 ? firstPushNanos : more[3 * (slot - 1) + 2];
    }

    private void set(int slot, int machine, long admitted, long pushNanos) {
        if (slot == 0) {
            firstMachine = machine;
            firstAdmitted = admitted;
            firstPushNanos = pushNanos;
            return;
        }
        int at = 3 * (slot - 1);
        if (more == null || at == more.length) {
            more = more == null ? new long[3 * 2] : Arrays.copyOf(more, 2 * more.length);
        }
        more[at] = machine;
        more[at + 1] = admitted;
        more[at + 2] = pushNanos;
    }

    /** Drops {@code slot}, moving the last slot into its place. */
    private void remove(int slot) {
        int last = --pendingCount;
        if (slot != last) {
            set(slot, machineAt(last), admittedAt(last), pushAt(last));
        }
    }

    private long totalAt(long nanos) {
        int mask = historySize == 0 ? 0 : history.length / 2 - 1;
        for (int i = historySize - 1; i >= 0; i--) {
            int slot = (historyFirst + i) & mask;
            if (history[2 * slot] <= nanos) {
                return history[2 * slot + 1];
            }
        }
        return baselineTotal;
    }

    private void addHistory(long nanos, long totalAfter) {
        if (history == null) {
            history = new long[2 * 4];
        } else if (2 * historySize == history.length) {
            long[] grown = new long[2 * history.length];
            int mask = history.length / 2 - 1;
            for (int i = 0; i < historySize; i++) {
                int slot = (historyFirst + i) & mask;
                grown[2 * i] = history[2 * slot];
                grown[2 * i + 1] = history[2 * slot + 1];
            }
            history = grown;
            historyFirst = 0;
        }
        int slot = (historyFirst + historySize) & (history.length / 2 - 1);
        history[2 * slot] = nanos;
        history[2 * slot + 1] = totalAfter;
        historySize++;
    }
}
