package io.edgesim.engine.cluster;

import io.edgesim.model.tier.ObjectRoute;
import org.apache.pekko.actor.ActorRef;
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
 * Makes the Durable Object entity type ready for traffic: first waits until every node's shard region is registered
 * with the coordinator (it registers them one at a time, ~0.1 s each), then allocates every shard of every region
 * and teaches every node where each shard lives: from each node, one ping per shard of each region, to an object
 * named so that it falls in that shard. Without it, the first request to a shard waits for the allocation
 * (0.1-1.8 s) and misses its deadline. Last, each node sends one request of cost 0 (which changes no counter) to
 * each region, so that the serializers and code of the request path are ready too: a cold first request took over
 * 100 ms on a busy machine.
 */
public final class DurableObjectWarmUp {

    private static final String OBJECT_PREFIX = "warm-up-";
    private static final long POLL_NANOS = 20_000_000L;

    private DurableObjectWarmUp() {
    }

    /**
     * Pings every shard of every region of {@code cluster} from every node and checks that each answer comes from
     * the shard's home region; blocks up to the startup timeout. The entity type must be initialised on every node.
     *
     * @throws IllegalStateException when an answer is late or comes from another region's node
     */
    public static void run(EmbeddedCluster cluster) {
        Duration timeout = cluster.settings().startupTimeout();
        awaitRegionsRegistered(cluster, timeout);
        HomeRegionShards shards = new HomeRegionShards(cluster.settings().shardsPerRegion());
        List<CompletableFuture<Void>> answers = new ArrayList<>();
        for (ClusterNode from : cluster.nodes()) {
            for (ClusterNode home : cluster.nodes()) {
                for (String name : shards.namesCoveringShards(OBJECT_PREFIX)) {
                    ObjectRoute route = new ObjectRoute(name, home.region());
                    answers.add(DurableObjectEntity.refFor(from, route)
                            .<DurableObjectEntity.Pong>ask(DurableObjectEntity.Ping::new, timeout)
                            .thenAccept(pong -> checkPlacement(route, pong))
                            .toCompletableFuture());
                }
            }
        }
        ClusterNode.await(CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)), timeout,
                "warming up " + answers.size() + " Durable Object shards");
        List<CompletableFuture<DurableObjectEntity.Served>> served = new ArrayList<>();
        for (ClusterNode from : cluster.nodes()) {
            for (ClusterNode home : cluster.nodes()) {
                ObjectRoute route = new ObjectRoute(shards.namesCoveringShards(OBJECT_PREFIX).get(0), home.region());
                served.add(DurableObjectEntity.refFor(from, route).<DurableObjectEntity.Served>ask(replyTo ->
                        new DurableObjectEntity.Serve(0, from.region(), from.delivery().clock().nowNanos(), 0,
                                replyTo), timeout).toCompletableFuture());
            }
        }
        ClusterNode.await(CompletableFuture.allOf(served.toArray(CompletableFuture[]::new)), timeout,
                "warming up the request path with " + served.size() + " requests");
    }

    // a region sending messages before it is registered logs a warning per retry; the coordinator is asked instead
    private static void awaitRegionsRegistered(EmbeddedCluster cluster, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (ClusterNode node : cluster.nodes()) {
            ActorRef region = ClusterSharding.get(Adapter.toClassic(node.system()))
                    .shardRegion(DurableObjectEntity.TYPE_KEY.name());
            while (registeredRegions(region, timeout) < cluster.nodes().size()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the shard region of " + node.region()
                            + " did not see every region registered within " + timeout);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        }
    }

    // a region not yet registered answers with no regions at all
    private static int registeredRegions(ActorRef region, Duration timeout) {
        CompletableFuture<Object> answer = Patterns.ask(region, ShardRegion.getCurrentRegionsInstance(), timeout)
                .toCompletableFuture();
        return ((ShardRegion.CurrentRegions) ClusterNode.await(answer, timeout, "asking for the registered regions"))
                .getRegions().size();
    }

    private static void checkPlacement(ObjectRoute route, DurableObjectEntity.Pong pong) {
        if (!pong.hostRegion().equals(route.homeRegion())) {
            throw new IllegalStateException("object " + route.objectName() + " homed in " + route.homeRegion()
                    + " runs on the node of " + pong.hostRegion());
        }
    }
}
