package io.edgesim.engine.cluster.node;

import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import io.edgesim.engine.cluster.delivery.MonotonicScenarioClock;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import org.apache.pekko.actor.Address;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.concurrent.ExecutionContextExecutorService;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * A cluster of one node per PoP in this JVM, all on one small shared executor, one scenario clock and one delay
 * line. {@link #start} returns once every node sees every member Up; {@link #close} runs the coordinated shutdown
 * of every node (the younger ones together, then the oldest) and waits for it.
 *
 * <p>Typical use: start, init the sharded entity types on every node, warm them up, spawn the PoP actors,
 * {@link #startScenarioClock()}, feed traffic, close.
 */
public final class EmbeddedCluster implements AutoCloseable {

    // the first call initialises logging on this thread, before the nodes' threads race to do it
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);

    private final Map<String, ClusterNode> nodes;
    private final MonotonicScenarioClock clock;
    private final DeadlineDelivery delivery;
    private final ExecutionContextExecutorService executor;
    private final ClusterSettings settings;
    private final Duration formation;
    private boolean closed;

    private EmbeddedCluster(Map<String, ClusterNode> nodes, MonotonicScenarioClock clock, DeadlineDelivery delivery,
                            ExecutionContextExecutorService executor, ClusterSettings settings, Duration formation) {
        this.nodes = Collections.unmodifiableMap(nodes);
        this.clock = clock;
        this.delivery = delivery;
        this.executor = executor;
        this.settings = settings;
        this.formation = formation;
    }

    /**
     * Starts one node per region (role = the region code), joins them into one cluster and waits until every node
     * sees every member Up.
     *
     * @param regions  distinct IATA codes, at least one; the first node is the seed
     * @param speed    scenario nanoseconds per real nanosecond (the --speed flag)
     * @param settings cluster settings
     * @throws IllegalStateException when the members are not all Up within the startup timeout (nodes are stopped)
     */
    public static EmbeddedCluster start(List<String> regions, double speed, ClusterSettings settings) {
        checkRegions(regions);
        long startNanos = System.nanoTime();
        MonotonicScenarioClock clock = new MonotonicScenarioClock(speed);
        DeadlineDelivery delivery = new DeadlineDelivery(clock, settings.delayLineSpinNanos());
        ExecutionContextExecutorService executor = sharedExecutor(settings.executorThreads());
        Map<String, ClusterNode> nodes = new LinkedHashMap<>();
        try {
            for (String region : regions) {
                nodes.put(region, ClusterNode.start(region, regions.size(), settings, executor, delivery));
            }
            Address seed = nodes.get(regions.get(0)).address();
            nodes.values().forEach(node -> node.join(seed));
            CompletableFuture<?>[] allUp = nodes.values().stream().map(ClusterNode::allMembersUp)
                    .toArray(CompletableFuture[]::new);
            ClusterNode.await(CompletableFuture.allOf(allUp), settings.startupTimeout(),
                    "forming a cluster of " + regions.size() + " nodes");
        } catch (RuntimeException e) {
            stopAll(nodes.values(), executor, delivery, settings.shutdownTimeout());
            throw e;
        }
        Duration formation = Duration.ofNanos(System.nanoTime() - startNanos);
        LOG.debug("{} nodes Up after {} ms", regions.size(), formation.toMillis());
        return new EmbeddedCluster(nodes, clock, delivery, executor, settings, formation);
    }

    /** The nodes in the order of the regions given to {@link #start}. */
    public List<ClusterNode> nodes() {
        return List.copyOf(nodes.values());
    }

    /** The node of {@code region}. */
    public ClusterNode node(String region) {
        ClusterNode node = nodes.get(region);
        if (node == null) {
            throw new IllegalArgumentException("no node for region '" + region + "'; nodes: " + nodes.keySet());
        }
        return node;
    }

    public ScenarioClock clock() {
        return clock;
    }

    public DeadlineDelivery delivery() {
        return delivery;
    }

    public ClusterSettings settings() {
        return settings;
    }

    /** Time from the call to {@link #start} until every node saw every member Up. */
    public Duration formation() {
        return formation;
    }

    /**
     * Makes now scenario time 0 and forgets the delivery errors of the warm-up; call once, after warm-up and before
     * the first deadline message of the run.
     */
    public void startScenarioClock() {
        clock.startNow();
        delivery.errors().reset();
    }

    /**
     * Makes scenario time 0 the instant {@code leadIn} from now (real time); call once, as
     * {@link #startScenarioClock()}.
     */
    public void startScenarioClock(Duration leadIn) {
        clock.startIn(leadIn.toNanos());
    }

    /**
     * Runs the coordinated shutdown of every node at once, waits for all of them (up to the shutdown timeout), then
     * stops the shared executor and the delay line. Idempotent.
     *
     * @throws IllegalStateException when a node did not terminate in time (everything else is still stopped)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopAll(nodes.values(), executor, delivery, settings.shutdownTimeout());
    }

    private static void stopAll(Collection<ClusterNode> nodes, ExecutionContextExecutorService executor,
                                DeadlineDelivery delivery, Duration timeout) {
        try {
            // Every node leaving at once strands the oldest: its singletons wait for a hand-over that never comes,
            // until the cluster-exiting phase times out. The others leave first, then the oldest leaves alone.
            Optional<ClusterNode> oldest = oldest(nodes);
            List<ClusterNode> younger = nodes.stream().filter(node -> oldest.map(o -> o != node).orElse(true))
                    .toList();
            terminate(younger, timeout);
            terminate(oldest.stream().toList(), timeout);
        } finally {
            executor.shutdown();
            delivery.close();
        }
    }

    private static void terminate(List<ClusterNode> nodes, Duration timeout) {
        nodes.forEach(ClusterNode::terminate);
        CompletableFuture<?>[] terminated = nodes.stream()
                .map(node -> node.terminated().toCompletableFuture()).toArray(CompletableFuture[]::new);
        ClusterNode.await(CompletableFuture.allOf(terminated), timeout, "shutting down " + nodes.size() + " nodes");
    }

    private static Optional<ClusterNode> oldest(Collection<ClusterNode> nodes) {
        if (nodes.isEmpty()) {
            return Optional.empty();
        }
        Member oldest = null;
        for (Member member : Cluster.get(nodes.iterator().next().system()).state().getMembers()) {
            if (member.status() == MemberStatus.up() && (oldest == null || member.isOlderThan(oldest))) {
                oldest = member;
            }
        }
        Address address = oldest == null ? null : oldest.address();
        return nodes.stream().filter(node -> node.address().equals(address)).findFirst();
    }

    private static void checkRegions(List<String> regions) {
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one region");
        }
        if (new HashSet<>(regions).size() != regions.size()) {
            throw new IllegalArgumentException("regions must be distinct, were " + regions);
        }
        for (String region : regions) {
            if (region == null || !region.matches("[A-Za-z0-9]+")) {
                throw new IllegalArgumentException("a region code is letters and digits only, was '" + region + "'");
            }
        }
    }

    private static ExecutionContextExecutorService sharedExecutor(int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads, p -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            thread.setName("edgesim-node-" + thread.getPoolIndex());
            thread.setDaemon(true);
            return thread;
        }, null, true);
        return ExecutionContexts.fromExecutorService(pool);
    }
}
