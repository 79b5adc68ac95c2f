package io.edgesim.model.tier;

/**
 * The counts of one key in one binding namespace in one PoP, for the current period, as a row of longs in the
 * store's table ({@code io.edgesim.model.key.KeySlots}): the store's total, each machine's admissions not yet pushed,
 * when each pending push happens, and the totals after the recent pushes. One instance per store holds the layout
 * (which depends on the store's machines) and the rules; the rows hold the state, so that a request reads one block of
 * memory for its key rather than three objects.
 *
 * <p>Syncs are applied lazily: {@link #catchUp} applies, in time order across machines, every push due by then (a
 * sync pushes the machine's admissions since its previous sync, then pulls the total). A machine's view is the total
 * as of its latest sync plus its own admissions since; the totals after the pushes of the last sync interval are kept
 * so that each machine's view can be read at its own last sync. Everything resets when a call falls in a later period
 * (admissions not pushed by the end of their period are dropped with it).
 *
 * <p>Row layout, from the row's first long: the period (XOR {@link Long#MIN_VALUE}, so that a row of zeros is a key
 * never seen, reset on its first call), the total, the earliest pending push, the total before the oldest kept push,
 * the ring's first entry and its size; then per machine m its admissions not yet pushed and when it pushes them
 * ({@link #NONE}: nothing to push); then the ring of (push time, total after it), oldest first. The ring's capacity
 * is the most pushes the machines can make within the longest sync interval: machine m syncs at most
 * ceil(longest / its interval) times in any span of that length, and a push is only kept while younger than that.
 */
final class BindingKeyCounts {

    private static final long NONE = Long.MAX_VALUE;
    private static final int PERIOD = 0;
    private static final int TOTAL = 1;
    private static final int NEXT_PUSH = 2;
    private static final int BASELINE = 3;
    private static final int RING_FIRST = 4;
    private static final int RING_SIZE = 5;
    private static final int MACHINES = 6;

    private final BindingMachines machines;
    private final long periodNanos;
    private final int machineCount;
    private final int ring;
    private final int ringCapacity;
    private final int longs;

    /** The layout for the machines registered in {@code machines} now (they may not change afterwards). */
    BindingKeyCounts(BindingMachines machines, long periodNanos) {
        this.machines = machines;
        this.periodNanos = periodNanos;
        this.machineCount = machines.count();
        int capacity = 0;
        for (int m = 0; m < machineCount; m++) {
            capacity += Math.toIntExact(ceilDiv(machines.maxIntervalNanos(), machines.intervalNanos(m)));
        }
        this.ringCapacity = Math.max(1, capacity);
        this.ring = MACHINES + 2 * machineCount;
        this.longs = ring + 2 * ringCapacity;
    }

    /** Longs per key row. */
    int longs() {
        return longs;
    }

    /** Applies, to the row at {@code d[at]}, the period reset and every push due at or before {@code nowNanos}. */
    void catchUp(long[] d, int at, long nowNanos) {
        long period = Math.floorDiv(nowNanos, periodNanos);
        if ((d[at + PERIOD] ^ Long.MIN_VALUE) != period) {
            d[at + PERIOD] = period ^ Long.MIN_VALUE;
            d[at + TOTAL] = 0;
            for (int m = 0; m < machineCount; m++) {
                d[at + MACHINES + 2 * m] = 0;
                d[at + MACHINES + 2 * m + 1] = NONE;
            }
            d[at + NEXT_PUSH] = NONE;
            d[at + RING_SIZE] = 0;
            d[at + BASELINE] = 0;
        }
        // every machine's latest sync is later than now - the longest interval: older totals are never looked up
        long longest = machines.maxIntervalNanos();
        long horizon = nowNanos - longest;
        while (d[at + NEXT_PUSH] <= nowNanos) {
            int next = earliestPush(d, at);
            int state = at + MACHINES + 2 * next;
            long pushNanos = d[state + 1];
            long total = d[at + TOTAL] + d[state];
            d[at + TOTAL] = total;
            d[state] = 0;
            d[state + 1] = NONE;
            d[at + NEXT_PUSH] = d[at + MACHINES + 2 * earliestPush(d, at) + 1];
            if (pushNanos <= horizon) {
                // pushes come in time order: everything before this one is past the horizon too
                d[at + RING_SIZE] = 0;
                d[at + BASELINE] = total;
            } else {
                // what is older than this push's own horizon is past now's too; dropping it first keeps the ring
                // within its capacity
                forgetUntil(d, at, pushNanos - longest);
                addToRing(d, at, pushNanos, total);
            }
        }
        forgetUntil(d, at, horizon);
    }

