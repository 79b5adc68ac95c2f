package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.ChainSink;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RunProtocol;
import io.edgesim.engine.cluster.actors.StageTotals;
import io.edgesim.engine.cluster.delivery.MonotonicScenarioClock;
import io.edgesim.engine.cluster.node.ClusterFailure;
import io.edgesim.engine.cluster.node.Futures;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioText;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A cluster run, from the coordinating process, whether its cluster is of {@code edgesim node} processes or of this
 * process alone ({@link ClusterEngine.Hosting}): starts members here for the regions no node holds (all of them in a
 * cluster of its own), finds every member's {@link RunHost}, and takes the run through
 * {@link RunProtocol}: the hosts build their PoPs from the scenario's text; the feeder here admits each request and
 * tells it to its PoP's actor, wherever it runs, a lookahead before its arrival (the actor holds it until then); the
 * chains come back to the run's {@link OutcomeSink} here; at the end each host sends its part of the bill and of the
 * delivery lateness. Every process converts the same wall-clock instants to its own clock, so deadlines agree as
 * closely as the hosts' wall clocks do.
 */
final class JoinedRun {

    private static final Logger LOG = LoggerFactory.getLogger(JoinedRun.class);

    private static final long POLL_NANOS = 50_000_000L;
    private static final Duration START_MARGIN = Duration.ofMillis(500);

    private final ClusterEngine engine;
    private final Scenario scenario;
    private final DecisionListener listener;
    private final double speed;
    private final ClusterSettings settings;
    private final JoinedCluster cluster;
    private final int localMembers;
    // the coordinator joined node processes (--join), rather than forming a cluster of its own
    // what a failure's line starts with: the flag or the engine the user chose the cluster by
    private final String failurePrefix;
    private final long formationStart;
    private final Consumer<List<StandaloneNode>> beforeFinish;
    // completes when the host's run host is gone (its member left or was removed)
    private final Map<ActorRef<RunProtocol.HostCommand>, CompletableFuture<Void>> gone = new ConcurrentHashMap<>();

    private final ScenarioText text;
    private final Traffic traffic;

    /**
     * @param cluster        the cluster the coordinator is a member of
     * @param text           the scenario's text, which the hosts build the run from
     * @param failurePrefix  what a failure's line starts with: "--join: " on node processes, else "cluster: "
     * @param members        how many members this process starts for the regions no node holds
     * @param formationStart when (System.nanoTime) forming the cluster began
     * @param beforeFinish   called with this process's members once every decision is recorded, before the hosts
     *                       forget the run (tests inspect the sharding state there)
     * @param traffic        where the requests come from
     */
    JoinedRun(ClusterEngine engine, Scenario scenario, ScenarioText text, DecisionListener listener, double speed,
              ClusterSettings settings, JoinedCluster cluster, String failurePrefix, int members, long formationStart,
              Consumer<List<StandaloneNode>> beforeFinish, Traffic traffic) {
        this.engine = engine;
        this.scenario = scenario;
        this.text = text;
        this.listener = listener;
        this.speed = speed;
        this.settings = settings;
        this.cluster = cluster;
        this.localMembers = members;
        this.failurePrefix = failurePrefix;
        this.formationStart = formationStart;
        this.beforeFinish = beforeFinish;
        this.traffic = traffic;
    }

    /** One member's run host, the regions it holds and its address ("host:port"). */
    private record Host(ActorRef<RunProtocol.HostCommand> ref, List<String> regions, String address,
                        boolean coordinator) {
    }

