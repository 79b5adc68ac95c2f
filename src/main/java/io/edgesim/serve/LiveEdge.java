package io.edgesim.serve;

import io.edgesim.engine.cluster.ClusterEngine;
import io.edgesim.engine.cluster.Fidelity;
import io.edgesim.engine.cluster.delivery.ScenarioClock;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioText;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.settings.ServerSettings;
import org.apache.pekko.http.javadsl.model.AttributeKey;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.headers.Connection;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.model.headers.TimeoutAccess;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.TLSProtocol.SslTlsInbound;
import org.apache.pekko.stream.TLSProtocol.SslTlsOutbound;
import org.apache.pekko.stream.javadsl.BidiFlow;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.TLSPlacebo;
import org.apache.pekko.stream.javadsl.Tcp;
import org.apache.pekko.util.ByteString;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

/**
 * A scenario's PoPs served to live HTTP clients: a cluster run in this process ({@link ClusterEngine}) whose traffic
 * is the requests of an Apache Pekko HTTP listener per PoP on loopback, ports {@code basePort}, {@code basePort + 1},
 * ... in the scenario's PoP order (0: any free port each). Every request but {@code GET /edgesim/stats} (the counts
 * so far, JSON) goes through every limiter the way the run sends it and is answered with what the served limiter
 * decided ({@link LiveAnswer}); a request without a header the limiters key on is a 400 naming it. {@link #stop}
 * unbinds the listeners, lets the requests in flight finish and returns the run's result.
 */
public final class LiveEdge {

    /** The path of the counts so far. */
    public static final String STATS_PATH = "/edgesim/stats";
    static final int BAD_REQUEST = 400;
    static final int PAYLOAD_TOO_LARGE = 413;
    private static final String HOST = "127.0.0.1";
    // set when Pekko HTTP answered the request 503 for its request-timeout
    private static final AttributeKey<AtomicBoolean> ANSWERED_LATE = AttributeKey.create("edgesim-answered-late",
            AtomicBoolean.class);
    // no TLS: the session's bytes as they are (its inbound SessionBytes are the SslTlsInbound the server layer reads)
    @SuppressWarnings("unchecked")
    private static final BidiFlow<SslTlsOutbound, ByteString, ByteString, SslTlsInbound, NotUsed> PLAIN_BYTES =
            (BidiFlow<SslTlsOutbound, ByteString, ByteString, SslTlsInbound, NotUsed>) (BidiFlow<?, ?, ?, ?, ?>)
                    TLSPlacebo.getInstance();

    private final Scenario scenario;
    private final LiveRequests keys;
    private final LiveCounts counts;
    private final LiveTraffic traffic;
    private final CompletableFuture<RunResult> run = new CompletableFuture<>();
    // set once the run is started
    private ClusterEngine engine;
    private final ActorSystem<Void> http;
    // null: the limiter's own answer for a request let through
    private final Upstream upstream;
    private final Map<String, URI> listeners = new LinkedHashMap<>();
    private final List<Tcp.ServerBinding> bindings = new ArrayList<>();
    private final int maxConnections;
    private final ServeSettings limits;
    private final ServerSettings server;
    // connections open on all listeners together
    private final AtomicInteger connections = new AtomicInteger();

    private LiveEdge(Scenario scenario, int served, ClientSpec client, URI upstreamUrl, int maxConnections,
                     ServeSettings limits) {
        this.scenario = scenario;
        this.keys = new LiveRequests(scenario.limiters());
        this.counts = new LiveCounts(scenario, scenario.limiters().get(served).name());
        this.traffic = new LiveTraffic(scenario, served, client, counts);
        this.http = ActorSystem.create(Behaviors.empty(), "edgesim-serve", limits.httpConfig());
        this.maxConnections = maxConnections;
        this.limits = limits;
        this.server = ServerSettings.create(limits.httpConfig());
        this.upstream = upstreamUrl == null ? null : new Upstream(upstreamUrl, http);
    }

    /**
     * How the edge serves.
     *
     * @param served   the index of the limiter whose answer clients get
     * @param client   the scenario's client that live requests count as (the served limiter sees it)
     * @param speed    scenario nanoseconds per real nanosecond
     * @param basePort the first PoP's port; 0 for a free port per PoP
     * @param upstream where requests the served limiter lets through are passed on ({@link Upstream}); null for none
     * @param maxConnections the most connections open at once over all listeners; a connection beyond gets 503
     *                       {@code too_many_connections} to its first request and is closed
     * @param limits   the HTTP server's timeouts and sizes
     */
    public record Serving(int served, ClientSpec client, double speed, int basePort, URI upstream,
                          int maxConnections, ServeSettings limits) {
    }

