package io.edgesim.model.tier.local;

import java.util.Arrays;

/**
 * The machines of one PoP that use one binding namespace, and when each syncs with the store: machine m syncs at
 * {@code phase[m] + k * interval[m]} for k = 0, 1, 2, ... (never before its phase). Ids are dense, from 0.
 */
final class BindingMachines {

    private long[] phaseNanos = new long[0];
    private long[] intervalNanos = new long[0];
    private int count;
    private long maxIntervalNanos;

    /** Adds a machine syncing every {@code intervalNanos} from {@code phaseNanos}; returns its id. */
    int add(long phaseNanos, long intervalNanos) {
        if (count == this.phaseNanos.length) {
            this.phaseNanos = Arrays.copyOf(this.phaseNanos, Math.max(4, count * 2));
            this.intervalNanos = Arrays.copyOf(this.intervalNanos, Math.max(4, count * 2));
        }
        this.phaseNanos[count] = phaseNanos;
        this.intervalNanos[count] = intervalNanos;
        maxIntervalNanos = Math.max(maxIntervalNanos, intervalNanos);
        return count++;
    }

    int count() {
        return count;
    }

    long maxIntervalNanos() {
        return maxIntervalNanos;
    }

    /** The latest sync of {@code machine} at or before {@code nanos}, or Long.MIN_VALUE when it has not synced yet. */
    long lastSyncAtOrBefore(int machine, long nanos) {
        long phase = phaseNanos[machine];
        if (nanos < phase) {
            return Long.MIN_VALUE;
        }
        long interval = intervalNanos[machine];
        return phase + Math.floorDiv(nanos - phase, interval) * interval;
    }

    /** The first sync of {@code machine} strictly after {@code nanos}. */
    long nextSyncAfter(int machine, long nanos) {
        long phase = phaseNanos[machine];
        if (nanos < phase) {
            return phase;
        }
        long interval = intervalNanos[machine];
        return phase + (Math.floorDiv(nanos - phase, interval) + 1) * interval;
    }
}
