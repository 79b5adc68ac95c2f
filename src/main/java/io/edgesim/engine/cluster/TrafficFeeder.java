package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.engine.cluster.actors.OutcomeSink;
import io.edgesim.engine.cluster.actors.PopActor;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.engine.cluster.node.ClusterFailure;
import io.edgesim.model.Request;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.traffic.RequestStream;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Injects a run's requests into the cluster from one thread, in arrival order: each request is admitted (the
 * decisions that need one owner, see {@link Admissions}), then goes to its PoP's actor {@code lookaheadNanos} of
 * scenario time before it arrives, which holds it until its arrival time ({@code Arrive} carries it as its deadline).
 * The lookahead keeps only a short stretch of traffic in memory while leaving the feeding thread slack to stay
 * ahead.
 */
public final class TrafficFeeder {

    private final ScenarioClock clock;
    private final Map<String, ActorRef<PopActor.Command>> pops;
    private final long lookaheadNanos;
    // the run's faults (asked for failover even when empty), and null when it has none
    private final FaultTimeline timeline;
    private final FaultTimeline faults;
    // where chains are expected, and which PoPs' nodes are gone
    private final OutcomeSink sink;
    // the scenario's PoPs in order, and the index of the PoP in each region (-1 for none)
    private final List<String> popOrder;
    private final int[] popOfRegion;
    private volatile long requestsFed;

    /**
     * @param clock          the run's scenario clock
     * @param pops           the PoP actor of each region
     * @param lookaheadNanos how far ahead of its arrival a request is handed to its PoP's actor, scenario time
     * @param faults         the run's faults: a request landing in a PoP that is down goes to the nearest live one
     *                       (anycast failover), whose actor takes it; so does one landing in a PoP whose node is
     *                       gone ({@link OutcomeSink#lost})
     * @param sink           where the run's chains are recorded; the feeder notes each one it hands out there
     * @param popOrder       the scenario's PoPs, in order
     */
    public TrafficFeeder(ScenarioClock clock, Map<String, ActorRef<PopActor.Command>> pops,
                         long lookaheadNanos, FaultTimeline faults, OutcomeSink sink, List<String> popOrder) {
        if (lookaheadNanos < 0) {
            throw new IllegalArgumentException("lookaheadNanos must be 0 or more, was " + lookaheadNanos);
        }
        this.clock = clock;
        this.pops = Map.copyOf(pops);
        this.lookaheadNanos = lookaheadNanos;
        this.timeline = faults;
        this.faults = faults.isEmpty() ? null : faults;
        this.sink = sink;
        this.popOrder = List.copyOf(popOrder);
        this.popOfRegion = new int[faults.regions().codes().size()];
        Arrays.fill(popOfRegion, -1);
        for (int p = 0; p < popOrder.size(); p++) {
            popOfRegion[faults.regions().indexOf(popOrder.get(p))] = p;
        }
    }

    /**
     * How many requests went in, and how many limiter decisions they started.
     *
     * @param requests  requests fed
     * @param decisions admissions over all requests (one per request per limiter that sees it)
     */
    public record Fed(long requests, long decisions) {
    }

    /**
     * Feeds every request of {@code stream} with the admissions {@code admit} gives it, in stream order; returns
     * once the last one is with its PoP's actor (its arrival is then at most the lookahead away). A request no limiter
     * sees is not delivered.
     *
     * @throws IllegalArgumentException for a request whose PoP has no actor
     */
    public Fed feed(RequestStream stream, Function<Request, List<Admission>> admit) {
        long requests = 0;
        long decisions = 0;
        for (Request landed = stream.next(); landed != null; landed = stream.next()) {
            int failoverFault = faults == null ? -1 : faults.popDown(faults.regions().indexOf(landed.pop()),
                    landed.timeNanos());
            if (!pops.containsKey(landed.pop())) {
                throw new IllegalArgumentException("request " + landed.id() + " lands in " + landed.pop()
                        + ", which has no node; nodes: " + pops.keySet());
            }
            waitUntil(landed.timeNanos() - lookaheadNanos);
            Request request = failoverFault >= 0 || sink.lost(popOrder.indexOf(landed.pop())) ? failedOver(landed)
                    : landed;
            List<Admission> admissions = admit.apply(request);
            if (!admissions.isEmpty()) {
                // a node may go away between the check above and here: then the next nearest takes the request
                while (!sink.expect(popOrder.indexOf(request.pop()), request, admissions)) {
                    request = failedOver(landed);
                }
                pops.get(request.pop()).tell(new PopActor.Arrive(request, admissions, failoverFault));
                decisions += admissions.size();
            }
            requestsFed = ++requests;
        }
        return new Fed(requests, decisions);
    }

    // the request as it lands in the nearest live PoP
    private Request failedOver(Request r) {
        int region = timeline.failoverRegion(timeline.regions().indexOf(r.pop()), r.timeNanos(),
                candidate -> popOfRegion[candidate] < 0 || sink.lost(popOfRegion[candidate]));
        if (region < 0) {
            // every member holding PoPs left (all nodes killed, or the run's own members stopping on Ctrl-C): no bug
            throw new ClusterFailure("every node holding the run's PoPs left the cluster: request " + r.id()
                    + " at " + r.pop() + " has no PoP left to run it; start the nodes and the run again");
        }
        return new Request(r.id(), r.timeNanos(), timeline.regions().codes().get(region), r.client(), r.apiKey(),
                r.ip(), r.xff(), r.anonToken(), r.path(), r.cost(), r.plan());
    }

    /** Requests fed so far. */
    public long requestsFed() {
        return requestsFed;
    }

    private void waitUntil(long scenarioNanos) {
        long dueRealNanos = clock.realNanosAt(scenarioNanos);
        for (long wait = dueRealNanos - System.nanoTime(); wait > 0; wait = dueRealNanos - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
    }
}