    /** The count {@code machine} decides on at {@code nowNanos} (after {@link #catchUp} to that time). */
    long view(long[] d, int at, int machine, long nowNanos) {
        long lastSync = machines.lastSyncAtOrBefore(machine, nowNanos);
        long periodStart = (d[at + PERIOD] ^ Long.MIN_VALUE) * periodNanos;
        long pulled = lastSync < periodStart ? 0 : totalAt(d, at, lastSync);
        return pulled + d[at + MACHINES + 2 * machine];
    }

    /**
     * Records an admission of {@code cost} by {@code machine} at {@code nowNanos}, pushed at its next sync.
     *
     * @return the machine's admissions since its latest sync, this one included
     */
    long admit(long[] d, int at, int machine, long nowNanos, long cost) {
        int state = at + MACHINES + 2 * machine;
        d[state] += cost;
        if (d[state + 1] == NONE) {
            long pushNanos = machines.nextSyncAfter(machine, nowNanos);
            d[state + 1] = pushNanos;
            d[at + NEXT_PUSH] = Math.min(d[at + NEXT_PUSH], pushNanos);
        }
        return d[state];
    }

    /** The store's total for the current period (pushed admissions). */
    long total(long[] d, int at) {
        return d[at + TOTAL];
    }

    /** The machine with the earliest pending push (the lowest id among equal times); any machine when none. */
    private int earliestPush(long[] d, int at) {
        int next = 0;
        long earliest = d[at + MACHINES + 1];
        for (int m = 1; m < machineCount; m++) {
            long push = d[at + MACHINES + 2 * m + 1];
            if (push < earliest) {
                earliest = push;
                next = m;
            }
        }
        return next;
    }

    // the total after the latest kept push at or before nanos, else the baseline
    private long totalAt(long[] d, int at, long nanos) {
        int first = (int) d[at + RING_FIRST];
        for (int i = (int) d[at + RING_SIZE] - 1; i >= 0; i--) {
            int entry = at + ring + 2 * wrap(first + i);
            if (d[entry] <= nanos) {
                return d[entry + 1];
            }
        }
        return d[at + BASELINE];
    }

    // drops the kept pushes at or before nanos, the latest of them becoming the baseline
    private void forgetUntil(long[] d, int at, long nanos) {
        int first = (int) d[at + RING_FIRST];
        int size = (int) d[at + RING_SIZE];
        while (size > 0 && d[at + ring + 2 * first] <= nanos) {
            d[at + BASELINE] = d[at + ring + 2 * first + 1];
            first = wrap(first + 1);
            size--;
        }
        d[at + RING_FIRST] = first;
        d[at + RING_SIZE] = size;
    }

    private void addToRing(long[] d, int at, long nanos, long totalAfter) {
        int size = (int) d[at + RING_SIZE];
        if (size == ringCapacity) {
            throw new IllegalStateException("binding sync history over its bound of " + ringCapacity);
        }
        int entry = at + ring + 2 * wrap((int) d[at + RING_FIRST] + size);
        d[entry] = nanos;
        d[entry + 1] = totalAfter;
        d[at + RING_SIZE] = size + 1;
    }

    // a ring index taken back into [0, capacity): callers add at most capacity - 1 to an index within it
    private int wrap(int index) {
        return index >= ringCapacity ? index - ringCapacity : index;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
