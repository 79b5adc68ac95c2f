package io.edgesim.serve;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Serve's own limits for bad clients, on raw sockets: more connections than {@code maxConnections} and garbage
 * instead of HTTP each get an answer (or a closed connection) and the server serves on, every request counted; and
 * the report, once stopped, covers the time served. A test that opens a new connection retries while the closing of
 * an earlier test's connections is still on its way (until then the limit of 2 may refuse it).
 */
@ClusterTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveEdgeLimitsTest {

    // one PoP, so one cluster member to start: the cluster's start is most of this test's time
    private static final Path SCENARIO = Path.of("bench", "serve.conf");
    private static final Path REGIONS = Path.of("regions.conf");
    private static final int MAX_CONNECTIONS = 2;

    private static LiveEdge edge;
    private static URI fra;
    private static long startCalled;
    private static long started;
    private static RunResult stopped;

    @BeforeAll
    static void serve() {
        Scenario scenario = ScenarioLoader.load(SCENARIO, REGIONS);
        startCalled = System.nanoTime();
        int served = LiveEdge.limiterIndex(scenario, "isolate");
        edge = LiveEdge.start(scenario, ScenarioLoader.text(SCENARIO, REGIONS, Map.of(), scenario.seed()),
                new LiveEdge.Serving(served, LiveEdge.client(scenario, served), 1.0, 0, null, MAX_CONNECTIONS,
                        ServeSettings.load()),
                ClusterSettings.load());
        fra = edge.listeners().get("FRA");
        started = System.nanoTime();
    }

    @AfterAll
    static void stop() {
        if (edge != null && stopped == null) {
            edge.stop(Duration.ofSeconds(30));
        }
    }

    // last: the report covers the time served (the scenario says 60 s; this class serves for a few seconds)
    @Test
    @Order(Integer.MAX_VALUE)
    void theReportCoversTheTimeServedNotTheScenariosDuration() {
        long stopCalled = System.nanoTime();
        stopped = edge.stop(Duration.ofSeconds(30));
        long stopReturned = System.nanoTime();

        assertThat(stopped.durationSeconds()).isBetween((stopCalled - started) / 1e9,
                (stopReturned - startCalled) / 1e9);
        assertThat(stopped.durationSeconds()).isLessThan(60);
        // the connections over the limit this class opened were answered 503 before any limiter: the report says so
        assertThat(edge.turnedAway()).matches("[1-9][0-9]* refused with 503 on connections over --max-connections.*"
                + ": no limiter saw them, so they are in no figure");
    }

    private static Socket connect() throws IOException {
        return RawHttp.connect(fra);
    }

    // writes bytes and reads until the server closes the connection (or, with keep-alive, until the body's end)
    private static String exchange(Socket socket, String request) throws IOException {
        RawHttp.send(socket, request);
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        byte[] buffer = new byte[4096];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            answer.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            int headEnd = answer.indexOf("\r\n\r\n");
            if (headEnd >= 0 && answer.toString().contains("Content-Length: ")) {
                String head = answer.substring(0, headEnd + 2);
                int at = head.indexOf("Content-Length: ") + "Content-Length: ".length();
                int length = Integer.parseInt(head.substring(at, head.indexOf("\r\n", at)).trim());
                if (answer.length() >= headEnd + 4 + length) {
                    break;
                }
            }
        }
        return answer.toString();
    }

    private static String get(Socket socket, String path) throws IOException {
        return exchange(socket, "GET " + path + " HTTP/1.1\r\nHost: edge\r\nX-API-Key: limits\r\n\r\n");
    }

    private static boolean closedByServer(Socket socket) throws IOException {
        return socket.getInputStream().read() == -1;
    }

    // two open connections, each served a first request; retried, a moment apart, while closed connections (an
    // earlier test's, or an attempt's own) still count as open (then one of the two is refused)
    private static Socket[] twoServed() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Socket first = connect();
            Socket second = connect();
            if (get(first, "/a").startsWith("HTTP/1.1 200 ") && get(second, "/a").startsWith("HTTP/1.1 200 ")) {
                return new Socket[] {first, second};
            }
            first.close();
            second.close();
            Thread.sleep(20);
        }
        throw new AssertionError("no two connections were both served within 10 s");
    }

    @Test
    void aConnectionOverTheLimitGets503AndIsClosedWhileTheOthersAreServed() throws IOException, InterruptedException {
        String refused;
        Socket[] served = twoServed();
        try (Socket first = served[0]; Socket second = served[1]; Socket third = connect()) {
            refused = get(third, "/a");
            assertThat(closedByServer(third)).isTrue();
            // the two within the limit are still served
            assertThat(get(first, "/b")).startsWith("HTTP/1.1 200 ");
        }
        assertThat(refused).startsWith("HTTP/1.1 503 ").contains("Connection: close")
                .endsWith("{\"error\":\"too_many_connections\",\"limit\":2}");
        // once they are closed, a new connection is served; their closing is seen a moment later
        String answer = "";
        for (int attempt = 0; attempt < 50 && !answer.startsWith("HTTP/1.1 200 "); attempt++) {
            try (Socket again = connect()) {
                answer = get(again, "/c");
            }
        }
        assertThat(answer).startsWith("HTTP/1.1 200 ");
        assertThat(edge.stats()).contains("\"refused_connections\":");
        assertThat(edge.stats()).doesNotContain("\"refused_connections\":0,");
    }

    private static String garbage(String bytes) throws IOException {
        try (Socket socket = connect()) {
            String answer = exchange(socket, bytes);
            assertThat(closedByServer(socket)).isTrue();
            return answer;
        }
    }

    @Test
    void garbageOnTheSocketGetsAnErrorAndAClosedConnectionAndTheServerServesOn() throws IOException {
        String notAMethod = garbage("\u0001\u0002 not http at all \u00ff\r\n\r\n");
        String brokenHeader = garbage("GET / HTTP/1.1\r\nHost edge without a colon\r\n\r\n");

        assertThat(notAMethod).startsWith("HTTP/1.1 501 ");
        assertThat(brokenHeader).startsWith("HTTP/1.1 400 ");
        String next = "";
        for (int attempt = 0; attempt < 50 && !next.startsWith("HTTP/1.1 200 "); attempt++) {
            try (Socket socket = connect()) {
                next = get(socket, "/after-garbage");
            }
        }
        assertThat(next).startsWith("HTTP/1.1 200 ");
    }

    @Test
    void aBodyOverTheLimitIs413BeforeAnyLimiterAndCountedAsABadRequest() throws IOException {
        String answer = "";
        for (int attempt = 0; attempt < 50 && !answer.startsWith("HTTP/1.1 413 "); attempt++) {
            try (Socket socket = connect()) {
                answer = exchange(socket, "POST /upload HTTP/1.1\r\nHost: edge\r\nX-API-Key: limits\r\n"
                        + "Content-Length: 2000000\r\n\r\n");
            }
        }
        assertThat(answer).startsWith("HTTP/1.1 413 ")
                .endsWith("{\"error\":\"body_too_large\",\"limit_bytes\":1048576}");
        assertThat(edge.stats()).doesNotContain("\"bad_requests\":0,");
    }
}
