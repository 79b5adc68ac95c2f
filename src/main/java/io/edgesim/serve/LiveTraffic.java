package io.edgesim.serve;

import io.edgesim.engine.cluster.Traffic;
import io.edgesim.engine.cluster.actors.ChainSink;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.model.Request;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The requests of live clients as a cluster run's traffic: each one is numbered and stamped with the run's scenario
 * clock as it comes in (so ids and times keep arrival order), queued for the feeder, and answered when the served
 * limiter's chain for it ends ({@link LiveAnswer}). Every request counts as sent by the scenario's first client the
 * served limiter sees, with that client's plan. The stream ends at {@link #stop}; a request that comes after is
 * refused.
 */
final class LiveTraffic implements Traffic {

    // the end of the stream in the queue
    private static final Request END = new Request(-1, 0, "", "", null, null, null, null, "", 0, null);

    private final Scenario scenario;
    private final int served;
    private final ClientSpec client;
    private final LiveCounts counts;
    private final BlockingQueue<Request> queue = new LinkedBlockingQueue<>();
    private final Map<Long, CompletableFuture<LiveAnswer>> waiting = new ConcurrentHashMap<>();
    private final CompletableFuture<ScenarioClock> started = new CompletableFuture<>();
    private long nextId;
    private boolean stopped;
    // the scenario time at stop: the time served
    private long servedNanos;

    /** Live traffic answered by limiter {@code served} (its index) of {@code scenario}, which sees {@code client}. */
    LiveTraffic(Scenario scenario, int served, ClientSpec client, LiveCounts counts) {
        this.scenario = scenario;
        this.served = served;
        this.client = client;
        this.counts = counts;
    }

    @Override
    public RequestStream open(Scenario run, ScenarioClock clock) {
        started.complete(clock);
        return this::take;
    }

    @Override
    public ChainSink ends() {
        return (pop, request, admission, progress, touched, failedOver) -> {
            counts.decided(admission.limiter(), pop, progress);
            if (admission.limiter() == served) {
                CompletableFuture<LiveAnswer> answer = waiting.remove(request.id());
                if (answer != null) {
                    answer.complete(LiveAnswer.of(scenario.limiters().get(served), request, progress));
                }
            }
        };
    }

    /** Completes once the run's scenario time 0 is set and requests can come in. */
    CompletableFuture<ScenarioClock> started() {
        return started;
    }

    /**
     * Queues a request landing in {@code pop} with {@code fields}; the answer completes when the served limiter has
     * decided, or is null when the traffic is stopped.
     */
    synchronized CompletableFuture<LiveAnswer> submit(String pop, LiveRequests.Fields fields) {
        ScenarioClock clock = started.getNow(null);
        if (stopped || clock == null) {
            return null;
        }
        // never before time 0, which the listeners open after
        Request request = new Request(nextId++, Math.max(0, clock.nowNanos()), pop, client.name(), fields.apiKey(), fields.ip(),
                fields.xff(), fields.anonToken(), fields.path(), 1, client.plan());
        CompletableFuture<LiveAnswer> answer = new CompletableFuture<>();
        waiting.put(request.id(), answer);
        queue.add(request);
        return answer;
    }

    /** Ends the stream after the requests queued so far; they are still decided and answered. */
    synchronized void stop() {
        if (!stopped) {
            stopped = true;
            ScenarioClock clock = started.getNow(null);
            servedNanos = clock == null ? 0 : clock.nowNanos();
            queue.add(END);
        }
    }

    /** The time served, from scenario time 0 to {@link #stop} (at least 1 ns): what the run's report covers. */
    @Override
    public synchronized long durationNanos(Scenario run) {
        return Math.max(1, servedNanos);
    }

    /** Requests taken so far. */
    synchronized long requests() {
        return nextId;
    }

    private Request take() {
        try {
            Request next = queue.take();
            return next == END ? null : next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
