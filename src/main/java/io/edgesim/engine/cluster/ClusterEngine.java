package io.edgesim.engine.cluster;

import io.edgesim.engine.StageStats;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.actors.RunProtocol;
import io.edgesim.engine.cluster.actors.StageTotals;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.result.ClusterRun;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioText;
import io.edgesim.traffic.TrafficGenerator;
import org.apache.pekko.cluster.typed.Cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a scenario on an Apache Pekko cluster, in real time scaled by the speed. Every member that holds regions -
 * an {@code edgesim node} process or a member this process starts - is hosted by the same code, a {@link RunHost},
 * driven through {@link RunProtocol} by the {@link JoinedRun} here: a {@link PopActor} per PoP on the member that
 * holds the PoP's region, remote objects (Durable Objects, origin counters) as {@link RemoteObjectEntity} entities
 * sharded onto the member that holds their home region. Where the members run is the {@link Hosting}: all in this
 * process, the regions packed onto a few members, or on node processes, with the regions no node holds on one member
 * here. The feeding thread injects the same request stream as the virtual engine ({@link TrafficGenerator}, same
 * seed) at each request's time; every message between regions is delivered at its deadline. The result has the
 * virtual engine's form, with engine "cluster", every time in scenario time.
 *
 * <p>Not deterministic: the order in which messages due at nearly the same instant are handled, and so a few
 * decisions near a limit, can differ run to run; {@link #fidelity()} says how late deadlines were met.
 */
public final class ClusterEngine {

    public static final String NAME = "cluster";
    /** How the placement names a node running in the process that feeds the traffic. */
    public static final String COORDINATOR = "(in the coordinator)";
    /** How the placement marks a member that left the cluster during the run. */
    public static final String LEFT = "(left the cluster during the run: the calls its objects answered are billed as "
            + "served ones)";
    private static final double NANOS_PER_MS = 1e6;

    private final Scenario scenario;
    private final ScenarioText text;
    private final DecisionListener listener;
    private final double speed;
    private final ClusterSettings settings;
    private final Hosting hosting;
    private volatile Running running;
    // while traffic runs, this process's members (tests stop one mid-run)
    private volatile List<StandaloneNode> members = List.of();
    private volatile String phase = "starting";
    private volatile Fidelity fidelity;

    /** Where the members of a run hold its regions. */
    public sealed interface Hosting permits InProcess, OnNodes {
    }

    /**
     * A cluster of this process alone: a coordinator member and {@code members} members holding the run's regions
     * (its PoPs, then its object homes), region i on member i mod {@code members}; at most one member per region,
     * and one member for a scenario with a kv stage (its store is one object in one member's memory).
     */
    public record InProcess(int members) implements Hosting {

        public InProcess {
            if (members < 1) {
                throw new IllegalArgumentException("members must be at least 1, was " + members);
            }
        }
    }

    /**
     * The cluster of {@code edgesim node} processes {@code cluster} joined: each region on the node that holds it,
     * the regions no node holds on one member this process starts.
     */
    public record OnNodes(JoinedCluster cluster) implements Hosting {
    }

    /**
     * @param text     the scenario as text, with its seed: what the members build the run from
     * @param speed    scenario nanoseconds per real nanosecond (the --speed flag), greater than 0
     * @param settings the cluster settings (edgesim-cluster.conf)
     */
    public ClusterEngine(Scenario scenario, ScenarioText text, DecisionListener listener, double speed,
                         ClusterSettings settings, Hosting hosting) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed must be a number greater than 0, was " + speed);
        }
        this.scenario = scenario;
        this.text = text;
        this.listener = listener;
        this.speed = speed;
        this.settings = settings;
        this.hosting = hosting;
    }

    /**
     * Forms the cluster (or readies the joined nodes), runs the whole scenario, stops the members it started (the
     * joined nodes stay up) and returns the result.
     */
    public RunResult run() {
        return run(Traffic.GENERATED);
    }

    /**
     * The same with the requests of {@code traffic} instead of the scenario's generated ones: the run lasts until its
     * stream ends, whatever the scenario's duration (its report still spans the scenario's duration).
     */
    public RunResult run(Traffic traffic) {
        return run(started -> {
        }, traffic);
    }

    /**
     * The same, calling {@code beforeFinish} with this process's members once every decision is recorded and before
     * the hosts forget the run (tests inspect the sharding state there).
     */
    RunResult run(Consumer<List<StandaloneNode>> beforeFinish) {
        return run(beforeFinish, Traffic.GENERATED);
    }

    private RunResult run(Consumer<List<StandaloneNode>> beforeFinish, Traffic traffic) {
        long formationStart = System.nanoTime();
        if (hosting instanceof OnNodes nodes) {
            if (hasKvStage(scenario)) {
                // each host would build a store of its own: the PoPs would not share one
                throw new IllegalArgumentException("a scenario with a kv stage cannot run on node processes");
            }
            return new JoinedRun(this, scenario, text, listener, speed, settings, nodes.cluster(), "--join: ", 1,
                    formationStart, beforeFinish, traffic).run();
        }
        int members = hasKvStage(scenario) ? 1 : ((InProcess) hosting).members();
        try (JoinedCluster cluster = JoinedCluster.inProcess(settings, system -> RunHost.install(system, settings))) {
            return new JoinedRun(this, scenario, text, listener, speed, settings, cluster, "cluster: ", members,
                    formationStart, beforeFinish, traffic).run();
        }
    }

    /**
     * The result of a run whose every chain {@code sink} recorded, with its stages' {@code totals}, over
     * {@code durationNanos} of scenario time ({@link Traffic#durationNanos}).
     */
    static RunResult result(Scenario scenario, OutcomeSink sink, StageTotals totals, Fidelity fidelity,
                            Map<String, String> placement, long durationNanos) {
        List<Usage> usage = new ArrayList<>();
        List<Map<String, Map<String, Long>>> stats = new ArrayList<>();
        for (int l = 0; l < scenario.limiters().size(); l++) {
            int limiter = l;
            usage.add(totals.limiterUsage(l));
            stats.add(StageStats.of(scenario.limiters().get(l), s -> totals.stats(limiter, s)));
        }
        double toleranceMs = ClusterRun.defaultToleranceMs(NodeRegions.smallestOneWayNanos(scenario) / NANOS_PER_MS);
        return sink.finish(usage, stats, totals.hot(), durationNanos)
                .withCluster(fidelity.run(placement, toleranceMs, remoteLimiters(scenario)));
    }

    private static boolean hasKvStage(Scenario scenario) {
        return scenario.limiters().stream().flatMap(l -> l.stages().stream()).anyMatch(s -> s.kind() == TierKind.KV);
    }

    // the limiters whose latency includes injected delays: those with a remote stage
    private static List<String> remoteLimiters(Scenario scenario) {
        return scenario.limiters().stream().filter(l -> l.stages().stream().anyMatch(s -> s.kind().remote()))
                .map(LimiterSpec::name).toList();
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

    /**
     * The member of this process that holds {@code region} while the run's traffic runs (tests stop one mid-run),
     * else null.
     */
    StandaloneNode runningMember(String region) {
        for (StandaloneNode member : members) {
            if (JoinedCluster.regionRoles(Cluster.get(member.system()).selfMember()).contains(region)) {
                return member;
            }
        }
        return null;
    }

    // the joined run tells its members here while they run
    void members(List<StandaloneNode> started) {
        members = List.copyOf(started);
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
