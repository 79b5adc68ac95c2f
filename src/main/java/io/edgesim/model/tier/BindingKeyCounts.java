package io.edgesim.model.tier;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

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
    private long[] unpushed = new long[0];
    private long[] pushAtNanos = new long[0];
    // (time, total after the push at that time), oldest first; totals before the oldest are summed in baseline
    private final ArrayDeque<long[]> history = new ArrayDeque<>();
    private long baselineTotal;

    /** Applies the period reset and every push due at or before {@code nowNanos}. */
    void catchUp(long nowNanos, BindingMachines machines, long periodNanos) {
        if (unpushed.length < machines.count()) {
            int old = unpushed.length;
            unpushed = Arrays.copyOf(unpushed, machines.count());
            pushAtNanos = Arrays.copyOf(pushAtNanos, machines.count());
            Arrays.fill(pushAtNanos, old, pushAtNanos.length, NONE);
        }
        long period = Math.floorDiv(nowNanos, periodNanos);
        if (period != periodIndex) {
            periodIndex = period;
            total = 0;
            Arrays.fill(unpushed, 0);
            Arrays.fill(pushAtNanos, NONE);
            history.clear();
            baselineTotal = 0;
        }
        for (int next = nextPush(nowNanos); next >= 0; next = nextPush(nowNanos)) {
            total += unpushed[next];
            history.addLast(new long[] {pushAtNanos[next], total});
            unpushed[next] = 0;
            pushAtNanos[next] = NONE;
        }
        // every machine's latest sync is later than now - its interval: older totals are never looked up again
        long horizon = nowNanos - machines.maxIntervalNanos();
        while (!history.isEmpty() && history.peekFirst()[0] <= horizon) {
            baselineTotal = history.pollFirst()[1];
        }
    }

    /** The count {@code machine} decides on at {@code nowNanos} (after {@link #catchUp} to that time). */
    long view(int machine, long nowNanos, BindingMachines machines, long periodNanos) {
        long lastSync = machines.lastSyncAtOrBefore(machine, nowNanos);
        long pulled = lastSync < periodIndex * periodNanos ? 0 : totalAt(lastSync);
        return pulled + unpushed[machine];
    }

    /**
     * Records an admission of {@code cost} by {@code machine} at {@code nowNanos}, pushed at its next sync.
     *
     * @return the machine's admissions since its latest sync, this one included
     */
    long admit(int machine, long nowNanos, long cost, BindingMachines machines) {
        unpushed[machine] += cost;
        if (pushAtNanos[machine] == NONE) {
            pushAtNanos[machine] = machines.nextSyncAfter(machine, nowNanos);
        }
        return unpushed[machine];
    }

    /** The store's total for the current period (pushed admissions). */
    long total() {
        return total;
    }

    private int nextPush(long nowNanos) {
        int next = -1;
        long at = NONE;
        for (int m = 0; m < pushAtNanos.length; m++) {
            if (pushAtNanos[m] <= nowNanos && pushAtNanos[m] < at) {
                next = m;
                at = pushAtNanos[m];
            }
        }
        return next;
    }

    private long totalAt(long nanos) {
        for (Iterator<long[]> it = history.descendingIterator(); it.hasNext(); ) {
            long[] entry = it.next();
            if (entry[0] <= nanos) {
                return entry[1];
            }
        }
        return baselineTotal;
    }
}
