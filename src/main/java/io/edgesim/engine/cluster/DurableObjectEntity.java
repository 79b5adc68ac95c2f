package io.edgesim.engine.cluster;

import io.edgesim.model.Seeds;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ObjectRoute;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingSettings;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;

import java.util.random.RandomGenerator;

/**
 * A Durable Object: one sharded entity per object, living on the node of its home region (see
 * {@link HomeRegionShards} and {@link HomeRegionAllocationStrategy}), single-threaded because it is an actor. Each
 * request reaches it at its deadline (sent at the PoP, plus the one-way delay PoP to home); it decides at that instant
 * with its counter, then replies with a deadline of the decision time plus the one-way delay home to PoP.
 *
 * <p>Phase 1 holds a bare {@link RateCounter}; the model's Durable Object server (queueing, service time, overload)
 * takes its place behind {@link #onServe} later.
 */
public final class DurableObjectEntity extends AbstractBehavior<DurableObjectEntity.Command> {

    /** The sharded entity type of Durable Objects. */
    public static final EntityTypeKey<Command> TYPE_KEY = EntityTypeKey.create(Command.class, "DurableObject");

    /** What a Durable Object accepts; every message may come from another node. */
    public sealed interface Command extends CborSerializable permits Serve, Ping {
    }

    /**
     * A request for a decision.
     *
     * @param requestId     correlation id, echoed in the reply
     * @param fromRegion    the PoP that sent it, where the reply goes
     * @param deadlineNanos when it reaches the object: send time + one-way delay, scenario time
     * @param cost          tokens the request costs
     * @param replyTo       receives the {@link Served} reply
     */
    public record Serve(long requestId, String fromRegion, long deadlineNanos, long cost, ActorRef<Served> replyTo)
            implements Command, Deadlined {
    }

    /** Asks which node hosts the object (warm-up and placement checks); no deadline. */
    public record Ping(ActorRef<Pong> replyTo) implements Command {
    }

    /** What a Durable Object sends back. */
    public sealed interface Reply extends CborSerializable permits Served, Pong {
    }

    /**
     * The decision for a {@link Serve}.
     *
     * @param requestId     the request's correlation id
     * @param deadlineNanos when the reply reaches the PoP: decision time + one-way delay home to PoP
     * @param decidedNanos  when the object decided (the request's arrival there), scenario time
     * @param handledNanos  the clock when the object handled it (decidedNanos plus the delivery error)
     * @param decision      the counter's answer
     */
    public record Served(long requestId, long deadlineNanos, long decidedNanos, long handledNanos, Decision decision)
            implements Reply, Deadlined {
    }

    /**
     * @param entityId   the object's entity id (HOME|name)
     * @param hostRegion the role of the node the entity runs on
     */
    public record Pong(String entityId, String hostRegion) implements Reply {
    }

    private final String entityId;
    private final String homeRegion;
    private final String hostRegion;
    private final RegionMap regions;
    private final RateCounter counter;
    private final RandomGenerator jitter;
    private final ScenarioClock clock;
    private long lastDecidedNanos = Long.MIN_VALUE;

    private DurableObjectEntity(ActorContext<Command> context, String entityId, String hostRegion, RegionMap regions,
                                RateCounter counter, RandomGenerator jitter, ScenarioClock clock) {
        super(context);
        this.entityId = entityId;
        this.homeRegion = HomeRegionShards.route(entityId).homeRegion();
        this.hostRegion = hostRegion;
        this.regions = regions;
        this.counter = counter;
        this.jitter = jitter;
        this.clock = clock;
    }

    /**
     * Registers the Durable Object entity type on {@code node}; call it on every node of the run with the same
     * arguments. Entities are never passivated: an object keeps its state for the whole run.
     *
     * @param regions   latency matrix for reply delays
     * @param algorithm the counter each object runs
     * @param seed      run seed; each object draws its reply jitter from a generator derived from it and its id
     * @return the node's shard region
     */
    public static ActorRef<ShardingEnvelope<Command>> initSharding(ClusterNode node, RegionMap regions,
                                                                  AlgorithmSpec algorithm, long seed) {
        HomeRegionShards shards = new HomeRegionShards(node.settings().shardsPerRegion());
        return node.sharding().init(Entity.of(TYPE_KEY, entityContext -> node.delivery().holdUntilDeadline(
                        Command.class, create(entityContext.getEntityId(), node, regions, algorithm, seed)))
                .withMessageExtractor(new HomeRegionMessageExtractor<>(shards))
                .withAllocationStrategy(new HomeRegionAllocationStrategy(node.system()))
                .withSettings(ClusterShardingSettings.create(node.system()).withNoPassivationStrategy()));
    }

    /** A reference to the object {@code route} names, usable from {@code node}. */
    public static EntityRef<Command> refFor(ClusterNode node, ObjectRoute route) {
        return node.sharding().entityRefFor(TYPE_KEY, HomeRegionShards.entityId(route));
    }

    private static Behavior<Command> create(String entityId, ClusterNode node, RegionMap regions,
                                            AlgorithmSpec algorithm, long seed) {
        return Behaviors.setup(context -> new DurableObjectEntity(context, entityId, node.region(), regions,
                algorithm.newCounter(), Seeds.random(seed, "durable-object-jitter", entityId),
                node.delivery().clock()));
    }

    @Override
    public Receive<Command> createReceive() {
        // handlers return Behaviors.same(), not this: the deadline interceptor would re-wrap `this` on every message
        return newReceiveBuilder()
                .onMessage(Serve.class, this::onServe)
                .onMessage(Ping.class, this::onPing)
                .build();
    }

    private Behavior<Command> onServe(Serve serve) {
        // a request handled late (its transport outlasted its delay) is served after those already decided
        long decidedNanos = Math.max(serve.deadlineNanos(), lastDecidedNanos);
        lastDecidedNanos = decidedNanos;
        Decision decision = counter.tryAcquire(decidedNanos, serve.cost());
        long replyDeadlineNanos = decidedNanos + regions.oneWayNanos(homeRegion, serve.fromRegion(), jitter);
        serve.replyTo().tell(new Served(serve.requestId(), replyDeadlineNanos, decidedNanos, clock.nowNanos(),
                decision));
        return Behaviors.same();
    }

    private Behavior<Command> onPing(Ping ping) {
        ping.replyTo().tell(new Pong(entityId, hostRegion));
        return Behaviors.same();
    }
}
