package io.edgesim.engine.cluster.node;

import org.apache.pekko.ConfigurationException;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.concurrent.ExecutionContextExecutorService;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.Consumer;

/**
 * The coordinator of a cluster run: a member with the role {@link #ROLE} (no region), either of the cluster of
 * running {@code edgesim node} processes, joined through one of them ({@link #join}), or of a cluster of its own in
 * this process ({@link #inProcess}). It reads from the cluster's membership which node holds which region (a node's
 * roles are its region codes) and starts the members that hold the regions no node holds ({@link #startMembers}).
 */
public final class JoinedCluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(JoinedCluster.class);

    /** The coordinator's cluster role; not a region code, so no object is ever homed on it. */
    public static final String ROLE = "coordinator";

    private final StandaloneNode member;
    private final Address self;
    private final StandaloneNode.Options options;
    private final ClusterSettings settings;
    private final Consumer<ActorSystem<?>> install;
    // the threads of the members of a cluster of this process's own; null on node processes' cluster
    private final ExecutionContextExecutorService executor;

    private JoinedCluster(StandaloneNode member, Address self, StandaloneNode.Options options,
                          ClusterSettings settings, Consumer<ActorSystem<?>> install,
                          ExecutionContextExecutorService executor) {
        this.executor = executor;
        this.member = member;
        this.self = self;
        this.options = options;
        this.settings = settings;
        this.install = install;
    }

    /**
     * Joins the cluster through {@code target} ("host:port") from a free port of {@code settings.host()} and waits
     * until this member is Up; with {@code tls}, over Artery TLS as the nodes started with it.
     *
     * @param install what this member and those {@link #startMember} starts run from the start, before they are
     *                Up (the sharded entity types: the shard coordinator writes its state to every member, and
     *                waits for one that does not run them yet)
     * @throws StandaloneNode.Refused when the cluster refused the join (another secret or protocol version)
     * @throws StandaloneNode.Stopped when the process was told to stop (SIGTERM) before the member was Up
     * @throws IllegalStateException  when nothing let it join within {@code timeout} (the member is stopped)
     */
    public static JoinedCluster join(String target, ClusterSettings settings, Duration timeout,
                                     Optional<StandaloneNode.Tls> tls, Consumer<ActorSystem<?>> install) {
        StandaloneNode.Options options = new StandaloneNode.Options(List.of(ROLE), settings.host(), 0,
                List.of(target), tls);
        StandaloneNode member = StandaloneNode.start(options, settings);
        try {
            install.accept(member.system());
            Address self = member.awaitUp(timeout);
            return new JoinedCluster(member, self, options, settings, install, null);
        } catch (RuntimeException e) {
            stop(member, settings.shutdownTimeout());
            throw e;
        }
    }

    /**
     * Starts a cluster of its own in this process: a coordinator member that joins itself, on an executor of
     * {@code settings.executorThreads()} threads that the members {@link #startMembers} starts share with it.
     *
     * @param install as for {@link #join}
     * @throws ClusterFailure when the member does not start or is not Up within the startup timeout (it is
     *                        stopped): "cluster: ...", one line
     */
    public static JoinedCluster inProcess(ClusterSettings settings, Consumer<ActorSystem<?>> install) {
        StandaloneNode.Options options = new StandaloneNode.Options(List.of(ROLE), settings.host(), 0, List.of(),
                Optional.empty());
        ExecutionContextExecutorService executor = sharedExecutor(settings.executorThreads());
        StandaloneNode member = null;
        try {
            member = StandaloneNode.start(options, settings, executor);
            install.accept(member.system());
            Address self = member.awaitUp(settings.startupTimeout());
            return new JoinedCluster(member, self, options, settings, install, executor);
        } catch (RuntimeException e) {
            if (member != null) {
                stop(member, settings.shutdownTimeout());
            }
            executor.shutdown();
            if (e instanceof IllegalStateException || e instanceof ConfigurationException) {
                throw new ClusterFailure("cluster: this process's first member did not start and join itself within "
                        + ClusterSettings.shown(settings.startupTimeout()) + " (edgesim.cluster.startup-timeout): "
                        + e.getMessage() + "; allowed: a longer startup-timeout, or a machine less loaded", e);
            }
            throw e;
        }
    }

    private static ExecutionContextExecutorService sharedExecutor(int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads, p -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            thread.setName("edgesim-member-" + thread.getPoolIndex());
            thread.setDaemon(true);
            return thread;
        }, null, true);
        return ExecutionContexts.fromExecutorService(pool);
    }

    /**
     * The regions the nodes hold, by code in alphabetical order, each with "host:port" of every node that holds it
     * (one, unless two nodes were started with the same region): every member Up in this member's view other than
     * coordinators.
     */
    public Map<String, List<String>> holders() {
        Map<String, List<String>> holders = new TreeMap<>();
        for (Member node : Cluster.get(member.system()).state().getMembers()) {
            if (node.status() != MemberStatus.up() || node.address().equals(self) || node.hasRole(ROLE)) {
                continue;
            }
            for (String role : regionRoles(node)) {
                holders.computeIfAbsent(role, r -> new ArrayList<>()).add(hostPort(node.address()));
            }
        }
        return holders;
    }

    /**
     * The members of another coordinator ("host:port"): its own, and those it started for regions no node holds. A
     * run shares the cluster with no other run: both would start members for the same regions, and objects of one
     * would be homed on the other's.
     */
    public List<String> otherCoordinators() {
        List<String> others = new ArrayList<>();
        for (Member node : Cluster.get(member.system()).state().getMembers()) {
            if (node.hasRole(ROLE) && !node.address().equals(self) && node.status() != MemberStatus.down()
                    && node.status() != MemberStatus.exiting() && node.status() != MemberStatus.removed()) {
                others.add(hostPort(node.address()));
            }
        }
        return others;
    }

    /** This coordinator's member, which talks to the nodes. */
    public ActorSystem<?> system() {
        return member.system();
    }

    /**
     * Starts one member in this process per entry of {@code regionsPerMember}, holding those regions (as roles, with
     * the coordinators' role, so that no other coordinator takes it for a node), joined through this coordinator's
     * member, bound and secured as it is, and waits until all of them are Up.
     *
     * @param failurePrefix what a failure's line starts with ("cluster: ", "--join: ")
     * @param allowed       what a failure's line offers instead ("fewer members (--members ...)")
     * @return the members, in the order of {@code regionsPerMember}
     * @throws ClusterFailure when one does not start or is not Up within the startup timeout (all of them are
     *                        stopped)
     */
    public List<StandaloneNode> startMembers(List<List<String>> regionsPerMember, String failurePrefix,
                                             String allowed) {
        List<StandaloneNode> started = new ArrayList<>();
        try {
            for (List<String> regions : regionsPerMember) {
                List<String> roles = new ArrayList<>(regions);
                roles.add(ROLE);
                StandaloneNode.Options memberOptions = new StandaloneNode.Options(roles, options.host(), 0,
                        List.of(hostPort(self)), options.tls());
                StandaloneNode member = executor == null ? StandaloneNode.start(memberOptions, settings)
                        : StandaloneNode.start(memberOptions, settings, executor);
                started.add(member);
                install.accept(member.system());
            }
            for (StandaloneNode member : started) {
                member.awaitUp(settings.startupTimeout());
            }
            return started;
        } catch (StandaloneNode.Stopped e) {
            // shut down from outside (SIGTERM): not a failure to form
            stopMembers(started);
            throw e;
        } catch (IllegalStateException | ConfigurationException e) {
            // a member not Up in time, or an ActorSystem that could not start (its logger starved of CPU)
            stopMembers(started);
            int n = regionsPerMember.size();
            throw new ClusterFailure(failurePrefix + (n == 1 ? "the member" : "the " + n + " members")
                    + " of this process did not start and join within "
                    + ClusterSettings.shown(settings.startupTimeout()) + " (edgesim.cluster.startup-timeout): "
                    + e.getMessage() + "; allowed: " + allowed, e);
        } catch (RuntimeException e) {
            stopMembers(started);
            throw e;
        }
    }

    /** Makes every member of {@code started} leave the cluster at once and waits until they have stopped. */
    public void stopMembers(List<StandaloneNode> started) {
        started.forEach(StandaloneNode::leave);
        started.forEach(member -> stop(member, settings.shutdownTimeout()));
    }

    /**
     * The regions {@code node} holds, in alphabetical order: its roles, less the "dc-<data center>" role Pekko gives
     * every member and the coordinators' role.
     */
    public static List<String> regionRoles(Member node) {
        List<String> roles = new ArrayList<>();
        node.getRoles().forEach(role -> {
            if (!role.startsWith("dc-") && !role.equals(ROLE)) {
                roles.add(role);
            }
        });
        return roles.stream().sorted().toList();
    }

    static String hostPort(Address address) {
        return address.host().get() + ":" + address.port().get();
    }

    /** Leaves the cluster and waits (up to the shutdown timeout) until this member has stopped. */
    @Override
    public void close() {
        stop(member, settings.shutdownTimeout());
        if (executor != null) {
            executor.shutdown();
        }
    }

    // A member slow to leave (a loaded machine, TLS streams closing) must not turn a finished run into a failure:
    // it has been told to leave, the nodes see it go, and the process ends anyway.
    private static void stop(StandaloneNode member, Duration timeout) {
        member.leave();
        try {
            Futures.await(member.system().getWhenTerminated().toCompletableFuture(), timeout,
                    "leaving the cluster");
        } catch (IllegalStateException e) {
            LOG.warn("{}; the process ends without waiting for it", e.getMessage());
        }
    }
}
