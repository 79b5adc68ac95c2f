package io.edgesim.engine.cluster.delivery;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Delivery of messages at deadlines for the actors of one run host (or the coordinator): the run's clock, the delay
 * line and the record of delivery errors. A sender stamps a message with its deadline (send time + one-way delay)
 * and sends it at once; the receiving actor, wrapped with {@link #holdUntilDeadline}, handles it at the deadline.
 */
public final class DeadlineDelivery implements AutoCloseable {

    private final ScenarioClock clock;
    private final DelayLine delayLine;
    private final DeliveryErrors errors = new DeliveryErrors();

    /**
     * @param clock     the run's one clock
     * @param spinNanos the delay line's spin before each deadline, real nanoseconds
     */
    public DeadlineDelivery(ScenarioClock clock, long spinNanos) {
        this.clock = clock;
        this.delayLine = new DelayLine(clock, spinNanos);
    }

    public ScenarioClock clock() {
        return clock;
    }

    public DelayLine delayLine() {
        return delayLine;
    }

    public DeliveryErrors errors() {
        return errors;
    }

    /** Tells {@code message} to {@code target} at {@code deadlineNanos} (scenario time), from the delay line. */
    public <T> void deliverAt(long deadlineNanos, ActorRef<T> target, T message) {
        delayLine.deliverAt(deadlineNanos, target, message);
    }

    /**
     * Wraps {@code behavior} so that each {@link Deadlined} message of type {@code messageType} reaches it at its
     * deadline, never earlier, and its lateness is recorded in {@link #errors()}. Handlers of the wrapped behaviour
     * should return {@code Behaviors.same()}, not {@code this}: a returned instance is re-wrapped on every message.
     */
    public <T> Behavior<T> holdUntilDeadline(Class<T> messageType, Behavior<T> behavior) {
        return Behaviors.intercept(() -> new DeadlineInterceptor<>(messageType, this), behavior);
    }

    /** Stops the delay line. */
    @Override
    public void close() {
        delayLine.close();
    }
}
