package io.edgesim.model.tier.remote;

import io.edgesim.model.algorithm.Durations;

/**
 * What one Durable Object was asked to do in a run, and whether that was more than it serves. An object serves one
 * request at a time, so it serves at most one second divided by its mean service time per second: its capacity
 * ({@link #capacityPerSecond()}; 1,000 per second at the default 1 ms). The object is <em>hot</em>
 * ({@link #hot()}) when it refused a request as overloaded (its queue was full), or when more requests arrived at it
 * in one whole second of scenario time (t = 0-1 s, 1-2 s, ...) than its capacity: its key, or its shard of a key,
 * asked more of one object than one object serves.
 *
 * @param name                    the object's name (the key; "key@area" for per-area objects, "key#shard" for
 *                                sharded ones)
 * @param requests                requests that reached it
 * @param overloaded              requests it refused at once because its queue was full
 * @param queued                  requests that waited for another to finish before being served
 * @param maxWaitNanos            the longest such wait
 * @param busiestSecond           the most requests that arrived in one whole second of scenario time: its rate
 * @param served                  requests it served ({@code requests - overloaded})
 * @param activeNanos             the sum of their service times
 */
public record ObjectLoad(String name, long requests, long overloaded, long queued, long maxWaitNanos,
                         long busiestSecond, long served, long activeNanos) {

    /**
     * Requests the object serves per second, one after the other: one second over its mean service time, rounded
     * down; {@code Long.MAX_VALUE} when its service takes no time (or it served nothing).
     */
    public long capacityPerSecond() {
        return capacityPerSecond(served, activeNanos);
    }

    /** True when it refused a request as overloaded, or its busiest second brought more than its capacity. */
    public boolean hot() {
        return hot(overloaded, busiestSecond, served, activeNanos);
    }

    /** {@link #hot()} of an object with these figures. */
    static boolean hot(long overloaded, long busiestSecond, long served, long activeNanos) {
        return overloaded > 0 || busiestSecond > capacityPerSecond(served, activeNanos);
    }

    private static long capacityPerSecond(long served, long activeNanos) {
        if (activeNanos <= 0) {
            return Long.MAX_VALUE;
        }
        return (long) (served * (double) Durations.NANOS_PER_SECOND / activeNanos);
    }
}
