package io.edgesim.engine.cluster;

import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ObjectRoute;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;

import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The PoP of one node: receives each request at its arrival time, asks the request's Durable Object for a decision
 * (a deadline message to the object's home region, with a correlation id and an explicit reply-to), and reports the
 * request completed when the reply arrives at its own deadline.
 *
 * <p>Phase 1 routes every request to one Durable Object; the limiter chain (in-PoP tiers first) takes its place
 * between {@link #onArrive} and the object later.
 */
public final class PopActor extends AbstractBehavior<PopActor.Command> {

    /** What a PoP accepts. */
    public sealed interface Command permits Arrive, ObjectReplied {
    }

    /**
     * A request arriving at this PoP, due at its arrival time.
     *
     * @param request the request (its timeNanos is the deadline)
     * @param route   the Durable Object that decides it
     */
    public record Arrive(Request request, ObjectRoute route) implements Command, Deadlined {

        @Override
        public long deadlineNanos() {
            return request.timeNanos();
        }

        @Override
        public boolean injectedLatency() {
            return false;
        }
    }

    private record ObjectReplied(DurableObjectEntity.Served served) implements Command, Deadlined {

        @Override
        public long deadlineNanos() {
            return served.deadlineNanos();
        }
    }

    /**
     * A request the PoP has an answer for.
     *
     * @param request            the request
     * @param route              the object that decided it
     * @param objectArrivalNanos when it reached the object (the decision time), scenario time
     * @param objectHandledNanos the clock when the object handled it
     * @param completedNanos     when the reply reached the PoP (its deadline), scenario time
     * @param handledNanos       the clock when the PoP handled the reply
     * @param decision           the object's answer
     */
    public record Completed(Request request, ObjectRoute route, long objectArrivalNanos, long objectHandledNanos,
                            long completedNanos, long handledNanos, Decision decision) {

        /** Latency the object added to the request: the round trip plus any wait, scenario nanoseconds. */
        public long addedLatencyNanos() {
            return completedNanos - request.timeNanos();
        }
    }

    private final ClusterNode node;
    private final RegionMap regions;
    private final RandomGenerator jitter;
    private final ActorRef<Completed> results;
    private final ActorRef<DurableObjectEntity.Served> replies;
    private final Map<Long, Arrive> pending = new HashMap<>();
    private final Map<ObjectRoute, EntityRef<DurableObjectEntity.Command>> objects = new HashMap<>();

    private PopActor(ActorContext<Command> context, ClusterNode node, RegionMap regions, RandomGenerator jitter,
                     ActorRef<Completed> results) {
        super(context);
        this.node = node;
        this.regions = regions;
        this.jitter = jitter;
        this.results = results;
        this.replies = context.messageAdapter(DurableObjectEntity.Served.class, ObjectReplied::new);
    }

    /**
     * The PoP actor of {@code node}.
     *
     * @param regions latency matrix for request delays
     * @param seed    run seed; the PoP draws its jitter from a generator derived from it and the region
     * @param results receives one {@link Completed} per request
     */
    public static Behavior<Command> create(ClusterNode node, RegionMap regions, long seed,
                                           ActorRef<Completed> results) {
        return node.delivery().holdUntilDeadline(Command.class, Behaviors.setup(context -> new PopActor(context,
                node, regions, Seeds.random(seed, "pop-jitter", node.region()), results)));
    }

    @Override
    public Receive<Command> createReceive() {
        // handlers return Behaviors.same(), not this: the deadline interceptor would re-wrap `this` on every message
        return newReceiveBuilder()
                .onMessage(Arrive.class, this::onArrive)
                .onMessage(ObjectReplied.class, this::onObjectReplied)
                .build();
    }

    private Behavior<Command> onArrive(Arrive arrive) {
        Request request = arrive.request();
        long deadlineNanos = request.timeNanos()
                + regions.oneWayNanos(node.region(), arrive.route().homeRegion(), jitter);
        pending.put(request.id(), arrive);
        object(arrive.route()).tell(new DurableObjectEntity.Serve(request.id(), node.region(), deadlineNanos,
                request.cost(), replies));
        return Behaviors.same();
    }

    private Behavior<Command> onObjectReplied(ObjectReplied replied) {
        DurableObjectEntity.Served served = replied.served();
        Arrive arrive = pending.remove(served.requestId());
        results.tell(new Completed(arrive.request(), arrive.route(), served.decidedNanos(), served.handledNanos(),
                served.deadlineNanos(), node.delivery().clock().nowNanos(), served.decision()));
        return Behaviors.same();
    }

    private EntityRef<DurableObjectEntity.Command> object(ObjectRoute route) {
        return objects.computeIfAbsent(route, r -> DurableObjectEntity.refFor(node, r));
    }
}
