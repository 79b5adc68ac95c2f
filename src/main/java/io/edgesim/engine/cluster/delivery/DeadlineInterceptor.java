package io.edgesim.engine.cluster.delivery;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.BehaviorInterceptor;
import org.apache.pekko.actor.typed.TypedActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Lets a {@link Deadlined} message through to the wrapped behaviour only once its deadline has come: an early one
 * goes to the delay line, which tells it back to the same actor at the deadline. On the way through, records how late
 * it is. Other messages pass untouched.
 *
 * <p>Never lets one message overtake another it holds: a message that comes due (or late) while the delay line still
 * holds one of this actor's with an earlier deadline (or the same deadline, held first) goes to the delay line too,
 * behind it. So the wrapped behaviour takes its messages in deadline order even when the delay line releases late,
 * as on a loaded machine, while a message that comes straight in late is not held behind others. One instance per
 * actor (its handlers return {@code Behaviors.same()}).
 */
final class DeadlineInterceptor<T> extends BehaviorInterceptor<T, T> {

    private final DeadlineDelivery delivery;
    // the messages this actor handed to the delay line and has not had back, in the order they are due
    private final Map<Object, Held> held = new IdentityHashMap<>();
    private final TreeSet<Held> heldInOrder = new TreeSet<>();
    private long heldSoFar;

    DeadlineInterceptor(Class<T> messageType, DeadlineDelivery delivery) {
        super(messageType);
        this.delivery = delivery;
    }

    @Override
    public Behavior<T> aroundReceive(TypedActorContext<T> ctx, T message, ReceiveTarget<T> target) {
        if (message instanceof Deadlined timed) {
            Held back = held.remove(message);
            if (back != null) {
                heldInOrder.remove(back);
            }
            long earlyNanos = timed.deadlineNanos() - delivery.clock().nowNanos();
            if (earlyNanos > 0 || behindAHeldOne(timed.deadlineNanos(), back)) {
                Held hold = back != null ? back : new Held(timed.deadlineNanos(), heldSoFar++);
                held.put(message, hold);
                heldInOrder.add(hold);
                delivery.deliverAt(timed.deadlineNanos(), ctx.asJava().getSelf(), message);
                return Behaviors.same();
            }
            delivery.errors().record(timed, -earlyNanos);
        }
        return target.apply(ctx, message);
    }

    // whether a held message is due before one due at deadlineNanos (held as `self`, or not held: after every other)
    private boolean behindAHeldOne(long deadlineNanos, Held self) {
        if (heldInOrder.isEmpty()) {
            return false;
        }
        Held first = heldInOrder.first();
        return self == null ? first.deadlineNanos <= deadlineNanos : first.compareTo(self) < 0;
    }

    /** A message in the delay line: its deadline, then the order it was first held in. */
    private record Held(long deadlineNanos, long sequence) implements Comparable<Held> {

        @Override
        public int compareTo(Held other) {
            int byDeadline = Long.compare(deadlineNanos, other.deadlineNanos);
            return byDeadline != 0 ? byDeadline : Long.compare(sequence, other.sequence);
        }
    }
}