    RunResult run() {
        List<String> nodeRegions = NodeRegions.of(scenario);
        Map<String, List<String>> holders = cluster.holders();
        List<String> unheld = nodeRegions.stream().filter(region -> !holders.containsKey(region)).toList();
        List<StandaloneNode> locals = List.of();
        try {
            if (!unheld.isEmpty()) {
                locals = cluster.startMembers(MemberRegions.pack(unheld, localMembers), failurePrefix,
                        localMembers > 1 ? "fewer members (--members, at least 1) or a longer startup-timeout"
                                : "a longer startup-timeout, or a machine less loaded");
                LOG.debug("{} members for {} Up", locals.size(), unheld);
            }
            Set<Address> localAddresses = new HashSet<>();
            for (StandaloneNode local : locals) {
                localAddresses.add(Cluster.get(local.system()).selfMember().address());
            }
            List<Host> hosts = findHosts(localAddresses, nodeRegions, holders);
            Duration formation = Duration.ofNanos(System.nanoTime() - formationStart);
            engine.members(locals);
            return run(cluster.system(), hosts, nodeRegions, formation, locals);
        } finally {
            engine.members(List.of());
            cluster.stopMembers(locals);
        }
    }

    private RunResult run(ActorSystem<?> system, List<Host> hosts, List<String> nodeRegions, Duration formation,
                          List<StandaloneNode> locals) {
        String runId = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        Admissions admissions = new Admissions(scenario);
        OutcomeSink sink = new OutcomeSink(scenario, ClusterEngine.NAME, listener, admissions.keys(),
                traffic.ends());
        Admissions warmUpAdmissions = new Admissions(scenario);
        OutcomeSink warmUpSink = new OutcomeSink(scenario, ClusterEngine.NAME, DecisionListener.NONE,
                warmUpAdmissions.keys(), ChainSink.NONE);
        ActorRef<RunProtocol.ChainDone> outcomes = system.systemActorOf(collector(sink), "outcomes-" + runId,
                Props.empty());
        ActorRef<RunProtocol.ChainDone> warmUpOutcomes = system.systemActorOf(collector(warmUpSink),
                "warm-up-outcomes-" + runId, Props.empty());
        long originEpochNanos = MonotonicScenarioClock.epochNanosNow();
        MonotonicScenarioClock clock = new MonotonicScenarioClock(speed,
                MonotonicScenarioClock.realNanosAtEpoch(originEpochNanos));
        Map<String, ActorRef<PopActor.Command>> pops = new LinkedHashMap<>();
        Map<String, ActorRef<PopActor.Command>> warmUpPops = new LinkedHashMap<>();
        Map<Host, List<String>> popsOfHost = new LinkedHashMap<>();
        for (Host host : hosts) {
            popsOfHost.put(host, scenario.pops().stream().filter(host.regions()::contains).toList());
        }
        // a host that leaves from now on: its unfinished chains fail, and nothing more is asked of it
        ActorRef<Void> watcher = watchHosts(system, runId, popsOfHost, sink, warmUpSink);
        // stopped when the run ends, however it ends: a host still holding the run then forgets it (it watches the
        // outcomes' collector), and a cluster used for another run keeps nothing of this one
        try {
            List<RunProtocol.Prepared> prepared = all(system, hosts, host -> replyTo -> new RunProtocol.Prepare(runId,
                    text, speed, originEpochNanos, popsOfHost.get(host), outcomes, warmUpOutcomes, replyTo),
                    "prepare the run");
            for (RunProtocol.Prepared ready : prepared) {
                ready.pops().forEach(pop -> pops.put(pop.region(), pop.pop()));
                ready.warmUpPops().forEach(pop -> warmUpPops.put(pop.region(), pop.pop()));
            }
            LOG.debug("run {} prepared on {} hosts", runId, hosts.size());
            // the shard regions: every host's, and this coordinator's member's; the shards of the regions that home
            // objects (a PoP that homes none has no shard to find: 340 PoPs' shards took over 30 s to ping)
            List<String> homes = List.copyOf(NodeRegions.homes(scenario));
            this.<RunProtocol.Done>all(system, hosts, host -> replyTo -> new RunProtocol.WarmUp(runId, homes,
                    hosts.size() + 1, replyTo), "warm up the shards");
            LOG.debug("shards warmed up");
            TrafficWarmUp.run(settings, clock, scenario, warmUpPops, warmUpSink, warmUpAdmissions);
            LOG.debug("warm-up traffic done");

            long startEpochNanos = MonotonicScenarioClock.epochNanosNow()
                    + settings.startLeadIn().plus(START_MARGIN).toNanos();
            this.<RunProtocol.Done>all(system, hosts, host -> replyTo -> new RunProtocol.Start(runId, startEpochNanos,
                            replyTo),
                    "start the run");
            clock.startAt(MonotonicScenarioClock.realNanosAtEpoch(startEpochNanos));
            long lookaheadNanos = (long) (settings.feederLookahead().toNanos() * speed);
            TrafficFeeder feeder = new TrafficFeeder(clock, pops, lookaheadNanos, scenario.faultTimeline(), sink,
                    scenario.pops());
            long trafficStart = clock.realNanosAt(0);
            engine.running(new ClusterEngine.Running(clock, feeder, sink), "running");
            TrafficFeeder.Fed fed = feeder.feed(traffic.open(scenario, clock), admissions::admit);
            engine.phase("draining");
            awaitDecisions(system, sink, fed.decisions(), settings);
            Duration traffic = Duration.ofNanos(System.nanoTime() - trafficStart);
            LOG.debug("traffic done");

            beforeFinish.accept(locals);
            engine.phase("stopping");
            List<Host> left = hosts.stream().filter(host -> !goneSignal(host).isDone()).toList();
            StageTotals totals = StageTotals.none(scenario);
            Histogram latency = new Histogram(3);
            Histogram arrival = new Histogram(3);
            // a node that leaves while it is asked (killed near the end, not yet downed) gives no part, as one gone
            List<RunProtocol.Finished> parts = all(system, left,
                    host -> replyTo -> new RunProtocol.Finish(runId, replyTo), "finish the run", true);
            for (RunProtocol.Finished part : parts) {
                totals = totals.plus(part.totals());
                latency.add(RunHost.decode(part.latencyLateness()));
                arrival.add(RunHost.decode(part.arrivalLateness()));
            }
            // a host that gave no part left: the placement marks it, and the command says so under the tables
            Fidelity fidelity = new Fidelity(speed, hosts.size(), Fidelity.lateness(latency),
                    Fidelity.lateness(arrival), formation, traffic);
            engine.fidelity(fidelity);
            engine.phase("done");
            return ClusterEngine.result(scenario, sink, totals, fidelity, placement(nodeRegions, hosts),
                    this.traffic.durationNanos(scenario));
        } finally {
            Adapter.toClassic(system).stop(Adapter.toClassic(outcomes));
            Adapter.toClassic(system).stop(Adapter.toClassic(warmUpOutcomes));
            Adapter.toClassic(system).stop(Adapter.toClassic(watcher));
        }
    }

