package io.edgesim.model.algorithm;

/**
 * A counter whose state is a fixed number of longs, so that a tier can keep the state of many keys side by side in
 * one array (a key's state then costs one memory read, not the three or four of a table slot, a reference and an
 * object) and decide on it with one counter object used as scratch: {@link #load} a key's state, decide, and
 * {@link #store} it back. The rule stays in the counter, written once.
 *
 * <p>All-zero state is a fresh counter, with the full allowance: times and window indices are stored offset by
 * {@code Long.MIN_VALUE} ({@link #stored}, {@link #value}), so a zero long means "never", and a newly allocated or
 * cleared array needs no setting up. Every algorithm but sliding-log (whose log grows with its limit) has one.
 */
public sealed interface FlatCounter extends RateCounter
        permits FixedWindowCounter, FirstRequestWindowCounter, SlidingWindowCounter, TokenBucketCounter, GcraCounter {

    /** The longs of state one key takes. */
    int stateLongs();

    /** Takes the state at {@code state[at]} onwards as this counter's own. */
    void load(long[] state, int at);

    /** Writes this counter's state to {@code state[at]} onwards. */
    void store(long[] state, int at);

    /**
     * Decides as {@link #tryAcquire} does and answers only whether the request passes, without working out the rest
     * of the answer (what an exact count needs). Both follow one rule: {@code tryAcquire} is this plus the answer's
     * details, read from the state this left.
     */
    boolean acquire(long nowNanos, long cost);

    /** How a time or index is stored: offset so that a stored 0 reads as {@code Long.MIN_VALUE}. */
    static long stored(long value) {
        return value ^ Long.MIN_VALUE;
    }

    /** The time or index a stored long holds ({@link #stored}). */
    static long value(long stored) {
        return stored ^ Long.MIN_VALUE;
    }
}
