package io.edgesim.engine.cluster;

import io.edgesim.model.tier.ObjectRoute;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Allocates every Durable Object shard of every region before traffic starts, and teaches every node where each
 * shard lives: from each node, one ping per shard of each region, to an object named so that it falls in that shard.
 * Without it, the first request to a shard waits for the allocation (0.1-1.8 s) and misses its deadline.
 */
public final class DurableObjectWarmUp {

    private static final String OBJECT_PREFIX = "warm-up-";

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
    }

    private static void checkPlacement(ObjectRoute route, DurableObjectEntity.Pong pong) {
        if (!pong.hostRegion().equals(route.homeRegion())) {
            throw new IllegalStateException("object " + route.objectName() + " homed in " + route.homeRegion()
                    + " runs on the node of " + pong.hostRegion());
        }
    }
}