    // waits for the run's decisions; a stall while a member is unreachable (killed, not yet downed) or after one was
    // lost waits on, for at most three drain timeouts more: once downed (Terminated), the chains that waited on it end
    // at the next stall (OutcomeSink.awaitRecorded)
    private static void awaitDecisions(ActorSystem<?> system, OutcomeSink sink, long decisions,
                                       ClusterSettings settings) {
        long deadline = System.nanoTime() + settings.drainTimeout().multipliedBy(3).toNanos();
        while (true) {
            try {
                ClusterEngine.awaitDecisions(sink, decisions, settings);
                return;
            } catch (IllegalStateException stalled) {
                boolean waitOn = !Cluster.get(system).state().getUnreachable().isEmpty() || sink.anyNodeLost();
                if (Thread.currentThread().isInterrupted() || !waitOn || System.nanoTime() > deadline) {
                    throw stalled;
                }
                LOG.info("decisions stalled while a node is unreachable or lost: waiting for it to be downed");
            }
        }
    }

    // the run hosts of the nodes and of this coordinator's own member, once every region the run needs has one
    private List<Host> findHosts(Set<Address> localAddresses, List<String> nodeRegions,
                                 Map<String, List<String>> heldAtStart) {
        ActorSystem<?> system = cluster.system();
        Duration timeout = settings.startupTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Receptionist.Listing listing = Futures.await(AskPattern.<Receptionist.Command, Receptionist.Listing>ask(
                            system.receptionist(), replyTo -> Receptionist.find(RunHost.KEY, replyTo), timeout,
                            system.scheduler()).toCompletableFuture(), timeout, "finding the nodes' run hosts");
            Map<Address, Member> members = new LinkedHashMap<>();
            for (Member member : Cluster.get(system).state().getMembers()) {
                if (member.status() == MemberStatus.up()
                        && (!member.hasRole(JoinedCluster.ROLE) || localAddresses.contains(member.address()))) {
                    members.put(member.address(), member);
                }
            }
            Map<String, Host> hosts = new TreeMap<>();
            for (ActorRef<RunProtocol.HostCommand> ref : listing.getServiceInstances(RunHost.KEY)) {
                Address address = ref.path().address().hasGlobalScope() ? ref.path().address() : null;
                Member member = members.get(address);
                if (member != null) {
                    String hostPort = address.host().get() + ":" + address.port().get();
                    hosts.put(hostPort, new Host(ref, JoinedCluster.regionRoles(member), hostPort,
                            localAddresses.contains(address)));
                }
            }
            List<String> missing = nodeRegions.stream()
                    .filter(region -> hosts.values().stream().noneMatch(host -> host.regions().contains(region)))
                    .toList();
            if (hosts.size() == members.size() && missing.isEmpty()) {
                return List.copyOf(hosts.values());
            }
            // a node that held regions of the run when it began is no longer Up: it left (or was downed), and its
            // regions will find no host however long this waits
            Map<String, List<String>> holdersNow = cluster.holders();
            List<String> gone = heldAtStart.keySet().stream().filter(nodeRegions::contains)
                    .filter(region -> !holdersNow.containsKey(region)).toList();
            if (!gone.isEmpty()) {
                Set<String> nodes = new java.util.TreeSet<>();
                gone.forEach(region -> nodes.addAll(heldAtStart.get(region)));
                throw new ClusterFailure(failurePrefix + "the node at " + String.join(", ", nodes) + " holding "
                        + String.join(",", gone) + " left the cluster as this run started; allowed: start it again "
                        + "(edgesim node --roles " + String.join(",", gone) + "), then the run");
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterFailure(failurePrefix + "no run host answered for "
                        + (missing.isEmpty() ? (members.size() - hosts.size()) + " of " + members.size() + " nodes"
                        : "regions " + missing)
                        + " within " + ClusterSettings.shown(timeout) + " (edgesim.cluster.startup-timeout); allowed: "
                        + "nodes of this edgesim version");
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    // a host that goes away mid-run: the chains of its PoPs fail there, and their traffic goes to the nearest PoP
    // (the objects homed there are not moved: chains waiting on them end when the wait for the last ones stalls,
    // OutcomeSink.awaitRecorded; so do the warm-up's)
    private ActorRef<Void> watchHosts(ActorSystem<?> system, String runId, Map<Host, List<String>> popsOfHost,
                                      OutcomeSink sink, OutcomeSink warmUpSink) {
        return system.systemActorOf(Behaviors.<Void>setup(context -> {
            popsOfHost.keySet().forEach(host -> context.watch(host.ref()));
            return Behaviors.receive(Void.class)
                    .onSignal(Terminated.class, terminated -> {
                        for (Map.Entry<Host, List<String>> host : popsOfHost.entrySet()) {
                            if (host.getKey().ref().equals(terminated.getRef())) {
                                sink.nodeLost();
                                warmUpSink.nodeLost();
                                host.getValue().forEach(pop -> sink.popLost(scenario.pops().indexOf(pop)));
                                host.getValue().forEach(pop -> warmUpSink.popLost(scenario.pops().indexOf(pop)));
                                goneSignal(host.getKey()).complete(null);
                            }
                        }
                        return Behaviors.same();
                    }).build();
        }), "host-watcher-" + runId, Props.empty());
    }

    private static Behavior<RunProtocol.ChainDone> collector(OutcomeSink sink) {
        return Behaviors.receiveMessage(done -> {
            sink.recordForwarded(done.pop(), done.requestId(), done.limiter(), done.progress(), done.touched(),
                    done.failedOver());
            return Behaviors.same();
        });
    }

    // completes when the host's run host is gone
    private CompletableFuture<Void> goneSignal(Host host) {
        return gone.computeIfAbsent(host.ref(), ref -> new CompletableFuture<>());
    }

    // a host's own waits (the shard warm-up: for the shard regions, then for the pings) end before the ask's
    private Duration askTimeout() {
        return settings.startupTimeout().multipliedBy(3);
    }

    /**
     * Asks every host {@code message} at once and waits for every answer.
     *
     * @throws ClusterFailure when a host answers with an error, does not answer in time or leaves the cluster
     */
    private <R extends RunProtocol.HostReply> List<R> all(
            ActorSystem<?> system, List<Host> hosts,
            Function<Host, Function<ActorRef<R>, RunProtocol.HostCommand>> message, String what) {
        return all(system, hosts, message, what, false);
    }

    /** As {@link #all}; with {@code skipLeaving}, a host that leaves the cluster gives no answer instead of failing. */
    private <R extends RunProtocol.HostReply> List<R> all(
            ActorSystem<?> system, List<Host> hosts,
            Function<Host, Function<ActorRef<R>, RunProtocol.HostCommand>> message, String what, boolean skipLeaving) {
        List<CompletableFuture<R>> answers = new ArrayList<>();
        for (Host host : hosts) {
            answers.add(AskPattern.<RunProtocol.HostCommand, R>ask(host.ref(), message.apply(host)::apply,
                    askTimeout(), system.scheduler()).toCompletableFuture());
        }
        List<R> replies = new ArrayList<>();
        for (int h = 0; h < hosts.size(); h++) {
            Host host = hosts.get(h);
            CompletableFuture<?> left = goneSignal(host);
            Object first;
            try {
                first = Futures.await(CompletableFuture.anyOf(answers.get(h), left), askTimeout(), what);
            } catch (IllegalStateException e) {
                throw new ClusterFailure(who(host) + " did not " + what + " within "
                        + ClusterSettings.shown(askTimeout()) + " (3 x edgesim.cluster.startup-timeout)", e);
            }
            if (first == null && skipLeaving) {
                continue;
            }
            if (first == null) {
                throw leftBeforeStart(host, what);
            }
            @SuppressWarnings("unchecked")
            R reply = (R) first;
            if (reply.error() != null) {
                // a host that waited on another one's part (the shards of every member) fails when that one left:
                // the one that left is the news (at the finish, where hosts that left are passed over, the error is)
                for (Host other : hosts) {
                    if (!skipLeaving && goneSignal(other).isDone()) {
                        throw leftBeforeStart(other, what);
                    }
                }
                throw new ClusterFailure(who(host) + " could not " + what + ": "
                        + reply.error());
            }
            replies.add(reply);
        }
        return replies;
    }

    private ClusterFailure leftBeforeStart(Host host, String what) {
        String regions = String.join(",", host.regions());
        return new ClusterFailure(who(host) + " (" + regions + ") left the cluster before it could " + what
                + "; allowed: " + (host.coordinator() ? "the run again" : "start it again (edgesim node --roles "
                + regions + "), then the run"));
    }

    // how a failure names a host: a node the user started, or a member of this process
    private String who(Host host) {
        return failurePrefix + "the " + (host.coordinator() ? "member" : "node") + " at "
                + host.address();
    }

    // each region -> the member that simulated it, the coordinator's own marked, and one that left the cluster during
    // the run (it gave no part of the bill) marked LEFT
    private Map<String, String> placement(List<String> nodeRegions, List<Host> hosts) {
        Map<String, String> placement = new LinkedHashMap<>();
        for (String region : nodeRegions) {
            for (Host host : hosts) {
                if (host.regions().contains(region)) {
                    placement.put(region, host.address() + (host.coordinator() ? " " + ClusterEngine.COORDINATOR
                            : "") + (goneSignal(host).isDone() ? " " + ClusterEngine.LEFT : ""));
                }
            }
        }
        return placement;
    }
}
