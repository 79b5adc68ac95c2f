package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.engine.cluster.actors.LocalTiers;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RemoteObjectEntity;
import io.edgesim.engine.cluster.actors.RemoteTiers;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.EmbeddedCluster;
import io.edgesim.model.Request;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.result.DecisionListener;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;

import java.util.List;
import java.util.Map;

/**
 * Runs the first requests of a scenario through the whole path once before the scenario clock starts - PoP actors,
 * the model's tiers, remote objects on their home nodes, replies through the delay line - so that the run's own
 * first requests do not meet code running for the first time (class loading, the interpreter: tens of milliseconds
 * on two cores). Everything it touches is a throwaway copy: its own PoP actors, in-PoP tiers, exact references and
 * recorder, and remote objects in the warm-up namespaces ({@link RemoteTiers#WARM_UP_PREFIX}), which no report
 * counts. The requests are sent one per warm-up interval instead of at their own times.
 */
final class TrafficWarmUp {

    private static final String ACTOR_NAME = "warm-up-pop";

    private TrafficWarmUp() {
    }

    /**
     * Sends up to {@code settings.warmUpRequests()} requests and waits until every one has its decisions, then
     * clears the delivery errors they left.
     *
     * @param objects each node's shard region of remote objects
     * @throws IllegalStateException when the warm-up traffic does not complete within the startup timeout
     */
    static void run(EmbeddedCluster cluster, Scenario scenario,
                    Map<String, ActorRef<ShardingEnvelope<RemoteObjectEntity.Command>>> objects) {
        ClusterSettings settings = cluster.settings();
        if (settings.warmUpRequests() == 0) {
            return;
        }
        Admissions admissions = new Admissions(scenario);
        OutcomeSink sink = new OutcomeSink(scenario, ClusterEngine.NAME, DecisionListener.NONE, admissions.keys());
        Map<String, ActorRef<PopActor.Command>> pops = ClusterEngine.spawnPops(cluster, scenario,
                new LocalTiers(scenario, FaultTimeline.none(scenario.regions())), objects, sink,
                RemoteTiers.WARM_UP_PREFIX, ACTOR_NAME, FaultTimeline.none(scenario.regions()));
        double speed = cluster.clock().speed();
        long intervalNanos = Math.max(1, (long) (settings.warmUpInterval().toNanos() * speed));
        long firstNanos = cluster.clock().nowNanos() + (long) (settings.feederLookahead().toNanos() * speed);
        RequestStream stream = TrafficGenerator.open(scenario);
        long decisions = 0;
        Request request = stream.next();
        for (int i = 0; i < settings.warmUpRequests() && request != null; i++, request = stream.next()) {
            Request retimed = retimed(request, firstNanos + i * intervalNanos);
            List<Admission> admitted = admissions.admit(retimed);
            if (!admitted.isEmpty()) {
                cluster.delivery().deliverAt(retimed.timeNanos(), pops.get(retimed.pop()),
                        new PopActor.Arrive(retimed, admitted, -1));
                decisions += admitted.size();
            }
        }
        try {
            sink.awaitRecorded(decisions, settings.startupTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while warming up", e);
        }
        cluster.delivery().errors().latencyInterval();
        cluster.delivery().errors().arrivalInterval();
    }

    private static Request retimed(Request r, long timeNanos) {
        return new Request(r.id(), timeNanos, r.pop(), r.client(), r.apiKey(), r.ip(), r.xff(), r.anonToken(),
                r.path(), r.cost(), r.plan());
    }
}
