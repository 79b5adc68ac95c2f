package io.edgesim.engine.cluster.actors;

import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import io.edgesim.engine.cluster.delivery.Deadlined;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.model.StageResult;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.fault.Leg;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The PoP of one node: takes each request at its arrival time and walks it through the chain of every limiter that
 * sees it, with the model's rule ({@link ChainProgress}). An in-PoP stage is decided at once by the model's tier
 * ({@link LocalTiers}); a remote stage (Durable Object, origin) is a {@link RemoteObjectEntity.Serve} to the object's
 * home node, due there at the departure time plus the one-way delay, and the chain goes on when the reply arrives
 * at its own deadline. When a chain ends, the outcome goes to the {@link OutcomeSink}.
 *
 * <p>Times: an in-PoP stage decides at the request's arrival (or, after a remote stage, at the reply's arrival),
 * never earlier than the PoP's previous in-PoP decision, since the model's tiers take calls in nondecreasing time. A
 * request leaves for a remote stage at its arrival plus the latency its chain has added so far, as in the virtual
 * engine. The latency a remote stage adds is measured: the scenario clock when the reply is handled, less the
 * departure, so the report includes every delivery error.
 *
 * <p>Faults and timeouts follow the model's rule for a message on its way ({@link Leg}, as in the virtual engine): a
 * request sent over a cut link, to a home that is down when it would arrive, or too slow to be served before its
 * stage's timeout, is not sent (the delivery layer drops it); a slow link delays it. A remote stage with a timeout
 * sends the PoP a {@code TimedOut} due at departure plus the timeout, which fails the request unless a reply back
 * within the timeout came first; a reply back later is ignored. The faults that touched a request go to the sink with
 * its outcome.
 */
public final class PopActor extends AbstractBehavior<PopActor.Command> {

    /** What a PoP accepts; an {@link Arrive} may come from the feeder in another process. */
    public sealed interface Command permits Arrive, Replied, NotCounted, TimedOut {
    }

    /**
     * A request arriving at this PoP, due at its arrival time, from the feeder.
     *
     * @param request       the request (its timeNanos is the deadline)
     * @param admissions    one per limiter that sees it
     * @param failoverFault the fault that moved it here from a PoP that was down, or -1
     */
    public record Arrive(Request request, List<Admission> admissions, int failoverFault)
            implements Command, Deadlined, CborSerializable {

        public Arrive {
            admissions = List.copyOf(admissions);
        }

        @Override
        public long deadlineNanos() {
            return request.timeNanos();
        }

        @Override
        public boolean injectedLatency() {
            return false;
        }
    }

    private record Replied(RemoteObjectEntity.Served served) implements Command, Deadlined {

        @Override
        public long deadlineNanos() {
            return served.deadlineNanos();
        }
    }

    // a reply lost on its way back or back after the timeout ({@code Served#counts}): handled as soon as it comes,
    // without a deadline, so that its transit is not taken for lateness of an injected latency
    private record NotCounted(RemoteObjectEntity.Served served) implements Command {
    }

    // a remote stage's reply did not come back in time: due at departure plus the stage's timeout
    private record TimedOut(long flightId, long deadlineNanos) implements Command, Deadlined {
    }

    private final String region;
    private final int popIndex;
    // null when the run has none
    private final FaultTimeline faults;
    private final List<LimiterSpec> limiters;
    private final LocalTiers tiers;
    private final RegionMap regions;
    private final RandomGenerator jitter;
    // the run's seed: with tails on, a call's round trip is drawn by a key mixed from it, as the virtual engine does
    private final long seed;
    private final ScenarioClock clock;
    private final ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>> objects;
    private final ChainSink sink;
    private final String namespacePrefix;
    private final ActorRef<RemoteObjectEntity.Served> replies;
    private final Map<Long, Flight> away = new HashMap<>();
    private long nextFlightId;
    private long lastTierNanos = Long.MIN_VALUE;

