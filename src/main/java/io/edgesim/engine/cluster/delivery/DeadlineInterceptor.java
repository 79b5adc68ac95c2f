package io.edgesim.engine.cluster.delivery;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.BehaviorInterceptor;
import org.apache.pekko.actor.typed.TypedActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Lets a {@link Deadlined} message through to the wrapped behaviour only once its deadline has come: an early one
 * goes to the delay line, which tells it back to the same actor at the deadline. On the way through, records how late
 * it is. Other messages pass untouched.
 */
final class DeadlineInterceptor<T> extends BehaviorInterceptor<T, T> {

    private final DeadlineDelivery delivery;

    DeadlineInterceptor(Class<T> messageType, DeadlineDelivery delivery) {
        super(messageType);
        this.delivery = delivery;
    }

    @Override
    public Behavior<T> aroundReceive(TypedActorContext<T> ctx, T message, ReceiveTarget<T> target) {
        if (message instanceof Deadlined timed) {
            long earlyNanos = timed.deadlineNanos() - delivery.clock().nowNanos();
            if (earlyNanos > 0) {
                delivery.deliverAt(timed.deadlineNanos(), ctx.asJava().getSelf(), message);
                return Behaviors.same();
            }
            delivery.errors().record(timed, -earlyNanos);
        }
        return target.apply(ctx, message);
    }
}
