package io.edgesim.engine.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.BootstrapSetup;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.cluster.typed.Subscribe;
import scala.concurrent.ExecutionContextExecutor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A cluster member in a process of its own ({@code edgesim node}): one ActorSystem whose roles are the regions it
 * holds, bound to a given host and port, joining the cluster through its seed nodes. The JVM's shutdown hook (SIGTERM)
 * runs its coordinated shutdown, which leaves the cluster before the process ends.
 */
public final class StandaloneNode {

    /** Every member of a cluster shares this ActorSystem name, as cluster membership requires. */
    static final String SYSTEM_NAME = "edgesim";

    private final ActorSystem<Void> system;
    private final CompletableFuture<Address> up = new CompletableFuture<>();

    private StandaloneNode(ActorSystem<Void> system) {
        this.system = system;
    }

    /**
     * What a node process is told on its command line.
     *
     * @param roles     the region codes it holds, at least one
     * @param host      the address it binds and is reached at
     * @param port      its port
     * @param seedNodes "host:port" of the members it joins through (its own address, or none, to start a cluster)
     * @param tls       the key and trust stores of Artery TLS; empty for plain TCP
     */
    public record Options(List<String> roles, String host, int port, List<String> seedNodes, Optional<Tls> tls) {

        public Options {
            roles = List.copyOf(roles);
            seedNodes = List.copyOf(seedNodes);
        }
    }

    /** Artery's TLS stores (PKCS12 or JKS) and the password of both. */
    public record Tls(Path keyStore, Path trustStore, String password) {
    }

    /** The Pekko configuration of a node with {@code options}, over the engine's template. */
    public static Config config(Options options, ClusterSettings settings) {
        Map<String, Object> values = new HashMap<>();
        values.put("pekko.cluster.roles", options.roles());
        values.put("pekko.remote.artery.canonical.hostname", options.host());
        values.put("pekko.remote.artery.canonical.port", options.port());
        values.put("pekko.cluster.seed-nodes", options.seedNodes().stream()
                .map(seed -> "pekko://" + SYSTEM_NAME + "@" + seed).toList());
        // a process of its own leaves the cluster when it is told to stop
        values.put("pekko.coordinated-shutdown.run-by-jvm-shutdown-hook", "on");
        // A process killed outright (or cut off) would stay unreachable for ever: its runs never end on the other
        // nodes, and the shard coordinator, which writes to every member of a small cluster, would wait for it.
        // The split-brain resolver downs it once the membership is stable; keep-oldest keeps the side of the first
        // node (coordinators join later, so they are never the oldest), and downs the oldest if it is cut off alone.
        values.put("pekko.cluster.downing-provider-class",
                "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider");
        values.put("pekko.cluster.split-brain-resolver.active-strategy", "keep-oldest");
        values.put("pekko.cluster.split-brain-resolver.keep-oldest.down-if-alone", "on");
        values.put("pekko.cluster.split-brain-resolver.stable-after", "7s");
        options.tls().ifPresent(tls -> {
            String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
            values.put("pekko.remote.artery.transport", "tls-tcp");
            values.put(engine + "key-store", tls.keyStore().toAbsolutePath().toString());
            values.put(engine + "trust-store", tls.trustStore().toAbsolutePath().toString());
            values.put(engine + "key-store-password", tls.password());
            values.put(engine + "key-password", tls.password());
            values.put(engine + "trust-store-password", tls.password());
        });
        return ConfigFactory.parseMap(values).withFallback(settings.nodeConfig());
    }

    /** Starts the node; it joins its seed nodes at once (itself when it has none: a cluster of its own). */
    public static StandaloneNode start(Options options, ClusterSettings settings) {
        return start(options, BootstrapSetup.create(config(options, settings)));
    }

    /**
     * The same, with every dispatcher of the node on {@code executor}: members started in one process share a few
     * threads instead of each running a pool of its own.
     */
    public static StandaloneNode start(Options options, ClusterSettings settings, ExecutionContextExecutor executor) {
        return start(options, BootstrapSetup.create(config(options, settings)).withDefaultExecutionContext(executor));
    }

    private static StandaloneNode start(Options options, BootstrapSetup setup) {
        StandaloneNode node = new StandaloneNode(ActorSystem.create(Behaviors.empty(), SYSTEM_NAME,
                setup));
        // the subscription replays members already Up, so the node's own Up is not missed
        node.watchSelfUp();
        if (options.seedNodes().isEmpty()) {
            Cluster cluster = Cluster.get(node.system);
            cluster.manager().tell(Join.create(cluster.selfMember().address()));
        }
        return node;
    }

    /**
     * Waits until this node is Up in the cluster.
     *
     * @return this node's address
     * @throws Refused when the node shut down first because the cluster refused it (a different secret or protocol)
     * @throws Stopped when the node shut down first for another reason (SIGTERM, {@link #leave})
     * @throws IllegalStateException when none of these happened within {@code timeout}
     */
    public Address awaitUp(Duration timeout) {
        CompletableFuture<Object> either = CompletableFuture.anyOf(up,
                system.getWhenTerminated().toCompletableFuture());
        Object first = Futures.await(either, timeout, "joining the cluster");
        if (first instanceof Address address) {
            return address;
        }
        // Pekko's seed node process shuts a refused node down with this reason
        if (shutdownReason().filter(CoordinatedShutdown.incompatibleConfigurationDetectedReason()::equals)
                .isPresent()) {
            throw new Refused();
        }
        throw new Stopped();
    }

    /** Whether this node has been Up in the cluster. */
    public boolean wasUp() {
        return up.isDone();
    }

    /** Whether this node is shutting down (or has shut down) because the JVM is exiting: SIGTERM, System.exit. */
    public boolean stoppedByJvmExit() {
        return shutdownReason().filter(CoordinatedShutdown.jvmExitReason()::equals).isPresent();
    }

    private Optional<CoordinatedShutdown.Reason> shutdownReason() {
        return CoordinatedShutdown.get(system).getShutdownReason();
    }

    /** Blocks until the node has left the cluster and stopped (after SIGTERM or {@link #leave}). */
    public void awaitTermination() {
        system.getWhenTerminated().toCompletableFuture().join();
    }

    /** Leaves the cluster and stops the node. */
    public void leave() {
        system.terminate();
    }

    public ActorSystem<Void> system() {
        return system;
    }

    private void watchSelfUp() {
        Address self = Cluster.get(system).selfMember().address();
        system.systemActorOf(Behaviors.<ClusterEvent.MemberUp>setup(ctx -> {
            Cluster.get(system).subscriptions().tell(Subscribe.create(ctx.getSelf(), ClusterEvent.MemberUp.class));
            return Behaviors.receiveMessage(event -> {
                if (event.member().address().equals(self)) {
                    up.complete(self);
                }
                return Behaviors.same();
            });
        }), "self-up-watcher", Props.empty());
    }

    /** The cluster refused this node's join: it shut itself down. */
    public static final class Refused extends RuntimeException {
        Refused() {
            super("the cluster refused this node");
        }
    }

    /** The node was stopped (SIGTERM, {@link #leave}) before it was Up. */
    public static final class Stopped extends RuntimeException {
        Stopped() {
            super("the node was stopped before it joined the cluster");
        }
    }
}
