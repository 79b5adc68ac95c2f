package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.actors.RemoteTiers;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.model.Request;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.List;
import java.util.Map;

/**
 * Runs the first requests of a scenario through the whole path once before the scenario clock starts - PoP actors,
 * the model's tiers, remote objects on their home nodes, replies through the delay line - so that the run's own
 * first requests do not meet code running for the first time (class loading, the interpreter: tens of milliseconds
 * on two cores). Everything it touches is a throwaway copy: its own PoP actors (with their own in-PoP tiers),
 * exact references and recorder, and remote objects in the warm-up namespaces ({@link RemoteTiers#WARM_UP_PREFIX}),
 * which no report counts. The requests are sent one per warm-up interval instead of at their own times.
 */
final class TrafficWarmUp {

    /** The name of the warm-up PoP actors. */
    static final String ACTOR_NAME = "warm-up-pop";

    private TrafficWarmUp() {
    }

    /**
     * Sends up to {@code settings.warmUpRequests()} requests to the warm-up PoP actors {@code pops} and waits until
     * {@code sink} has every one's decisions. The caller forgets the delivery errors they leave.
     *
     * @param admissions admissions of the warm-up alone (a fresh instance), numbering keys as {@code sink} does
     * @throws IllegalStateException when the warm-up traffic does not complete within the startup timeout
     */
    static void run(ClusterSettings settings, ScenarioClock clock, Scenario scenario,
                    Map<String, ActorRef<PopActor.Command>> pops, OutcomeSink sink, Admissions admissions) {
        if (settings.warmUpRequests() == 0) {
            return;
        }
        double speed = clock.speed();
        long intervalNanos = Math.max(1, (long) (settings.warmUpInterval().toNanos() * speed));
        long firstNanos = clock.nowNanos() + (long) (settings.feederLookahead().toNanos() * speed);
        RequestStream stream = TrafficGenerator.open(scenario);
        long decisions = 0;
        Request request = stream.next();
        for (int i = 0; i < settings.warmUpRequests() && request != null; i++, request = stream.next()) {
            Request retimed = retimed(request, firstNanos + i * intervalNanos);
            List<Admission> admitted = admissions.admit(retimed);
            if (!admitted.isEmpty()) {
                sink.expect(scenario.pops().indexOf(retimed.pop()), retimed, admitted);
                pops.get(retimed.pop()).tell(new PopActor.Arrive(retimed, admitted, -1));
                decisions += admitted.size();
            }
        }
        try {
            sink.awaitRecorded(decisions, settings.startupTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while warming up", e);
        }
    }

    private static Request retimed(Request r, long timeNanos) {
        return new Request(r.id(), timeNanos, r.pop(), r.client(), r.apiKey(), r.ip(), r.xff(), r.anonToken(),
                r.path(), r.cost(), r.plan());
    }
}
