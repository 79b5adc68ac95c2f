package io.edgesim.serve;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.report.ConsoleReport;
import io.edgesim.result.FaultResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scenario's fault schedule with live traffic: Frankfurt, home of the Durable Objects, down from 4 s to 12 s of
 * scenario time (2 s to 6 s of real time at speed 2). A request in the window waits out the object's 1 s timeout and
 * gets what the served limiter does then (fail-closed: 503), Frankfurt's listener's requests fail over to Amsterdam;
 * before and after it they are decided as usual. The report has the fault and its window's figures, and says how late
 * the injected latencies were waited out.
 */
@ClusterTest
class LiveEdgeFaultsTest {

    private static final Path SCENARIO = Path.of("src", "test", "resources", "serve", "outage.conf");
    private static final Path REGIONS = Path.of("regions.conf");
    private static final double SPEED = 2;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static HttpResponse<String> get(URI pop) {
        return get(pop, "/api/items");
    }

    private static HttpResponse<String> get(URI pop, String path) {
        try {
            return CLIENT.send(HttpRequest.newBuilder(pop.resolve(path)).header("X-API-Key", "outage")
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // real time from time 0 (the listeners open just after it) to scenario second s
    private static void waitUntilScenarioSecond(long startedNanos, double s) {
        long due = startedNanos + (long) (s / SPEED * 1e9);
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
    }

    private static String summary(HttpResponse<String> answer) {
        return answer.statusCode() + " " + answer.headers().firstValue(LiveAnswer.POP).orElse("-") + " "
                + answer.body();
    }

    @Test
    void requestsInTheOutageWindowFailClosedAndFailOverAndTheReportHasTheWindow() {
        Scenario scenario = ScenarioLoader.load(SCENARIO, REGIONS);
        int served = LiveEdge.limiterIndex(scenario, "fail-closed");
        LiveEdge edge = LiveEdge.start(scenario, ScenarioLoader.text(SCENARIO, REGIONS, Map.of(), scenario.seed()),
                new LiveEdge.Serving(served, LiveEdge.client(scenario, served), SPEED, 0, null, 64,
                        ServeSettings.load()), ClusterSettings.load());
        long started = System.nanoTime();
        URI fra = edge.listeners().get("FRA");
        URI ams = edge.listeners().get("AMS");
        List<String> before = new ArrayList<>();
        List<String> during = new ArrayList<>();
        List<String> after = new ArrayList<>();
        String stats;
        RunResult result;
        try {
            before.add(summary(get(fra)));
            before.add(summary(get(ams)));
            // the middle of the window: 8 s of scenario time, 4 s of real time
            waitUntilScenarioSecond(started, 7);
            during.add(summary(get(fra)));
            during.add(summary(get(ams)));
            waitUntilScenarioSecond(started, 14);
            after.add(summary(get(fra)));
            after.add(summary(get(ams)));
            stats = get(fra, LiveEdge.STATS_PATH).body();
        } finally {
            result = edge.stop(Duration.ofSeconds(30));
        }

        String allowed = "{\"allowed\":true,\"failed_open\":false}";
        String failedClosed = "{\"error\":\"limiter_failed\",\"failed_open\":false}";
        assertThat(before).containsExactly("200 FRA " + allowed, "200 AMS " + allowed);
        // Frankfurt's listener's request lands in Amsterdam, as the scenario's clients fail over
        assertThat(during).containsExactly("503 AMS " + failedClosed, "503 AMS " + failedClosed);
        assertThat(after).containsExactly("200 FRA " + allowed, "200 AMS " + allowed);
        // the fail-open limiter let the window's two through: failed, failed open and let through
        assertThat(stats).contains("\"fail-open\":{\"FRA\":{\"sent\":2,\"accepted\":2,\"rejected\":0,\"failed\":0,"
                        + "\"failed_open\":0,\"let_through\":2},\"AMS\":{\"sent\":4,\"accepted\":2,\"rejected\":0,"
                        + "\"failed\":2,\"failed_open\":2,\"let_through\":4}");

        assertThat(result.faults()).hasSize(1);
        FaultResult outage = result.faults().get(0);
        assertThat(outage.label()).isEqualTo("region-outage FRA 4s-12s");
        assertThat(outage.limiters()).extracting(FaultResult.Effect::limiter, FaultResult.Effect::touched,
                        FaultResult.Effect::failedOpen, FaultResult.Effect::failedClosed, FaultResult.Effect::failedOver)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("fail-closed", 2L, 0L, 2L, 1L),
                        org.assertj.core.groups.Tuple.tuple("fail-open", 2L, 2L, 0L, 1L));
        PeriodResult window = result.periods().get(0);
        assertThat(window.label()).isEqualTo("region-outage FRA 4s-12s");
        assertThat(window.limiters().get(0).totals().sent()).isEqualTo(2);
        assertThat(window.limiters().get(0).totals().failed()).isEqualTo(2);
        PeriodResult outside = result.periods().get(1);
        assertThat(outside.label()).isEqualTo(PeriodResult.OUTSIDE);
        assertThat(outside.limiters().get(0).totals().sent()).isEqualTo(4);
        assertThat(outside.limiters().get(0).totals().accepted()).isEqualTo(4);
        // the outside period lasts what was served, to the nanosecond; the tables give it to the millisecond
        assertThat(ConsoleReport.render(result)).containsPattern("outside faults +\\d+(\\.\\d{1,3})? +fail-closed ");
        assertThat(edge.fidelity().describe()).contains("injected latencies handled late by p50 ");
        assertThat(result.cluster().orElseThrow().injected().messages()).isPositive();
    }
}