    private PopActor(ActorContext<Command> context, String region, ScenarioClock clock, Wiring wiring) {
        super(context);
        this.region = region;
        this.popIndex = wiring.popIndex();
        this.faults = wiring.faults() == null || wiring.faults().isEmpty() ? null : wiring.faults();
        this.limiters = wiring.limiters();
        this.tiers = wiring.tiers();
        this.regions = wiring.regions();
        this.jitter = Seeds.random(wiring.seed(), "pop-jitter", region);
        this.seed = wiring.seed();
        this.clock = clock;
        this.objects = wiring.objects();
        this.sink = wiring.sink();
        this.namespacePrefix = wiring.namespacePrefix();
        this.replies = context.messageAdapter(RemoteObjectEntity.Served.class,
                served -> served.counts() ? new Replied(served) : new NotCounted(served));
    }

    /**
     * What a PoP actor works with.
     *
     * @param popIndex the PoP's index in the scenario's PoPs
     * @param limiters the scenario's limiters, in order
     * @param tiers    the run's in-PoP stages
     * @param regions  round trips for request delays
     * @param seed     the run's seed; the PoP draws its jitter from a generator derived from it and the region
     * @param objects  this node's shard region of remote objects
     * @param sink     where finished chains go
     * @param namespacePrefix before the namespace of every remote object: the run's prefix (empty for a run inside
     *                        one process), followed by the warm-up prefix ({@link RemoteTiers#WARM_UP_PREFIX}) for
     *                        warm-up traffic
     * @param faults   the run's faults (none for warm-up traffic)
     */
    public record Wiring(int popIndex, List<LimiterSpec> limiters, LocalTiers tiers, RegionMap regions, long seed,
                  ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>> objects, ChainSink sink,
                  String namespacePrefix, FaultTimeline faults) {
    }

    /** The PoP actor of {@code region}, taking its messages at their deadlines by {@code delivery}. */
    public static Behavior<Command> create(String region, DeadlineDelivery delivery, Wiring wiring) {
        return delivery.holdUntilDeadline(Command.class,
                Behaviors.setup(context -> new PopActor(context, region, delivery.clock(), wiring)));
    }

    @Override
    public Receive<Command> createReceive() {
        // handlers return Behaviors.same(), not this: the deadline interceptor would re-wrap `this` on every message
        return newReceiveBuilder()
                .onMessage(Arrive.class, this::onArrive)
                .onMessage(Replied.class, this::onReplied)
                .onMessage(NotCounted.class, this::onNotCounted)
                .onMessage(TimedOut.class, this::onTimedOut)
                .build();
    }

    private Behavior<Command> onArrive(Arrive arrive) {
        for (Admission admission : arrive.admissions()) {
            int stageCount = limiters.get(admission.limiter()).stages().size();
            Flight flight = new Flight(arrive.request(), admission, stageCount);
            if (arrive.failoverFault() >= 0) {
                flight.failedOver = 1L << arrive.failoverFault();
                flight.touched = flight.failedOver;
            }
            proceed(flight, arrive.request().timeNanos());
        }
        return Behaviors.same();
    }

    private Behavior<Command> onReplied(Replied replied) {
        RemoteObjectEntity.Served served = replied.served();
        Flight flight = away.remove(served.flightId());
        if (flight == null) {
            // it timed out before the reply came
            return Behaviors.same();
        }
        flight.touched |= served.touched();
        long nowNanos = clock.nowNanos();
        StageResult result = served.result();
        flight.progress.addLatency(nowNanos - flight.departedNanos - result.addedLatencyNanos());
        flight.progress.answer().of(result);
        flight.progress.apply(flight.remoteKey);
        proceed(flight, nowNanos);
        return Behaviors.same();
    }

    // lost on the way back, or back after the timeout: the faults that touched it count, and its TimedOut decides. A
    // notice that comes after the TimedOut (the object took the request within the delivery lateness of the timeout)
    // finds the request ended, and its faults are not counted: the one way the two engines' fault counts can differ
    private Behavior<Command> onNotCounted(NotCounted notice) {
        Flight flight = away.get(notice.served().flightId());
        if (flight != null) {
            flight.touched |= notice.served().touched();
            // the object served it: its timeout fails the request, but the call reached its object
            flight.reached = true;
        }
        return Behaviors.same();
    }

