package io.edgesim.model.algorithm;

/**
 * The state of one key under one algorithm. Not thread-safe: one owner (an event loop, an actor) calls it, with
 * times that never go backwards for a given counter.
 */
public interface RateCounter {

    /**
     * Decides a request of {@code cost} tokens at {@code nowNanos}; consumes only when allowed.
     */
    Decision tryAcquire(long nowNanos, long cost);

    /** An independent copy of the state, for tiers that read a stored count, decide, and write it back later. */
    RateCounter copy();
}
