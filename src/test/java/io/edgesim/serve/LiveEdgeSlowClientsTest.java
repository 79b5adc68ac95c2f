package io.edgesim.serve;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

import static io.edgesim.serve.RawHttp.connect;
import static io.edgesim.serve.RawHttp.send;
import static io.edgesim.serve.RawHttp.untilClosed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slow clients and slow answers, on raw sockets, with the timeouts cut to seconds: a connection that sends no whole
 * head within the header timeout is closed (408 when part of one came, a slowloris dribbling bytes too), and an answer
 * later than the request timeout is a 503 while the request still counts as its limiter decided it. The server serves
 * on after each.
 */
@ClusterTest
class LiveEdgeSlowClientsTest {

    private static final Path SCENARIO = Path.of("src", "test", "resources", "serve", "far-object.conf");
    private static final Path REGIONS = Path.of("regions.conf");
    // Sydney's round trip to Frankfurt, 250.5 ms of scenario time, is 2.5 s of real time at this speed
    private static final double SPEED = 0.1;
    private static final ServeSettings LIMITS = ServeSettings.fromConfig(ConfigFactory.parseString(
            "edgesim.serve.header-timeout = 1s, pekko.http.server { request-timeout = 1s, idle-timeout = 3s }")
            .withFallback(ServeSettings.load().httpConfig()));

    private static LiveEdge edge;
    // the paths the service behind received
    private static final List<String> forwarded = new CopyOnWriteArrayList<>();
    private static HttpServer upstream;
    private static URI syd;
    private static URI fra;

