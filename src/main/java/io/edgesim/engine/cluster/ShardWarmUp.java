package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.HomeRegionShards;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.Futures;
import io.edgesim.model.tier.remote.ObjectRoute;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.sharding.ClusterSharding;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.pattern.Patterns;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes the remote object entity type ready for traffic: first waits until every node's shard region is registered
 * with the coordinator (it registers them one at a time, ~0.1 s each), then allocates every shard of every region
 * and teaches every node where each shard lives: from each node, one ping per shard of each region, to an object
 * named so that it falls in that shard (in a namespace of its own, so the run's objects are not among them).
 * Without it, the first request to a shard waits for the allocation (0.1-1.8 s) and misses its deadline.
 */
public final class ShardWarmUp {

    /** The namespace of the objects the warm-up pings; no stage of a run has it. */
    public static final String NAMESPACE = "warm-up";
    private static final String OBJECT_PREFIX = "object-";
    private static final long POLL_NANOS = 20_000_000L;
    private static final Duration PING_ATTEMPT = Duration.ofSeconds(5);

    private ShardWarmUp() {
    }

    /**
     * Pings, from the member {@code from}, every shard of every region of {@code homeRegions}, once the shard
     * coordinator knows the shard regions of {@code members} members, and checks that each answer comes from a
     * member holding the shard's home region; blocks up to {@code timeout}.
     *
     * @param namespace the namespace of the pinged objects (no stage of a run has it)
     * @throws IllegalStateException when an answer is late or comes from another region's member
     */
    public static void fromMember(ActorSystem<?> from, int members, List<String> homeRegions, String namespace,
                                  int shardsPerRegion, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        awaitRegionsRegistered(from, members, timeout);
        HomeRegionShards shards = new HomeRegionShards(shardsPerRegion);
        List<ObjectRoute> unanswered = new ArrayList<>();
        for (String home : homeRegions) {
            for (String name : shards.namesCoveringShards(namespace, OBJECT_PREFIX)) {
                unanswered.add(new ObjectRoute(name, home));
            }
        }
        int pings = unanswered.size();
        // a ping lost while a shard is being allocated is sent again, until the timeout
        while (!unanswered.isEmpty()) {
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos <= 0) {
                throw new IllegalStateException("warming up " + pings + " remote object shards took longer than "
                        + timeout + "; no answer for " + unanswered);
            }
            Duration attempt = Duration.ofNanos(Math.min(leftNanos, PING_ATTEMPT.toNanos()));
            List<CompletableFuture<ObjectRoute>> answers = new ArrayList<>();
            for (ObjectRoute route : unanswered) {
                answers.add(RemoteObjectEntity.refFor(from, namespace, route)
                        .<RemoteObjectEntity.Pong>ask(RemoteObjectEntity.Ping::new, attempt)
                        .thenApply(pong -> {
                            checkPlacement(route, pong);
                            return route;
                        })
                        .exceptionally(failure -> {
                            if (failure.getCause() instanceof IllegalStateException placement) {
                                throw placement;
                            }
                            return null;
                        })
                        .toCompletableFuture());
            }
            List<ObjectRoute> answered = new ArrayList<>();
            for (CompletableFuture<ObjectRoute> answer : answers) {
                ObjectRoute route = Futures.await(answer, attempt.plusSeconds(1), "pinging a shard");
                if (route != null) {
                    answered.add(route);
                }
            }
            unanswered.removeAll(answered);
        }
    }

    // a region sending messages before it is registered logs a warning per retry; the coordinator is asked instead
    private static void awaitRegionsRegistered(ActorSystem<?> from, int members, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        ActorRef region = ClusterSharding.get(Adapter.toClassic(from)).shardRegion(RemoteObjectEntity.TYPE_KEY.name());
        while (registeredRegions(region, timeout) < members) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the shard region of " + from.address()
                        + " did not see every region registered within " + ClusterSettings.shown(timeout));
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    // a region not yet registered answers with no regions at all
    private static int registeredRegions(ActorRef region, Duration timeout) {
        CompletableFuture<Object> answer = Patterns.ask(region, ShardRegion.getCurrentRegionsInstance(), timeout)
                .toCompletableFuture();
        return ((ShardRegion.CurrentRegions) Futures.await(answer, timeout, "asking for the registered regions"))
                .getRegions().size();
    }

    private static void checkPlacement(ObjectRoute route, RemoteObjectEntity.Pong pong) {
        if (!pong.hostRegions().contains(route.homeRegion())) {
            throw new IllegalStateException("object " + route.objectName() + " homed in " + route.homeRegion()
                    + " runs on the node of " + String.join(",", pong.hostRegions()));
        }
    }
}
