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
    // per machine m: [2m] its admissions not yet pushed, [2m + 1] when it pushes them (NONE: nothing to push);
    // one array, so that a request reads one block of memory for all machines
    private long[] machineState;
    // the earliest pending push, NONE when there is none
    private long nextPushNanos = NONE;
    // (time, total after the push at that time) at [2i] and [2i + 1], oldest first, in a ring allocated when first
    // needed (its length in pairs a power of two); totals before the oldest are summed in baseline
    private long[] history;
    private int historyFirst;
    private int historySize;
    private long baselineTotal;

    /** Applies the period reset and every push due at or before {@code nowNanos}. */
    /** Reads what {@link #catchUp} reads first. */
    long touch() {
        return periodIndex + nextPushNanos;
    }

    void catchUp(long nowNanos, BindingMachines machines, long periodNanos) {
        if (machineState == null || machineState.length < 2 * machines.count()) {
            growTo(machines.count());
        }
        long period = Math.floorDiv(nowNanos, periodNanos);
        if (period != periodIndex) {
            periodIndex = period;
            total = 0;
            for (int m = 0; 2 * m < machineState.length; m++) {
                machineState[2 * m] = 0;
                machineState[2 * m + 1] = NONE;
            }
            nextPushNanos = NONE;
            historySize = 0;
            baselineTotal = 0;
        }
        // every machine's latest sync is later than now - its interval: older totals are never looked up again
        long horizon = nowNanos - machines.maxIntervalNanos();
        while (nextPushNanos <= nowNanos) {
            int next = earliestPush();
            long pushNanos = machineState[2 * next + 1];
            total += machineState[2 * next];
            machineState[2 * next] = 0;
            machineState[2 * next + 1] = NONE;
            nextPushNanos = machineState[2 * earliestPush() + 1];
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
        return pulled + machineState[2 * machine];
    }

    /**
     * Records an admission of {@code cost} by {@code machine} at {@code nowNanos}, pushed at its next sync.
     *
     * @return the machine's admissions since its latest sync, this one included
     */
    long admit(int machine, long nowNanos, long cost, BindingMachines machines) {
        machineState[2 * machine] += cost;
        if (machineState[2 * machine + 1] == NONE) {
            long pushNanos = machines.nextSyncAfter(machine, nowNanos);
            machineState[2 * machine + 1] = pushNanos;
            nextPushNanos = Math.min(nextPushNanos, pushNanos);
        }
        return machineState[2 * machine];
    }

    /** The store's total for the current period (pushed admissions). */
    long total() {
        return total;
    }

    /** The machine with the earliest pending push (the lowest id among equal times); any machine when none. */
    private int earliestPush() {
        int next = 0;
        for (int m = 1; 2 * m < machineState.length; m++) {
            if (machineState[2 * m + 1] < machineState[2 * next + 1]) {
                next = m;
            }
        }
        return next;
    }

    private void growTo(int machines) {
        int old = machineState == null ? 0 : machineState.length / 2;
        machineState = machineState == null ? new long[2 * machines] : Arrays.copyOf(machineState, 2 * machines);
        for (int m = old; m < machines; m++) {
            machineState[2 * m + 1] = NONE;
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
