package io.edgesim.engine.cluster.actors;

import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import io.edgesim.engine.cluster.delivery.Deadlined;
import io.edgesim.model.Seeds;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.fault.Leg;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.RemoteTier;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingSettings;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;

import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * A remote counter as a sharded entity living on the node of its home region (see {@link HomeRegionShards} and
 * {@link HomeRegionAllocationStrategy}): a Durable Object (one entity per object name, as the placement policy named
 * and homed it), or an origin limiter's counter for one key (homed in the origin's region). Single-threaded because it
 * is an actor, it holds the model's {@link RemoteTier} of its stage, serving this one object, and calls it with the
 * request's arrival time, as the virtual engine calls its own: the service time, the queue bound and the overload
 * errors are the model's. The object's name is numbered once, in a numbering of the entity's own, with the plan of
 * its first request.
 *
 * <p>A request's arrival is its message's deadline (sent at the PoP, plus the one-way delay PoP to home). A request
 * whose deadline is earlier than the last one this object served (its message was late: its transport outlasted the
 * injected delay) is served at that last arrival instead, so the server always sees arrivals in nondecreasing order,
 * as the model requires. The reply leaves when the server says (its reply time) and is due at the PoP after the
 * one-way delay home to PoP.
 */
public final class RemoteObjectEntity extends AbstractBehavior<RemoteObjectEntity.Command> {

    /** The sharded entity type of remote objects. */
    public static final EntityTypeKey<Command> TYPE_KEY = EntityTypeKey.create(Command.class, "RemoteObject");

    /** What a remote object accepts; every message may come from another node. */
    public sealed interface Command extends CborSerializable permits Serve, Ping, Retire {
    }

    /**
     * A request for a decision.
     *
     * @param flightId      correlation id of the sending PoP, echoed in the reply
     * @param fromRegion    the PoP that sent it, where the reply goes
     * @param deadlineNanos when it reaches the object: departure from the PoP + one-way delay, scenario time
     * @param cost          tokens the request costs
     * @param plan          the plan of the request's client, or null; the object counts with the numbers of the plan
     *                      its first request carries
     * @param drawKey       draws the call's round trip (with tails on), so the way back takes what the way there
     *                      took: {@code RegionMap.drawKey} of the run's seed, the request, its limiter and stage
     * @param departedNanos when it left the PoP, scenario time
     * @param timeoutNanos  how long the PoP waits for the reply from then (0: for ever), for
     *                      {@link Leg#backWithin}
     * @param replyTo       receives the {@link Served} reply
     */
    public record Serve(long flightId, String fromRegion, long deadlineNanos, long cost, String plan, long drawKey,
                        long departedNanos, long timeoutNanos, ActorRef<Served> replyTo)
            implements Command, Deadlined {
    }

    /** Asks which node hosts the object (warm-up and placement checks); no deadline. */
    public record Ping(ActorRef<Pong> replyTo) implements Command {
    }

    /** The run is over: the object stops (a node process that stays up for the next run keeps nothing of it). */
    public record Retire() implements Command {
    }

    /** What a remote object sends back. */
    public sealed interface Reply extends CborSerializable permits Served, Pong {
    }

    /**
     * The answer to a {@link Serve}.
     *
     * @param flightId      the request's correlation id
     * @param deadlineNanos when the reply reaches the PoP: the server's reply time + one-way delay home to PoP; for
     *                      a reply that does not count, when the object took the request (already past)
     * @param result        the model's answer; its added latency is the time spent at the object
     * @param touched       the faults that slowed or lost the reply (a bit mask of their indexes), else 0
     * @param counts        false when a fault lost the reply on its way back or it would be back after the PoP's
     *                      timeout ({@link Leg#backWithin}): the PoP then only notes {@code touched}, and the request
     *                      fails at its timeout, as on the virtual engine
     */
    public record Served(long flightId, long deadlineNanos, StageResult result, long touched, boolean counts)
            implements Reply, Deadlined {
    }

    /**
     * @param entityId    the object's entity id (HOME|namespace|name)
     * @param hostRegions the region roles of the member the entity runs on
     */
    public record Pong(String entityId, List<String> hostRegions) implements Reply {

        public Pong {
            hostRegions = List.copyOf(hostRegions);
        }
    }

    /**
     * What the objects of one run work with on one member.
     *
     * @param tiers    the run's remote stages
     * @param ledger   where the member's objects of the run list themselves
     * @param delivery the run's deadline delivery on this member
     */
    public record Run(RemoteTiers tiers, ObjectLedger ledger, DeadlineDelivery delivery) {
    }

    private final String entityId;
    private final String homeRegion;
    private final List<String> hostRegions;
    private final ObjectRoute route;
    private final RemoteTiers.Tier tier;
    private final RegionMap regions;
    private final RandomGenerator jitter;
    private final ObjectLedger ledger;
    // the run's faults (none for warm-up objects), and null when there are none
    private final FaultTimeline faults;
    private final StageVerdict verdict = new StageVerdict();
    // created on the first request: the tier, and the number of the object's name in the tier's numbering
    private RemoteTier server;
    private int objectKey;
    private long lastArrivalNanos = Long.MIN_VALUE;

