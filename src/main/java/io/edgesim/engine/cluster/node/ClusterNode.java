package io.edgesim.engine.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.edgesim.engine.cluster.delivery.DeadlineDelivery;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.BootstrapSetup;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SpawnProtocol;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import scala.concurrent.ExecutionContextExecutor;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One PoP of a cluster run: an ActorSystem that is a cluster member with role = its region code, bound to a free
 * port. Created and stopped by {@link EmbeddedCluster}; actors of the PoP are spawned with {@link #spawn}.
 */
public final class ClusterNode {

    /** Every node of a run shares this ActorSystem name, as cluster membership requires. */
    static final String SYSTEM_NAME = "edgesim";

    private final String region;
    private final ActorSystem<SpawnProtocol.Command> system;
    private final ClusterSettings settings;
    private final DeadlineDelivery delivery;
    private final CompletableFuture<Void> allMembersUp = new CompletableFuture<>();

    private ClusterNode(String region, ActorSystem<SpawnProtocol.Command> system, ClusterSettings settings,
                        DeadlineDelivery delivery) {
        this.region = region;
        this.system = system;
        this.settings = settings;
        this.delivery = delivery;
    }

    /**
     * Starts the ActorSystem of {@code region} on {@code executor} and begins watching for {@code expectedMembers}
     * members Up; it joins nothing yet.
     */
    static ClusterNode start(String region, int expectedMembers, ClusterSettings settings,
                             ExecutionContextExecutor executor, DeadlineDelivery delivery) {
        Config config = ConfigFactory.parseMap(Map.of(
                        "pekko.cluster.roles", List.of(region),
                        "pekko.remote.artery.canonical.hostname", settings.host(),
                        // the shard coordinator allocates nothing until every region has registered
                        "pekko.cluster.min-nr-of-members", expectedMembers))
                .withFallback(settings.nodeConfig());
        BootstrapSetup setup = BootstrapSetup.create(config).withDefaultExecutionContext(executor);
        ActorSystem<SpawnProtocol.Command> system = ActorSystem.create(SpawnProtocol.create(), SYSTEM_NAME, setup);
        ClusterNode node = new ClusterNode(region, system, settings, delivery);
        system.systemActorOf(MembersUpWatcher.create(expectedMembers, node.allMembersUp), "members-up-watcher",
                Props.empty());
        return node;
    }

    /** The IATA code of the PoP this node simulates; also its cluster role. */
    public String region() {
        return region;
    }

    public ActorSystem<?> system() {
        return system;
    }

    /** This member's address (host and the port it bound). */
    public Address address() {
        return Cluster.get(system).selfMember().address();
    }

    public ClusterSettings settings() {
        return settings;
    }

    /** The run's clock, delay line and delivery-error record, shared by all nodes. */
    public DeadlineDelivery delivery() {
        return delivery;
    }

    public ClusterSharding sharding() {
        return ClusterSharding.get(system);
    }

    /** Spawns a top-level actor on this node; blocks up to the startup timeout. */
    public <T> ActorRef<T> spawn(Behavior<T> behavior, String name) {
        CompletionStage<ActorRef<T>> spawned = AskPattern.ask(system,
                replyTo -> new SpawnProtocol.Spawn<>(behavior, name, Props.empty(), replyTo),
                settings.startupTimeout(), system.scheduler());
        return await(spawned.toCompletableFuture(), settings.startupTimeout(), "spawning " + name);
    }

    /** Asks this node to join the cluster through {@code seed} (its own address for the first node). */
    void join(Address seed) {
        Cluster.get(system).manager().tell(Join.create(seed));
    }

    /** Completes when this node has seen every expected member Up. */
    CompletableFuture<Void> allMembersUp() {
        return allMembersUp;
    }

    /** Starts the coordinated shutdown of this node; {@link #terminated()} completes when it is over. */
    void terminate() {
        system.terminate();
    }

    CompletionStage<?> terminated() {
        return system.getWhenTerminated();
    }

    public static <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " took longer than " + timeout, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " was interrupted", e);
        }
    }

    @Override
    public String toString() {
        return region + "@" + address();
    }
}
