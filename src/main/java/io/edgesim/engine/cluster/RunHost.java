package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.ChainSink;
import io.edgesim.engine.cluster.actors.HomeRegionShards;
import io.edgesim.engine.cluster.actors.LocalTiers;
import io.edgesim.engine.cluster.actors.ObjectLedger;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.actors.RemoteTiers;
import io.edgesim.engine.cluster.actors.RunProtocol;
import io.edgesim.engine.cluster.actors.StageTotals;
import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import io.edgesim.engine.cluster.delivery.MonotonicScenarioClock;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.typed.Cluster;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The run host of a member that holds regions for runs coordinated elsewhere: an {@code edgesim node} process, or the
 * member a coordinator starts for the regions no node holds. It registers the remote object entity type once (objects
 * of every run, told apart by the run id their namespaces start with) and, per run ({@link RunProtocol}), builds the
 * scenario from the text it is sent, a clock sharing the coordinator's wall-clock instants, its PoP actors, whose
 * finished chains go back to the coordinator, and on {@link RunProtocol.Finish} its part of the bill; then it stops
 * the run's PoPs and objects, so a node that stays up keeps nothing of a run. A run whose coordinator goes away is
 * dropped the same way.
 */
public final class RunHost {

    /** How coordinators find the run hosts of the cluster (the receptionist). */
    public static final ServiceKey<RunProtocol.HostCommand> KEY =
            ServiceKey.create(RunProtocol.HostCommand.class, "edgesim-run-host");

    // the least highest trackable value of a decoded lateness histogram: an hour, in nanoseconds
    private static final long DECODED_HIGHEST_NANOS = 3_600_000_000_000L;

    private final ActorContext<RunProtocol.HostCommand> context;
    private final ClusterSettings settings;
    private final List<String> regions;
    private final ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>> objects;
    // read by the shard region's actors when they create an entity
    private final Map<String, RemoteObjectEntity.Run> objectRuns;
    private final Map<String, Hosted> runs = new HashMap<>();

    private RunHost(ActorContext<RunProtocol.HostCommand> context, ClusterSettings settings,
                    Map<String, RemoteObjectEntity.Run> objectRuns,
                    ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>> objects) {
        this.context = context;
        this.settings = settings;
        this.regions = regionRoles(context.getSystem());
        this.objects = objects;
        this.objectRuns = objectRuns;
    }

    /** One run on this host. */
    private record Hosted(Scenario scenario, DeadlineDelivery delivery, MonotonicScenarioClock clock,
                          LocalTiers tiers, ObjectLedger ledger, List<ActorRef<PopActor.Command>> pops,
                          ActorRef<RunProtocol.ChainDone> outcomes) {
    }

    /**
     * Registers the remote object entity type on {@code system} (roles = the regions it holds) and, when it holds
     * regions, spawns its run host, registered with the receptionist under {@link #KEY}. Call it on every member of
     * a cluster of node processes, coordinators too, as soon as it starts: the shard coordinator writes its state to
     * every member while the cluster has under 7 (Pekko's write-majority-plus = 3) and waits for one without it. A
     * coordinator's shard region homes nothing: no region is among its roles.
     */
    public static void install(ActorSystem<?> system, ClusterSettings settings) {
        Map<String, RemoteObjectEntity.Run> objectRuns = new ConcurrentHashMap<>();
        ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>> objects = RemoteObjectEntity.initSharding(system,
                regionRoles(system), settings.shardsPerRegion(),
                entityId -> objectRuns.get(runIdOf(HomeRegionShards.namespace(entityId))));
        if (regionRoles(system).isEmpty()) {
            return;
        }
        system.systemActorOf(Behaviors.<RunProtocol.HostCommand>setup(context -> {
            context.getSystem().receptionist().tell(Receptionist.register(KEY, context.getSelf()));
            return new RunHost(context, settings, objectRuns, objects).behavior();
        }), "run-host", Props.empty());
    }

    private static List<String> regionRoles(ActorSystem<?> system) {
        return JoinedCluster.regionRoles(Cluster.get(system).selfMember());
    }

    // the run id is the namespace's first segment ("RUNID/0.1", "RUNID/warm-up/0.1")
    private static String runIdOf(String namespace) {
        int slash = namespace.indexOf('/');
        return slash < 0 ? "" : namespace.substring(0, slash);
    }

