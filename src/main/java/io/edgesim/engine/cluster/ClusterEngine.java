package io.edgesim.engine.cluster;

import io.edgesim.engine.StageStats;
import io.edgesim.engine.cluster.actors.LocalTiers;
import io.edgesim.engine.cluster.actors.ObjectLedger;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.actors.RemoteTiers;
import io.edgesim.engine.cluster.actors.StageTotals;
import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.engine.cluster.node.ClusterNode;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.EmbeddedCluster;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.ClusterRun;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioText;
import io.edgesim.traffic.TrafficGenerator;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a scenario on an Apache Pekko cluster in this JVM, in real time scaled by the speed: one node per PoP (and per
 * region a remote stage can home an object in), a {@link PopActor} on each PoP's node holding that PoP's in-PoP
 * tiers, and remote objects (Durable Objects, origin counters) as {@link RemoteObjectEntity} entities sharded onto
 * their home region's node. The feeding thread injects the same request stream as the virtual engine
 * ({@link TrafficGenerator}, same seed) at each request's time; every message between regions is delivered at its
 * deadline by the {@link DeadlineDelivery}. The result has the virtual engine's form, with engine "cluster", every
 * time in scenario time.
 *
 * <p>Not deterministic: the order in which messages due at nearly the same instant are handled, and so a few
 * decisions near a limit, can differ run to run; {@link #fidelity()} says how late deadlines were met.
 */
public final class ClusterEngine {

    public static final String NAME = "cluster";
    /** How the placement names a node running in the process that feeds the traffic. */
    public static final String COORDINATOR = "(coordinator)";
    private static final double NANOS_PER_MS = 1e6;

    private final Scenario scenario;
    private final DecisionListener listener;
    private final double speed;
    private final ClusterSettings settings;
    private volatile Running running;
    // while traffic runs, for tests that stop a node
    private volatile EmbeddedCluster runningCluster;
    private volatile String phase = "starting";
    private Fidelity fidelity;
    // the node processes to run on, or null to run on a cluster in this process
    private JoinedRun.Nodes nodes;

    /**
     * @param speed    scenario nanoseconds per real nanosecond (the --speed flag), greater than 0
     * @param settings the cluster settings (edgesim-cluster.conf)
     */
    public ClusterEngine(Scenario scenario, DecisionListener listener, double speed, ClusterSettings settings) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed must be a number greater than 0, was " + speed);
        }
        this.scenario = scenario;
        this.listener = listener;
        this.speed = speed;
        this.settings = settings;
    }

    /**
     * Makes {@link #run} run on the cluster of {@code edgesim node} processes that {@code cluster} joined, instead of
     * a cluster in this process: the nodes build the run from {@code text} (the scenario as this engine's, with its
     * seed), and PoPs and object homes no node holds run on a member this process starts for them.
     *
     * @return this engine
     */
    public ClusterEngine onNodes(JoinedCluster cluster, ScenarioText text) {
        this.nodes = new JoinedRun.Nodes(cluster, text);
        return this;
    }

    /**
     * Forms the cluster (or readies the joined nodes), runs the whole scenario, stops the cluster (the joined nodes
     * stay up) and returns the result.
     */
    public RunResult run() {
        return run(cluster -> {
        });
    }

    /**
     * The same, calling {@code beforeShutdown} with the cluster once every decision is recorded and before the
     * nodes stop (tests inspect the sharding state there).
     */
    RunResult run(Consumer<EmbeddedCluster> beforeShutdown) {
        if (nodes != null) {
            return new JoinedRun(this, scenario, listener, speed, settings, nodes).run();
        }
        List<String> nodeRegions = NodeRegions.of(scenario);
        RemoteTiers remote = RemoteTiers.of(scenario);
        LocalTiers local = new LocalTiers(scenario, scenario.faultTimeline());
        Admissions admissions = new Admissions(scenario);
        OutcomeSink sink = new OutcomeSink(scenario, NAME, listener, admissions.keys());
        List<ObjectLedger> ledgers = new ArrayList<>();
        Map<String, String> placement;
        try (EmbeddedCluster cluster = EmbeddedCluster.start(nodeRegions, speed, settings)) {
            Map<String, ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>>> shardRegions = new LinkedHashMap<>();
            for (ClusterNode node : cluster.nodes()) {
                ObjectLedger ledger = new ObjectLedger();
                ledgers.add(ledger);
                RemoteObjectEntity.Run objects = new RemoteObjectEntity.Run(remote, ledger, cluster.delivery());
                shardRegions.put(node.region(), RemoteObjectEntity.initSharding(node.system(),
                        List.of(node.region()), settings.shardsPerRegion(), entityId -> objects));
            }
            ShardWarmUp.run(cluster);
            warmUp(cluster, shardRegions);
            Map<String, ActorRef<PopActor.Command>> pops = spawnPops(cluster, scenario, local, shardRegions, sink,
                    "", "pop", scenario.faultTimeline());
            long lookaheadNanos = (long) (settings.feederLookahead().toNanos() * speed);
            TrafficFeeder feeder = new TrafficFeeder(cluster.clock(), cluster.delivery()::deliverAt, pops,
                    lookaheadNanos, scenario.faultTimeline(), sink, scenario.pops());
            // a PoP whose node goes away: its unfinished chains fail there, and its traffic goes to the nearest PoP
            for (int p = 0; p < scenario.pops().size(); p++) {
                int pop = p;
                cluster.node(scenario.pops().get(p)).system().getWhenTerminated().thenRun(() -> sink.popLost(pop));
            }
            runningCluster = cluster;
            cluster.startScenarioClock(settings.startLeadIn());
            long trafficStart = cluster.clock().realNanosAt(0);
            running(new Running(cluster.clock(), feeder, sink), "running");
            TrafficFeeder.Fed fed = feeder.feed(TrafficGenerator.open(scenario), admissions::admit);
            phase = "draining";
            awaitDecisions(sink, fed.decisions(), settings);
            Duration traffic = Duration.ofNanos(System.nanoTime() - trafficStart);
            fidelity = new Fidelity(speed, nodeRegions.size(),
                    Fidelity.lateness(cluster.delivery().errors().latencyInterval()),
                    Fidelity.lateness(cluster.delivery().errors().arrivalInterval()), cluster.formation(),
                    traffic);
            placement = placement(cluster);
            beforeShutdown.accept(cluster);
            runningCluster = null;
            phase = "stopping";
        }
        phase = "done";
        return result(scenario, sink, StageTotals.of(scenario, local, ledgers, ""), fidelity, placement);
    }

    // the first requests once through every path, on PoP actors and objects of their own, before the clock starts
    private void warmUp(EmbeddedCluster cluster,
                        Map<String, ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>>> shardRegions) {
        Admissions admissions = new Admissions(scenario);
        OutcomeSink sink = new OutcomeSink(scenario, NAME, DecisionListener.NONE, admissions.keys());
        FaultTimeline none = FaultTimeline.none(scenario.regions());
        Map<String, ActorRef<PopActor.Command>> pops = spawnPops(cluster, scenario, new LocalTiers(scenario, none),
                shardRegions, sink, RemoteTiers.WARM_UP_PREFIX, TrafficWarmUp.ACTOR_NAME, none);
        TrafficWarmUp.run(settings, cluster.clock(), cluster.delivery()::deliverAt, scenario, pops, sink,
                admissions);
        cluster.delivery().errors().reset();
    }

    /** The result of a run whose every chain {@code sink} recorded, with its stages' {@code totals}. */
    static RunResult result(Scenario scenario, OutcomeSink sink, StageTotals totals, Fidelity fidelity,
                            Map<String, String> placement) {
        List<Usage> usage = new ArrayList<>();
        List<Map<String, Map<String, Long>>> stats = new ArrayList<>();
        for (int l = 0; l < scenario.limiters().size(); l++) {
            int limiter = l;
            usage.add(totals.limiterUsage(l));
            stats.add(StageStats.of(scenario.limiters().get(l), s -> totals.stats(limiter, s)));
        }
        double toleranceMs = ClusterRun.defaultToleranceMs(NodeRegions.smallestOneWayNanos(scenario) / NANOS_PER_MS);
        return sink.finish(usage, stats, totals.hot())
                .withCluster(fidelity.run(placement, toleranceMs, remoteLimiters(scenario)));
    }

    /**
     * Spawns a PoP actor called {@code name} on the node of every PoP of {@code scenario}.
     *
     * @param namespacePrefix before the namespace of every remote object the actors send to
     * @param faults          the faults the actors run with
     * @return the actors by PoP
     */
    static Map<String, ActorRef<PopActor.Command>> spawnPops(
            EmbeddedCluster cluster, Scenario scenario, LocalTiers tiers,
            Map<String, ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>>> objects, OutcomeSink sink,
            String namespacePrefix, String name, FaultTimeline faults) {
        Map<String, ActorRef<PopActor.Command>> pops = new LinkedHashMap<>();
        for (int p = 0; p < scenario.pops().size(); p++) {
            ClusterNode node = cluster.node(scenario.pops().get(p));
            PopActor.Wiring wiring = new PopActor.Wiring(p, scenario.limiters(), tiers, scenario.regions(),
                    scenario.seed(), objects.get(node.region()), sink, namespacePrefix, faults);
            pops.put(node.region(), node.spawn(PopActor.create(node.region(), node.delivery(), wiring), name));
        }
        return pops;
    }

    // the limiters whose latency includes injected delays: those with a remote stage
    private static List<String> remoteLimiters(Scenario scenario) {
        return scenario.limiters().stream().filter(l -> l.stages().stream().anyMatch(s -> s.kind().remote()))
                .map(LimiterSpec::name).toList();
    }

    // every node runs in this process, which feeds the traffic
    private static Map<String, String> placement(EmbeddedCluster cluster) {
        Map<String, String> placement = new LinkedHashMap<>();
        for (ClusterNode node : cluster.nodes()) {
            placement.put(node.region(), node.address().host().get() + ":" + node.address().port().get()
                    + " " + COORDINATOR);
        }
        return placement;
    }

    /** Where the run stands; callable from any thread at any time. */
    public RunProgress progress() {
        Running now = running;
        if (now == null) {
            return new RunProgress(phase, 0, scenario.durationNanos(), 0, 0);
        }
        long scenarioNanos = Math.max(0, Math.min(scenario.durationNanos(), now.clock.nowNanos()));
        return new RunProgress(phase, scenarioNanos, scenario.durationNanos(), now.feeder.requestsFed(),
                now.sink.accepted());
    }

    /** The node of {@code region} while the run's traffic runs (tests stop one mid-run), else null. */
    ClusterNode runningNode(String region) {
        EmbeddedCluster cluster = runningCluster;
        return cluster == null ? null : cluster.node(region);
    }

    /** How faithfully the last run met its deadlines; null before a run has finished its traffic. */
    public Fidelity fidelity() {
        return fidelity;
    }

    /** Waits until {@code sink} has recorded {@code decisions} chains, or none completed for the drain timeout. */
    static void awaitDecisions(OutcomeSink sink, long decisions, ClusterSettings settings) {
        try {
            sink.awaitRecorded(decisions, settings.drainTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the last decisions", e);
        }
    }

    /** What progress reads while the traffic runs. */
    record Running(ScenarioClock clock, TrafficFeeder feeder, OutcomeSink sink) {
    }

    // the joined run reports its progress through these
    void running(Running now, String newPhase) {
        running = now;
        phase = newPhase;
    }

    void phase(String newPhase) {
        phase = newPhase;
    }

    void fidelity(Fidelity measured) {
        fidelity = measured;
    }
}
