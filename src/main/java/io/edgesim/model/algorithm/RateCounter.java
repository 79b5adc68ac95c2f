package io.edgesim.model.algorithm;

/**
 * The state of one key under one algorithm. Not thread-safe: one owner (an event loop, an actor) calls it, with
 * times that never go backwards for a given counter. The model never reads a clock: the time is always passed in.
 *
 * <p>Every implementation keeps these promises (checked by one contract test suite for all of them):
 * a refused request changes nothing later calls decide, unless the counter counts every request
 * ({@link Counting#ALL}), when it counts as an accepted one would; {@code retryAfterNanos} is 0 when allowed, else
 * exactly the time after which the same request, sent alone after this one, would pass (1 ns earlier it would still
 * be refused), or
 * {@code Long.MAX_VALUE} when it never can; {@code remaining} is exactly the number of cost-1 requests that would
 * pass right after this one, never negative; {@code resetNanos} is the first time at which the full allowance is
 * back ({@code nowNanos} when it already is).
 */
public interface RateCounter {

    /**
     * Decides a request of {@code cost} tokens (0 or more; 0 looks without consuming) at {@code nowNanos};
     * consumes only when allowed (or always, counting every request).
     *
     * @throws IllegalArgumentException when cost is negative
     */
    Decision tryAcquire(long nowNanos, long cost);

    /** An independent copy of the state, for tiers that read a stored count, decide, and write it back later. */
    RateCounter copy();

    /**
     * True when a refused request changes this counter's state ({@link Counting#ALL}), so that a tier billing or
     * writing state changes counts it; false for every counter that counts only what it lets through.
     */
    default boolean countsRefused() {
        return false;
    }
}