    private Behavior<RunProtocol.HostCommand> behavior() {
        return Behaviors.receive(RunProtocol.HostCommand.class)
                .onMessage(RunProtocol.Prepare.class, this::onPrepare)
                .onMessage(RunProtocol.WarmUp.class, this::onWarmUp)
                .onMessage(RunProtocol.Start.class, this::onStart)
                .onMessage(RunProtocol.Finish.class, this::onFinish)
                .onSignal(Terminated.class, this::onCoordinatorGone)
                .build();
    }

    private Behavior<RunProtocol.HostCommand> onPrepare(RunProtocol.Prepare prepare) {
        String runId = prepare.runId();
        List<RunProtocol.PopRef> pops = new ArrayList<>();
        List<RunProtocol.PopRef> warmUpPops = new ArrayList<>();
        if (runs.containsKey(runId) || objectRuns.containsKey(runId) || !runId.matches("[A-Za-z0-9]+")) {
            prepare.replyTo().tell(new RunProtocol.Prepared(runId, List.of(), List.of(),
                    "run id '" + runId + "' is taken or not letters and digits"));
            return Behaviors.same();
        }
        List<ActorRef<PopActor.Command>> spawned = new ArrayList<>();
        try {
            Scenario scenario = ScenarioLoader.fromText(prepare.scenario());
            MonotonicScenarioClock clock = new MonotonicScenarioClock(prepare.speed(),
                    MonotonicScenarioClock.realNanosAtEpoch(prepare.originEpochNanos()));
            DeadlineDelivery delivery = new DeadlineDelivery(clock, settings.delayLineSpinNanos());
            ObjectLedger ledger = new ObjectLedger();
            objectRuns.put(runId, new RemoteObjectEntity.Run(RemoteTiers.of(scenario), ledger, delivery));
            // the warm-up's own tiers, so that its requests leave no trace in the run's counts
            Set<String> hosted = Set.copyOf(prepare.pops());
            LocalTiers tiers = new LocalTiers(scenario, scenario.faultTimeline(), hosted);
            FaultTimeline noFaults = FaultTimeline.none(scenario.regions());
            LocalTiers warmUpTiers = new LocalTiers(scenario, noFaults, hosted);
            for (String pop : prepare.pops()) {
                int index = scenario.pops().indexOf(pop);
                if (index < 0 || !regions.contains(pop)) {
                    throw new IllegalArgumentException("PoP " + pop + " is not a PoP of the scenario held here");
                }
                PopActor.Wiring wiring = new PopActor.Wiring(index, scenario.limiters(), tiers, scenario.regions(),
                        scenario.seed(), objects, forwarding(prepare.outcomes()), runId + "/",
                        scenario.faultTimeline());
                ActorRef<PopActor.Command> actor = context.spawn(PopActor.create(pop, delivery, wiring),
                        "pop-" + runId + "-" + pop);
                PopActor.Wiring warmUp = new PopActor.Wiring(index, scenario.limiters(), warmUpTiers,
                        scenario.regions(), scenario.seed(), objects, forwarding(prepare.warmUpOutcomes()),
                        runId + "/" + RemoteTiers.WARM_UP_PREFIX, noFaults);
                ActorRef<PopActor.Command> warmUpActor = context.spawn(PopActor.create(pop, delivery, warmUp),
                        TrafficWarmUp.ACTOR_NAME + "-" + runId + "-" + pop);
                spawned.add(actor);
                spawned.add(warmUpActor);
                pops.add(new RunProtocol.PopRef(pop, actor));
                warmUpPops.add(new RunProtocol.PopRef(pop, warmUpActor));
            }
            runs.put(runId, new Hosted(scenario, delivery, clock, tiers, ledger, spawned, prepare.outcomes()));
            context.watch(prepare.outcomes());
        } catch (RuntimeException e) {
            spawned.forEach(context::stop);
            forget(runId);
            prepare.replyTo().tell(new RunProtocol.Prepared(runId, List.of(), List.of(), message(e)));
            return Behaviors.same();
        }
        prepare.replyTo().tell(new RunProtocol.Prepared(runId, pops, warmUpPops, null));
        return Behaviors.same();
    }

