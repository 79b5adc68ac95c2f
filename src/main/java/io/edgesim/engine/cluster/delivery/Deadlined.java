package io.edgesim.engine.cluster.delivery;

/**
 * A message that must reach its target's handler at a deadline in scenario time, not before. Actors wrapped by
 * {@link DeadlineDelivery#holdUntilDeadline} hold such a message in the delay line when it arrives early and handle it
 * at the deadline, so the time Pekko took to move it is absorbed in the injected delay rather than added to it.
 */
public interface Deadlined {

    /** When the message is due at its target, nanoseconds of scenario time. */
    long deadlineNanos();

    /**
     * True when the deadline contains a link delay between two regions (or within a PoP), so its delivery error is
     * an error of the injected latency; false for a request's arrival at its PoP.
     */
    default boolean injectedLatency() {
        return true;
    }
}
