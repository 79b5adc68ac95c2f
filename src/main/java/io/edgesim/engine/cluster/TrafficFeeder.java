package io.edgesim.engine.cluster;

import io.edgesim.model.Request;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.traffic.RequestStream;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Injects a run's requests into the cluster: each request goes to the delay line {@code lookaheadNanos} of scenario
 * time before it arrives, and from there to its PoP's actor exactly at its arrival time. The lookahead keeps only a
 * short stretch of traffic in memory while leaving the feeding thread slack to stay ahead.
 */
public final class TrafficFeeder {

    private final DeadlineDelivery delivery;
    private final Map<String, ActorRef<PopActor.Command>> pops;
    private final long lookaheadNanos;

    /**
     * @param delivery       the run's deadline delivery
     * @param pops           the PoP actor of each region
     * @param lookaheadNanos how far ahead of its arrival a request is handed to the delay line, scenario time
     */
    public TrafficFeeder(DeadlineDelivery delivery, Map<String, ActorRef<PopActor.Command>> pops,
                         long lookaheadNanos) {
        if (lookaheadNanos < 0) {
            throw new IllegalArgumentException("lookaheadNanos must be 0 or more, was " + lookaheadNanos);
        }
        this.delivery = delivery;
        this.pops = Map.copyOf(pops);
        this.lookaheadNanos = lookaheadNanos;
    }

    /**
     * Feeds every request of {@code stream}, routed to the object {@code routeOf} names; returns once the last one is
     * in the delay line (its arrival is then at most the lookahead away).
     *
     * @return the number of requests fed
     * @throws IllegalArgumentException for a request whose PoP has no actor
     */
    public long feed(RequestStream stream, Function<Request, ObjectRoute> routeOf) {
        long fed = 0;
        for (Request request = stream.next(); request != null; request = stream.next()) {
            ActorRef<PopActor.Command> pop = pops.get(request.pop());
            if (pop == null) {
                throw new IllegalArgumentException("request " + request.id() + " lands in " + request.pop()
                        + ", which has no node; nodes: " + pops.keySet());
            }
            waitUntil(request.timeNanos() - lookaheadNanos);
            delivery.deliverAt(request.timeNanos(), pop, new PopActor.Arrive(request, routeOf.apply(request)));
            fed++;
        }
        return fed;
    }

    private void waitUntil(long scenarioNanos) {
        long dueRealNanos = delivery.clock().realNanosAt(scenarioNanos);
        for (long wait = dueRealNanos - System.nanoTime(); wait > 0; wait = dueRealNanos - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
    }
}