    // the service behind: /slow-body sends its body in three parts 800 ms apart, 1.6 s in all, longer than the header
    // timeout; every other path answers at once
    private static HttpServer upstream() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            forwarded.add(exchange.getRequestURI().getPath());
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream body = exchange.getResponseBody()) {
                int parts = exchange.getRequestURI().getPath().equals("/slow-body") ? 3 : 1;
                for (int part = 0; part < parts; part++) {
                    if (part > 0) {
                        LockSupport.parkNanos(Duration.ofMillis(800).toNanos());
                    }
                    body.write(("part " + part + ";").getBytes(StandardCharsets.US_ASCII));
                    body.flush();
                }
            }
        });
        server.start();
        return server;
    }

    @BeforeAll
    static void serve() throws IOException {
        upstream = upstream();
        Scenario scenario = ScenarioLoader.load(SCENARIO, REGIONS);
        int served = LiveEdge.limiterIndex(scenario, "far");
        edge = LiveEdge.start(scenario, ScenarioLoader.text(SCENARIO, REGIONS, Map.of(), scenario.seed()),
                new LiveEdge.Serving(served, LiveEdge.client(scenario, served), SPEED, 0,
                        URI.create("http://127.0.0.1:" + upstream.getAddress().getPort()), 64, LIMITS),
                ClusterSettings.load());
        syd = edge.listeners().get("SYD");
        fra = edge.listeners().get("FRA");
    }

    @AfterAll
    static void stop() {
        if (edge != null) {
            edge.stop(Duration.ofSeconds(30));
        }
        if (upstream != null) {
            upstream.stop(0);
        }
    }

    // a request with Connection: close sent whole, and what came back until the server closed the connection
    private static String closedAnswer(URI pop, String path) throws IOException {
        try (Socket socket = connect(pop)) {
            send(socket, request(path));
            return untilClosed(socket);
        }
    }

    private static String request(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: edge\r\nX-API-Key: slow\r\nConnection: close\r\n\r\n";
    }

    @Test
    void aConnectionThatSendsNothingIsClosedWithoutAnAnswer() throws IOException {
        try (Socket silent = connect(fra)) {
            assertThat(untilClosed(silent)).isEmpty();
        }
        assertThat(edge.stats()).doesNotContain("\"header_timeouts\":0,");
    }

    @Test
    void halfARequestLineGets408AndTheServerServesOn() throws IOException {
        // Pekko HTTP's own account of requests it refuses: none for a connection answered 408 here
        ch.qos.logback.classic.Logger pekko = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                "org.apache.pekko.actor.ActorSystemImpl");
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logged =
                new ch.qos.logback.core.read.ListAppender<>();
        logged.start();
        pekko.addAppender(logged);
        String answer;
        try {
            try (Socket half = connect(fra)) {
                send(half, "GET /api/it");
                answer = untilClosed(half);
            }
            assertThat(answer).startsWith("HTTP/1.1 408 ").contains("Connection: close")
                    .endsWith("{\"error\":\"header_timeout\",\"timeout_ms\":1000}");
            assertThat(closedAnswer(fra, "/after-half")).startsWith("HTTP/1.1 200 ");
            // the log's actor writes a moment later: the partial head, handed to the parser as a whole stream, was
            // "Illegal request, responding with status '400 Bad Request'" to a client already answered
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
        } finally {
            pekko.detachAppender(logged);
        }
        assertThat(logged.list).noneMatch(event -> event.getFormattedMessage().contains("Illegal request"));
    }

    // a byte every 200 ms keeps the idle timeout (3 s) from ever firing; the header timeout (1 s) cuts it off
    @Test
    void aClientDribblingItsHeadersIsCutOffBeforeItFinishes() throws IOException {
        String head = request("/dribble");
        int sent = 0;
        String answer;
        try (Socket slow = connect(fra)) {
            InputStream in = slow.getInputStream();
            try {
                for (; sent < head.length() && in.available() == 0; sent++) {
                    send(slow, head.substring(sent, sent + 1));
                    LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
                }
            } catch (IOException closedUnderIt) {
                // the server closed the connection between two bytes
            }
            answer = untilClosed(slow);
        }
        assertThat(sent).isLessThan(head.length());
        assertThat(answer).startsWith("HTTP/1.1 408 ");
    }

    @Test
    void aKeepAliveConnectionIdleAfterItsAnswerIsClosedWithoutA408() throws IOException {
        try (Socket kept = connect(fra)) {
            send(kept, "GET /kept HTTP/1.1\r\nHost: edge\r\nX-API-Key: slow\r\n\r\n");
            String answer = untilClosed(kept);
            // one answer, then the close: no 408 after it
            assertThat(answer).startsWith("HTTP/1.1 200 ");
            assertThat(answer.split("HTTP/1.1 ", -1)).hasSize(2);
        }
    }

    // the clock for the next head starts from the answer's last bytes, not its head: the body is not cut off
    @Test
    void anUpstreamBodyStreamingLongerThanTheHeaderTimeoutArrivesWhole() throws IOException {
        String answer = closedAnswer(fra, "/slow-body");
        // chunked: each part a chunk, then the last, empty one
        assertThat(answer).startsWith("HTTP/1.1 200 ").contains("part 0;", "part 1;", "part 2;")
                .endsWith("part 2;\r\n0\r\n\r\n");
    }

    @Test
    void anAnswerLaterThanTheRequestTimeoutIs503AndTheRequestStillCounts() throws IOException {
        String answer = closedAnswer(syd, "/far");
        assertThat(answer).startsWith("HTTP/1.1 503 ")
                .endsWith("{\"error\":\"answer_timeout\",\"timeout_ms\":1000,\"counted\":true}");
        assertThat(edge.stats()).contains("\"answer_timeouts\":1,");
        // the object's answer comes 2.5 s after the request; then it is counted as the limiter decided it
        String stats = edge.stats();
        for (int attempt = 0; attempt < 100 && !stats.contains("\"SYD\":{\"sent\":1,\"accepted\":1"); attempt++) {
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
            stats = edge.stats();
        }
        assertThat(stats).contains("\"SYD\":{\"sent\":1,\"accepted\":1,\"rejected\":0,\"failed\":0,\"failed_open\":0,\"let_through\":1}");
        // the client was told 503 and may send it again: it is not passed on to the service as well
        LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
        assertThat(forwarded).doesNotContain("/far");
    }
}