    /**
     * Starts the cluster run and, once its scenario time 0 is set, the listeners.
     *
     * @throws IllegalStateException    when the run fails to start
     * @throws IllegalArgumentException when a port cannot be listened on
     */
    public static LiveEdge start(Scenario scenario, ScenarioText text, Serving serving, ClusterSettings settings) {
        LiveEdge edge = new LiveEdge(scenario, serving.served(), serving.client(), serving.upstream(),
                serving.maxConnections(), serving.limits());
        double speed = serving.speed();
        int basePort = serving.basePort();
        ClusterEngine engine = new ClusterEngine(scenario, text, DecisionListener.NONE, speed, settings,
                new ClusterEngine.InProcess(settings.members()));
        edge.engine = engine;
        Thread running = new Thread(() -> {
            try {
                edge.run.complete(engine.run(edge.traffic));
            } catch (RuntimeException | Error e) {
                edge.run.completeExceptionally(e);
            }
        }, "edgesim-serve-run");
        running.start();
        try {
            CompletableFuture.anyOf(edge.traffic.started(), edge.run).get(settings.startupTimeout().toMillis() * 4,
                    TimeUnit.MILLISECONDS);
            if (edge.run.isDone()) {
                edge.run.join();
            }
            // the stream opens during the run's start lead-in: a request taken before scenario time 0 would count
            // in the window before the run's first
            ScenarioClock clock = edge.traffic.started().join();
            for (long wait = clock.realNanosAt(0) - System.nanoTime(); wait > 0;
                 wait = clock.realNanosAt(0) - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
        } catch (InterruptedException | ExecutionException | TimeoutException | RuntimeException e) {
            edge.traffic.stop();
            edge.http.terminate();
            throw new IllegalStateException("the cluster run did not start: " + e.getMessage(), e);
        }
        try {
            edge.bind(basePort);
        } catch (IllegalArgumentException e) {
            edge.stop(settings.drainTimeout());
            throw e;
        }
        return edge;
    }

    /** @throws IllegalArgumentException when a port cannot be listened on, naming it and why */
    private void bind(int basePort) {
        List<String> pops = scenario.pops();
        for (int p = 0; p < pops.size(); p++) {
            String pop = pops.get(p);
            int port = basePort == 0 ? 0 : basePort + p;
            try {
                Tcp.ServerBinding binding = Tcp.get(http).bind(HOST, port)
                        .to(Sink.foreach(connection -> accept(pop, connection))).run(http)
                        .toCompletableFuture().get();
                bindings.add(binding);
                listeners.put(pop, URI.create("http://" + HOST + ":" + binding.localAddress().getPort()));
            } catch (InterruptedException | ExecutionException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                throw new IllegalArgumentException("cannot listen on " + HOST + ":" + port + " for " + pop + ": "
                        + cause.getMessage(), e);
            }
        }
    }

    /** The listener of each PoP, in the scenario's order. */
    public Map<String, URI> listeners() {
        return new LinkedHashMap<>(listeners);
    }

    /** What was answered before any limiter saw it ({@code LiveCounts#turnedAway}); null for nothing. */
    public String turnedAway() {
        return counts.turnedAway();
    }

    /** The counts so far, as {@code /edgesim/stats} answers them. */
    public String stats() {
        return counts.json();
    }

    // one connection: served while no more than maxConnections are open, else its first request gets 503 and it is
    // closed; either way it counts as open until it closes. Pekko HTTP's server layer on the connection's bytes, as
    // Http.bind fuses it, with the idle timeout and the header timeout (HeadDeadline) under it.
    private void accept(String pop, Tcp.IncomingConnection connection) {
        boolean within = connections.incrementAndGet() <= maxConnections;
        HeadDeadline deadline = new HeadDeadline(limits.headerTimeout(), counts::headerTimedOut);
        Flow<HttpRequest, HttpResponse, NotUsed> answers = within
                ? Flow.of(HttpRequest.class).map(request -> headArrived(deadline, request))
                        .mapAsync(1, request -> handle(pop, request)).map(response -> answered(deadline, response))
                : Flow.of(HttpRequest.class).take(1).map(this::tooManyConnections);
        BidiFlow<HttpResponse, ByteString, ByteString, HttpRequest, NotUsed> layers = Http.get(http)
                .serverLayer(server, Optional.of(connection.remoteAddress()))
                .atop(PLAIN_BYTES)
                .atop(BidiFlow.bidirectionalIdleTimeout(limits.idleTimeout()))
                .atop(deadline.bytes());
        connection.handleWith(answers.watchTermination((unused, closed) -> closed).join(layers),
                        Materializer.matFromSystem(http))
                .whenComplete((done, failure) -> connections.decrementAndGet());
    }

    private HttpRequest headArrived(HeadDeadline deadline, HttpRequest request) {
        deadline.headArrived();
        // an answer later than request-timeout: 503 from Pekko HTTP with this body; the request still counts, and is
        // not passed on upstream if its limiter had not decided by then (the client, told 503, may send it again)
        AtomicBoolean answeredLate = new AtomicBoolean();
        request.getHeader(TimeoutAccess.class).ifPresent(access -> access.timeoutAccess().updateHandler(late -> {
            answeredLate.set(true);
            counts.answerTimedOut();
            return answerTimeout();
        }));
        return request.addAttribute(ANSWERED_LATE, answeredLate);
    }

    private HttpResponse answerTimeout() {
        return json(LiveAnswer.UNAVAILABLE, "{\"error\":\"answer_timeout\",\"timeout_ms\":"
                + limits.requestTimeout().toMillis() + ",\"counted\":true}").addHeader(Connection.create("close"));
    }

    private static HttpResponse answered(HeadDeadline deadline, HttpResponse response) {
        deadline.answered();
        return response;
    }

    private HttpResponse tooManyConnections(HttpRequest request) {
        request.discardEntityBytes(http);
        counts.refusedConnection();
        return json(LiveAnswer.UNAVAILABLE, "{\"error\":\"too_many_connections\",\"limit\":" + maxConnections + "}")
                .addHeader(Connection.create("close"));
    }

    private CompletionStage<HttpResponse> handle(String pop, HttpRequest request) {
        String path = request.getUri().path();
        if (path.equals(STATS_PATH)) {
            request.discardEntityBytes(http);
            return CompletableFuture.completedFuture(HttpResponse.create()
                    .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, counts.json())));
        }
        if (request.entity().getContentLengthOption().orElse(0) > limits.maxBodyBytes()) {
            counts.badRequest();
            request.discardEntityBytes(http);
            return CompletableFuture.completedFuture(json(PAYLOAD_TOO_LARGE, "{\"error\":\"body_too_large\","
                    + "\"limit_bytes\":" + limits.maxBodyBytes() + "}"));
        }
        if (upstream == null) {
            request.discardEntityBytes(http);
        }
        UnaryOperator<String> header = name -> request.getHeader(name).map(HttpHeader::value)
                .orElse(null);
        String missing = keys.missing(header);
        if (missing != null) {
            counts.badRequest();
            request.discardEntityBytes(http);
            return CompletableFuture.completedFuture(json(BAD_REQUEST, "{\"error\":\"missing_header\",\"header\":\""
                    + missing + "\"}"));
        }
        CompletableFuture<LiveAnswer> answer = traffic.submit(pop, keys.read(header, path));
        if (answer == null) {
            request.discardEntityBytes(http);
            return CompletableFuture.completedFuture(json(LiveAnswer.UNAVAILABLE, "{\"error\":\"stopping\"}"));
        }
        // the answer completes on the thread that records the run's outcomes, under its lock: leave it at once
        if (upstream == null) {
            return answer.thenApplyAsync(LiveEdge::response, http.executionContext());
        }
        AtomicBoolean answeredLate = request.getAttribute(ANSWERED_LATE).orElseGet(AtomicBoolean::new);
        return answer.thenComposeAsync(decided -> {
            if (answeredLate.get()) {
                // the 503 went out, or is going: should this answer still win the race with it, the client gets the
                // same 503, never edgesim's own 200 for a request the service did not see
                request.discardEntityBytes(http);
                return CompletableFuture.completedFuture(answerTimeout());
            }
            if (decided.status() != LiveAnswer.OK) {
                request.discardEntityBytes(http);
                return CompletableFuture.completedFuture(response(decided));
            }
            return upstream.forward(request, decided);
        }, http.executionContext());
    }

    private static HttpResponse json(int status, String body) {
        return HttpResponse.create().withStatus(status)
                .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, body));
    }

    private static HttpResponse response(LiveAnswer answer) {
        List<HttpHeader> headers = new ArrayList<>();
        // the entity carries the content type
        answer.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                headers.add(RawHeader.create(name, value));
            }
        });
        return json(answer.status(), answer.body()).withHeaders(headers);
    }

    /**
     * Unbinds the listeners, ends the live traffic and waits for the run to record every request taken.
     *
     * @return the run's result: every request a listener took, each under every limiter that sees it
     */
    public RunResult stop(Duration timeout) {
        for (Tcp.ServerBinding binding : bindings) {
            binding.unbind().toCompletableFuture().join();
        }
        traffic.stop();
        try {
            return run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the run drained", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("serve: the run did not finish: " + e.getMessage(), e);
        } finally {
            // the pools of --upstream first: a pool the system's end shuts down logs a stack trace as an error
            try {
                Http.get(http).shutdownAllConnectionPools().toCompletableFuture().get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the system's end below closes what is left
            }
            http.terminate();
        }
    }

    /**
     * How late the run handled its deadlines (injected latencies, request arrivals) and what it took, as
     * {@code run --engine cluster} prints it; complete once {@link #stop} has returned.
     */
    public Fidelity fidelity() {
        return engine.fidelity();
    }

    /** The scenario's limiter named {@code name} (null: the first), as an index; -1 when it has none so named. */
    public static int limiterIndex(Scenario scenario, String name) {
        List<LimiterSpec> limiters = scenario.limiters();
        for (int l = 0; l < limiters.size(); l++) {
            if (name == null || limiters.get(l).name().equals(name)) {
                return l;
            }
        }
        return -1;
    }

    /** The scenario's first client the limiter with index {@code served} sees, or null when it sees none. */
    public static ClientSpec client(Scenario scenario, int served) {
        return scenario.clients().stream().filter(c -> scenario.limiters().get(served).sees(c.name())).findFirst()
                .orElse(null);
    }
}