    private Behavior<Command> onTimedOut(TimedOut timedOut) {
        Flight flight = away.remove(timedOut.flightId());
        if (flight == null) {
            // the reply came first
            return Behaviors.same();
        }
        StageSpec stage = limiters.get(flight.admission.limiter()).stages().get(flight.progress.nextStage());
        RemoteTier.timedOut(stage.tier(), flight.departedNanos, flight.progress.answer());
        if (flight.reached) {
            flight.progress.applyReached(flight.remoteKey);
        } else {
            flight.progress.apply(flight.remoteKey);
        }
        flight.reached = false;
        proceed(flight, timedOut.deadlineNanos());
        return Behaviors.same();
    }

    /** Meets the stages from the current one, from {@code segmentNanos} (arrival or return to the PoP). */
    private void proceed(Flight flight, long segmentNanos) {
        int limiter = flight.admission.limiter();
        LimiterSpec spec = limiters.get(limiter);
        while (!flight.progress.done()) {
            int s = flight.progress.nextStage();
            StageSpec stage = spec.stages().get(s);
            String key = stage.key().extract(flight.request);
            if (stage.kind().remote()) {
                depart(flight, s, key);
                return;
            }
            long nanos = tierNanos(segmentNanos);
            tiers.decide(popIndex, limiter, s, flight.request, key, nanos, flight.progress.answer());
            flight.touched |= KvEdge.faultsTouching(faults, flight.progress.answer(), nanos);
            flight.progress.apply(key);
        }
        sink.record(popIndex, flight.request, flight.admission, flight.progress, flight.touched, flight.failedOver);
    }

    private void depart(Flight flight, int stage, String key) {
        ObjectRoute route = flight.admission.remoteRoutes().get(flight.remoteStagesMet++);
        flight.remoteKey = key;
        // the request leaves once the stages before have answered
        flight.departedNanos = flight.request.timeNanos() + flight.progress.latencyNanos();
        long drawKey = RegionMap.drawKey(seed, flight.request.id(), flight.admission.limiter(), stage);
        long oneWayNanos = regions.oneWayNanos(region, route.homeRegion(), jitter, drawKey);
        long flightId = nextFlightId++;
        away.put(flightId, flight);
        // warm-up traffic loses nothing, and its timeouts would come due in the run's clock, restarted after it
        flight.timeoutNanos = RemoteTiers.warmUp(namespacePrefix) ? 0
                : RemoteTier.timeoutNanos(limiters.get(flight.admission.limiter()).stages().get(stage).tier());
        if (flight.timeoutNanos > 0) {
            getContext().getSelf().tell(new TimedOut(flightId, flight.departedNanos + flight.timeoutNanos));
        }
        // the delivery layer: a request over a cut link, or to a home down when it arrives, is lost, and one too slow
        // to be served before the timeout is never served; either fails at the timeout
        Leg out = Leg.out(faults, regions.indexOf(region), regions.indexOf(route.homeRegion()), flight.departedNanos,
                oneWayNanos);
        flight.touched |= out.touched();
        if (!out.servedBefore(flight.departedNanos, flight.timeoutNanos)) {
            return;
        }
        long deadlineNanos = out.arrivalNanos();
        String namespace = namespacePrefix + RemoteTiers.namespace(flight.admission.limiter(), stage);
        String entityId = RemoteObjectEntity.entityId(namespace, route);
        objects.tell(new ShardingEnvelope<>(entityId, new RemoteObjectEntity.Serve(flightId, region, deadlineNanos,
                flight.request.cost(), flight.request.plan(), drawKey, flight.departedNanos, flight.timeoutNanos,
                replies)));
    }

    // the model's tiers take calls in nondecreasing time; a late message must not take a PoP's tiers back in time
    private long tierNanos(long nanos) {
        lastTierNanos = Math.max(lastTierNanos, nanos);
        return lastTierNanos;
    }

    /** A request on its way through one limiter's chain. */
    private static final class Flight {
        final Request request;
        final Admission admission;
        final ChainProgress progress;
        int remoteStagesMet;
        // set while the request is away at a remote stage
        String remoteKey;
        long departedNanos;
        // the timeout of the remote stage it is away at, 0 for none
        long timeoutNanos;
        // whether the object it is away at served it (its reply lost or late: a call that reached its object)
        boolean reached;
        // the faults that touched the request, and those that moved it to this PoP (bit masks of their indexes)
        long touched;
        long failedOver;

        Flight(Request request, Admission admission, int stageCount) {
            this.request = request;
            this.admission = admission;
            this.progress = new ChainProgress(stageCount);
        }
    }
}
