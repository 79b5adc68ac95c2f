package io.edgesim.engine.cluster;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ObjectRoute;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A started cluster with the Durable Object entity type on every node, warmed up, its scenario clock started; tests
 * spawn fresh PoP actors on it so that none shares state or messages with another.
 */
final class ClusterFixture implements AutoCloseable {

    /** Two requests per minute per object: the third in a window is refused. */
    static final AlgorithmSpec TWO_PER_MINUTE =
            AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 2, 60_000 * TestRegions.MILLI);

    private static final long SEED = 42;

    final EmbeddedCluster cluster;
    final RegionMap regions;
    private final AtomicInteger spawned = new AtomicInteger();
    private final AtomicInteger requestIds = new AtomicInteger();

    private ClusterFixture(EmbeddedCluster cluster, RegionMap regions) {
        this.cluster = cluster;
        this.regions = regions;
    }

    static ClusterFixture start(RegionMap regions, double speed) {
        EmbeddedCluster cluster = EmbeddedCluster.start(regions.codes(), speed, ClusterSettings.load());
        try {
            cluster.nodes().forEach(node -> DurableObjectEntity.initSharding(node, regions, TWO_PER_MINUTE, SEED));
            DurableObjectWarmUp.run(cluster);
            cluster.startScenarioClock();
            return new ClusterFixture(cluster, regions);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** A fresh PoP actor on the node of {@code region}, reporting completions to a fresh probe. */
    Pop pop(String region) {
        ClusterNode node = cluster.node(region);
        TestProbe<PopActor.Completed> results = TestProbe.create(node.system());
        ActorRef<PopActor.Command> pop = node.spawn(PopActor.create(node, regions, SEED, results.ref()),
                "pop-" + region + "-" + spawned.incrementAndGet());
        return new Pop(region, pop, results);
    }

    /** A route to an object no test has used yet. */
    static ObjectRoute freshObject(String homeRegion) {
        return new ObjectRoute("object-" + UUID.randomUUID(), homeRegion);
    }

    /** Scenario time now plus a lead long enough for the arrival to be scheduled ahead. */
    long soon() {
        return cluster.clock().nowNanos() + 20 * TestRegions.MILLI;
    }

    @Override
    public void close() {
        cluster.close();
    }

    /** A PoP actor and the probe its completions go to. */
    final class Pop {
        final String region;
        final ActorRef<PopActor.Command> ref;
        final TestProbe<PopActor.Completed> results;

        Pop(String region, ActorRef<PopActor.Command> ref, TestProbe<PopActor.Completed> results) {
            this.region = region;
            this.ref = ref;
            this.results = results;
        }

        /** Schedules a request of cost 1 arriving at this PoP at {@code arrivalNanos} for the object of {@code route}. */
        void arrive(long arrivalNanos, ObjectRoute route) {
            Request request = new Request(requestIds.incrementAndGet(), arrivalNanos, region, "test", "key", "10.0.0.1",
                    null, null, "/", 1);
            cluster.delivery().deliverAt(arrivalNanos, ref, new PopActor.Arrive(request, route));
        }

        List<PopActor.Completed> completions(int count) {
            return results.receiveSeveralMessages(count);
        }
    }
}