    private RemoteObjectEntity(ActorContext<Command> context, String entityId, List<String> hostRegions,
                               RemoteTiers tiers, ObjectLedger ledger) {
        super(context);
        this.route = HomeRegionShards.route(entityId);
        this.entityId = entityId;
        this.homeRegion = route.homeRegion();
        this.hostRegions = hostRegions;
        this.tier = tiers.tier(HomeRegionShards.namespace(entityId));
        this.regions = tiers.regions();
        this.jitter = Seeds.random(tiers.seed(), "object-jitter", entityId);
        this.ledger = ledger;
        String namespace = HomeRegionShards.namespace(entityId);
        this.faults = tiers.faults().isEmpty() || RemoteTiers.warmUp(namespace) ? null : tiers.faults();
        ledger.created(entityId);
    }

    /**
     * Registers the entity type on {@code system}; call it on every member that homes objects, with the same number
     * of shards. Entities are never passivated: an object keeps its state until its run retires it.
     *
     * @param hostRegions     the member's region roles
     * @param shardsPerRegion shards per home region
     * @param runOf           the run an entity id belongs to (by its namespace's prefix), or null when that run is
     *                        over: a late message for it then finds an object that stops at once
     * @return the member's shard region
     */
    public static ActorRef<ShardingEnvelope<Command>> initSharding(ActorSystem<?> system, List<String> hostRegions,
                                                                  int shardsPerRegion, Function<String, Run> runOf) {
        HomeRegionShards shards = new HomeRegionShards(shardsPerRegion);
        List<String> regions = List.copyOf(hostRegions);
        return ClusterSharding.get(system).init(Entity.of(TYPE_KEY, entityContext -> {
                    String entityId = entityContext.getEntityId();
                    Run run = runOf.apply(entityId);
                    if (run == null) {
                        return Behaviors.<Command>setup(context -> Behaviors.stopped());
                    }
                    return run.delivery().holdUntilDeadline(Command.class,
                            create(entityId, regions, run.tiers(), run.ledger()));
                })
                .withMessageExtractor(new HomeRegionMessageExtractor<>(shards))
                .withAllocationStrategy(new HomeRegionAllocationStrategy(system))
                .withSettings(ClusterShardingSettings.create(system).withNoPassivationStrategy()));
    }

    /** The entity id of the object {@code route} names in {@code namespace}. */
    public static String entityId(String namespace, ObjectRoute route) {
        return HomeRegionShards.entityId(namespace, route);
    }

    /** A reference to the object {@code route} names in {@code namespace}, usable from {@code system}. */
    public static EntityRef<Command> refFor(ActorSystem<?> system, String namespace, ObjectRoute route) {
        return ClusterSharding.get(system).entityRefFor(TYPE_KEY, entityId(namespace, route));
    }

    private static Behavior<Command> create(String entityId, List<String> hostRegions, RemoteTiers tiers,
                                            ObjectLedger ledger) {
        return Behaviors.setup(context -> new RemoteObjectEntity(context, entityId, hostRegions, tiers, ledger));
    }

    @Override
    public Receive<Command> createReceive() {
        // handlers return Behaviors.same(), not this: the deadline interceptor would re-wrap `this` on every message
        return newReceiveBuilder()
                .onMessage(Serve.class, this::onServe)
                .onMessage(Ping.class, this::onPing)
                .onMessage(Retire.class, retire -> Behaviors.stopped())
                .build();
    }

    private Behavior<Command> onServe(Serve serve) {
        long arrivalNanos = Math.max(serve.deadlineNanos(), lastArrivalNanos);
        lastArrivalNanos = arrivalNanos;
        RemoteTier object = server(serve.plan());
        long replyNanos = object.serve(route, objectKey, arrivalNanos, serve.cost(), verdict);
        long replyDeadlineNanos = replyNanos + regions.oneWayNanos(homeRegion, serve.fromRegion(), jitter,
                serve.drawKey());
        // the delivery layer: a reply over a cut link is lost; a slow link delays it. A reply that does not count
        // (lost, or back after the timeout) still tells the PoP, at once, which faults touched it: the virtual engine
        // counts them too, and the request's TimedOut, due later, ends it
        Leg back = Leg.back(faults, regions.indexOf(homeRegion), regions.indexOf(serve.fromRegion()), replyNanos,
                replyDeadlineNanos - replyNanos);
        boolean counts = back.backWithin(serve.departedNanos(), serve.timeoutNanos());
        serve.replyTo().tell(new Served(serve.flightId(), counts ? back.arrivalNanos() : serve.deadlineNanos(),
                verdict.result(), back.touched(), counts));
        return Behaviors.same();
    }

    private Behavior<Command> onPing(Ping ping) {
        ping.replyTo().tell(new Pong(entityId, hostRegions));
        return Behaviors.same();
    }

    // created on the first request, not on a ping: warm-up objects are not the run's objects
    private RemoteTier server(String plan) {
        if (server == null) {
            if (tier == null) {
                throw new IllegalStateException("object " + entityId + " belongs to no remote stage of the run");
            }
            KeyIds keys = new KeyIds();
            objectKey = keys.idOf(route.objectName(), plan);
            server = tier.newTier(keys, regions, faults == null ? FaultTimeline.none(regions) : faults);
            ledger.add(tier.namespace(), homeRegion, server);
        }
        return server;
    }
}