    // the pings wait for answers: on a thread of their own, not the actor's nor a shared pool's
    private Behavior<RunProtocol.HostCommand> onWarmUp(RunProtocol.WarmUp warmUp) {
        if (!runs.containsKey(warmUp.runId())) {
            warmUp.replyTo().tell(new RunProtocol.Done(warmUp.runId(), "no run " + warmUp.runId() + " here"));
            return Behaviors.same();
        }
        ActorSystem<?> system = context.getSystem();
        Thread pinging = new Thread(() -> {
            String error = null;
            try {
                ShardWarmUp.fromMember(system, warmUp.members(), warmUp.homeRegions(),
                        warmUp.runId() + "/" + ShardWarmUp.NAMESPACE, settings.shardsPerRegion(),
                        settings.startupTimeout());
            } catch (RuntimeException e) {
                error = message(e);
            }
            warmUp.replyTo().tell(new RunProtocol.Done(warmUp.runId(), error));
        }, "edgesim-shard-warm-up-" + warmUp.runId());
        pinging.setDaemon(true);
        pinging.start();
        return Behaviors.same();
    }

    private Behavior<RunProtocol.HostCommand> onStart(RunProtocol.Start start) {
        Hosted run = runs.get(start.runId());
        if (run == null) {
            start.replyTo().tell(new RunProtocol.Done(start.runId(), "no run " + start.runId() + " here"));
            return Behaviors.same();
        }
        run.clock().startAt(MonotonicScenarioClock.realNanosAtEpoch(start.startEpochNanos()));
        run.delivery().errors().reset();
        start.replyTo().tell(new RunProtocol.Done(start.runId(), null));
        return Behaviors.same();
    }

    private Behavior<RunProtocol.HostCommand> onFinish(RunProtocol.Finish finish) {
        Hosted run = runs.get(finish.runId());
        if (run == null) {
            finish.replyTo().tell(new RunProtocol.Finished(finish.runId(), null, null, null,
                    "no run " + finish.runId() + " here"));
            return Behaviors.same();
        }
        StageTotals totals = StageTotals.of(run.scenario(), run.tiers(), List.of(run.ledger()), finish.runId() + "/");
        String latency = encode(run.delivery().errors().latencyInterval());
        String arrival = encode(run.delivery().errors().arrivalInterval());
        forget(finish.runId());
        finish.replyTo().tell(new RunProtocol.Finished(finish.runId(), totals, latency, arrival, null));
        return Behaviors.same();
    }

    private Behavior<RunProtocol.HostCommand> onCoordinatorGone(Terminated terminated) {
        runs.entrySet().stream().filter(e -> e.getValue().outcomes().equals(terminated.getRef()))
                .map(Map.Entry::getKey).toList().forEach(this::forget);
        return Behaviors.same();
    }

    // stops the run's PoPs and objects and drops everything else of it
    private void forget(String runId) {
        Hosted run = runs.remove(runId);
        RemoteObjectEntity.Run objectRun = objectRuns.remove(runId);
        if (run != null) {
            run.pops().forEach(context::stop);
            context.unwatch(run.outcomes());
        }
        if (objectRun != null) {
            for (String entityId : objectRun.ledger().entityIds()) {
                objects.tell(new ShardingEnvelope<>(entityId, new RemoteObjectEntity.Retire()));
            }
            objectRun.delivery().close();
        }
    }

    private static ChainSink forwarding(ActorRef<RunProtocol.ChainDone> outcomes) {
        return (pop, request, admission, progress, touched, failedOver) -> outcomes.tell(new RunProtocol.ChainDone(
                pop, request.id(), admission.limiter(), progress.snapshot(), touched, failedOver));
    }

    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * A lateness histogram a host sent ({@link #encode}), its counts array long enough for values up to an hour
     * whatever highest trackable value its header gives: a node's interval histogram (auto-resizing, recorded into by
     * many threads) once came with recorded values past the one in its header, which a decoder sized by the header
     * alone failed on (ArrayIndexOutOfBoundsException in HdrHistogram 2.2.2, MultiProcessBenchmark on a loaded machine).
     */
    static Histogram decode(String encoded) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)),
                    DECODED_HIGHEST_NANOS);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalStateException("a node sent a lateness histogram that does not decode", e);
        }
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
