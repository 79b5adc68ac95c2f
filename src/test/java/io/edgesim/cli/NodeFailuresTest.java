package io.edgesim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.engine.cluster.ClusterEngine;
import io.edgesim.report.DecisionsCsv;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static io.edgesim.cli.EdgesimProcesses.freePort;
import static io.edgesim.cli.EdgesimProcesses.lineStarting;
import static io.edgesim.cli.EdgesimProcesses.output;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node process that goes away in the middle of a run on node processes: killed outright (SIGKILL), Pekko's
 * split-brain resolver downs it; stopped (SIGTERM), it leaves. Either way the run ends with every request accounted
 * for - the chains in flight on the lost node failed, its PoP's later traffic moved to the nearest PoP - and the
 * nodes left serve the next run. The cases share one FRA node (the oldest member, which the resolver keeps); each
 * starts its own SYD node, so the FRA node of the second case has already lost a node.
 */
@Tag("cluster")
@NodeProcesses
class NodeFailuresTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    // three-pops: 885 requests in 59 s over FRA, AMS and SYD; its Durable Object homed in FRA
    private static final String SCENARIO = "scenarios/three-pops.conf";
    private static final long REQUESTS = 885;
    // scenario time at which the node is stopped: the run under way, most of its traffic still to come
    private static final double STOP_AT_MS = 4_000;

    private static String seed;
    private static Process frankfurt;

    @BeforeAll
    static void startTheFrankfurtNode() throws Exception {
        seed = "127.0.0.1:" + freePort();
        // the first node is the oldest member: the split-brain resolver (keep-oldest) keeps its side
        frankfurt = EdgesimProcesses.start(Map.of(), List.of(), "node", "--roles", "FRA", "--port",
                seed.substring(seed.indexOf(':') + 1));
        assertThat(lineStarting(output(frankfurt), "node FRA is Up")).isNotNull();
    }

    @AfterAll
    static void stopTheFrankfurtNode() {
        EdgesimProcesses.destroy(frankfurt);
    }

    @Test
    void aNodeKilledMidRunIsDownedAndTheRunEndsWithEveryRequestAccountedFor(@TempDir Path dir) throws Exception {
        // at speed 2: the failure detector and the resolver take ~17 s of wall time to down the node; stopped at 4 s,
        // 28 s of wall time are left, so SYD's traffic of the run's last part moves
        List<String> sydney = runLosingTheSydneyNode(dir, node -> node.toHandle().destroyForcibly(), 137,
                true, 2);
        assertThat(sydney).noneMatch(line -> line.contains("left the cluster"));
    }

    @Test
    void aNodeStoppedMidRunLeavesAndTheRunEndsWithEveryRequestAccountedFor(@TempDir Path dir) throws Exception {
        // SIGTERM, as a service manager stops it
        // a node that leaves is gone at once: at speed 4 it leaves 56 s of scenario time (14 s of wall time) to move
        List<String> sydney = runLosingTheSydneyNode(dir, node -> node.toHandle().destroy(), 143, false, 4);
        assertThat(sydney).contains("node SYD left the cluster");
    }

    @Test
    void aNodeHomingTheObjectKilledMidRunFailsTheRequestsWaitingOnItAndTheRunStillEnds(@TempDir Path dir)
            throws Exception {
        // three-pops with its object homed in SYD, 20 s: when the SYD node goes, the requests from FRA and AMS to the
        // object there never get an answer (no timeout); they fail once nothing has completed for the drain timeout
        Path homedInSydney = Files.writeString(dir.resolve("homed-in-sydney.conf"), "include file(\""
                + Path.of(SCENARIO).toAbsolutePath() + "\")\nname = homed-in-sydney\nduration = 20s\nclients = "
                + "[ { name = spread, count = 1, key = \"edge_test\", rate = 15, arrival = constant, stop = 19s, "
                + "pops { FRA = 1, AMS = 1, SYD = 1 } } ]\nlimiters = [ { name = local, tier = cache, limit = 100, window = "
                + "60s, key = api-key }\n{ name = exact, tier = durable-object, limit = 100, window = 60s, key = api-key, "
                + "placement { policy = fixed, region = SYD } } ]\n");
        String sydneyAddress = "127.0.0.1:" + freePort();
        Process sydney = null;
        Process coordinator = null;
        try {
            sydney = EdgesimProcesses.start(Map.of(), List.of(), "node", "--roles", "SYD", "--port",
                    sydneyAddress.substring(sydneyAddress.indexOf(':') + 1), "--seed-nodes", seed);
            assertThat(lineStarting(output(sydney), "node SYD is Up")).isNotNull();
            Path out = dir.resolve("out");
            Path errors = dir.resolve("coordinator.txt");
            // the drain timeout (30 s) outlasts the failure detector and the resolver (~20 s): the node is downed
            // before the wait for the last decisions stalls, and that stall ends them
            coordinator = EdgesimProcesses.builder(Map.of(), List.of(), "run",
                    homedInSydney.toString(), "--engine", "cluster", "--join", seed, "--speed", "4", "--decisions",
                    "/dev/stdout", "--out", out.toString()).redirectError(errors.toFile()).start();
            List<String> rows = new ArrayList<>();
            boolean killed = false;
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(coordinator.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    rows.add(line);
                    if (!killed && rows.size() > 1 && Double.parseDouble(line.split(",")[1]) >= 2_000) {
                        sydney.toHandle().destroyForcibly();
                        killed = true;
                    }
                }
            }
            assertThat(coordinator.waitFor(240, TimeUnit.SECONDS)).isTrue();
            assertThat(coordinator.exitValue()).as(Files.readString(errors)).isZero();
            assertThat(killed).isTrue();
            assertThat(Files.readString(errors)).contains("1 of 3 nodes left the cluster during the run");
            JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
            for (JsonNode limiter : result.get("limiters")) {
                JsonNode totals = limiter.get("totals");
                assertThat(totals.get("accepted").asLong() + totals.get("rejected").asLong()
                        + totals.get("failed").asLong()).as("every request decided").isEqualTo(285);
            }
            JsonNode exact = result.get("limiters").get(1);
            // waiting on the object in SYD: failed in FRA and AMS too, where the cache alone fails nothing
            assertThat(exact.at("/regions/FRA/failed").asLong()).isPositive();
            assertThat(exact.at("/regions/AMS/failed").asLong()).isPositive();
            assertThat(result.get("limiters").get(0).at("/regions/FRA/failed").asLong()).isZero();
            // a lost request is no latency sample: FRA's samples are the requests that got an answer
            assertThat(exact.at("/regions/FRA/latency_ms/samples").asLong()).isEqualTo(
                    exact.at("/regions/FRA/sent").asLong() - exact.at("/regions/FRA/failed").asLong());
            // the report says which node left; the object's usage left with it, but the calls it answered are known
            // from their outcomes: billed as served ones, and only the failed ones (fail closed, never answered) are
            // unanswered
            assertThat(result.at("/cluster/placement/SYD").asText()).isEqualTo(sydneyAddress + " "
                    + ClusterEngine.LEFT);
            long failed = exact.at("/totals/failed").asLong();
            assertThat(failed).isPositive().isLessThan(exact.at("/totals/sent").asLong());
            assertThat(exact.at("/cost/unanswered_object_calls").asLong()).isEqualTo(failed);
            assertThat(exact.at("/cost/monthly/durable_object_duration").asDouble()).isPositive();
            assertThat(result.at("/cluster/placement/FRA").asText()).isEqualTo(seed);
            assertThat(rows).hasSize(2 * 285 + 1);
            assertThat(rows.stream().filter(row -> row.endsWith(",failed-closed,0,0,"))).isNotEmpty();
        } finally {
            EdgesimProcesses.destroy(coordinator, sydney);
        }
    }

    /**
     * Runs three-pops on a node for FRA and one for SYD (AMS in the coordinator), stops the SYD node with
     * {@code stop} 4 s into the run, checks the run and then a second run on the node left; returns what the
     * SYD node printed after it was Up. With {@code lostInFlight}, SYD's chains must have failed: a killed node is
     * downed only ~20 s later (heartbeat pause, then the resolver's 7 s), while SYD's requests keep coming; one that
     * leaves may be gone at once.
     */
    private static List<String> runLosingTheSydneyNode(Path dir, Consumer<Process> stop, int sydneyExit,
                                                       boolean lostInFlight, int speed) throws Exception {
        String sydneyAddress = "127.0.0.1:" + freePort();
        Process sydney = null;
        Process coordinator = null;
        try {
            sydney = EdgesimProcesses.start(Map.of(), List.of(), "node", "--roles", "SYD", "--port",
                    sydneyAddress.substring(sydneyAddress.indexOf(':') + 1), "--seed-nodes", seed);
            BufferedReader sydneyLines = output(sydney);
            assertThat(lineStarting(sydneyLines, "node SYD is Up")).isNotNull();

            // the decisions come on the coordinator's stdout, as they complete: they say how far the run is
            Path out = dir.resolve("out");
            Path errors = dir.resolve("coordinator.txt");
            coordinator = EdgesimProcesses.builder(Map.of(), List.of(), "run", SCENARIO, "--engine", "cluster",
                    "--join", seed, "--speed", Integer.toString(speed), "--decisions", "/dev/stdout", "--out", out.toString())
                    .redirectError(errors.toFile()).start();
            List<String> rows = new ArrayList<>();
            boolean stopped = false;
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(coordinator.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    rows.add(line);
                    if (!stopped && rows.size() > 1 && Double.parseDouble(line.split(",")[1]) >= STOP_AT_MS) {
                        stop.accept(sydney);
                        stopped = true;
                    }
                }
            }
            assertThat(coordinator.waitFor(240, TimeUnit.SECONDS)).isTrue();
            assertThat(coordinator.exitValue()).as(Files.readString(errors)).isZero();
            assertThat(stopped).as("the node stopped mid-run").isTrue();
            assertThat(sydney.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(sydney.exitValue()).isEqualTo(sydneyExit);
            List<String> sydneyPrinted = sydneyLines.lines().toList();
            assertThat(Files.readString(errors)).contains("1 of 3 nodes left the cluster during the run");

            JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
            JsonNode whole = JSON.readTree(Path.of("reports", "three-pops", "result.json").toFile());
            long failedInSydney = 0;
            for (JsonNode limiter : result.get("limiters")) {
                String name = limiter.get("name").asText();
                JsonNode totals = limiter.get("totals");
                JsonNode regions = limiter.get("regions");
                JsonNode wholeRegions = regionsOf(whole, name);
                assertThat(totals.get("sent").asLong()).as(name + ": every request sent").isEqualTo(REQUESTS);
                assertThat(totals.get("accepted").asLong() + totals.get("rejected").asLong()
                        + totals.get("failed").asLong()).as(name + ": every request decided").isEqualTo(REQUESTS);
                // the chains in flight on the lost node failed there; none failed elsewhere
                if (lostInFlight) {
                    assertThat(regions.at("/SYD/failed").asLong()).as(name + ": failed in SYD").isPositive();
                }
                assertThat(regions.at("/FRA/failed").asLong() + regions.at("/AMS/failed").asLong()).isZero();
                failedInSydney += regions.at("/SYD/failed").asLong();
                // SYD's later traffic went to another PoP
                assertThat(regions.at("/SYD/sent").asLong()).as(name + ": sent in SYD")
                        .isLessThan(wholeRegions.at("/SYD/sent").asLong());
                assertThat(regions.at("/FRA/sent").asLong() + regions.at("/AMS/sent").asLong())
                        .as(name + ": sent in FRA and AMS")
                        .isGreaterThan(wholeRegions.at("/FRA/sent").asLong() + wholeRegions.at("/AMS/sent").asLong());
            }
            assertThat(rows.get(0)).isEqualTo(DecisionsCsv.HEADER);
            assertThat(rows).hasSize(2 * (int) REQUESTS + 1);
            assertThat(rows.stream().skip(1).map(row -> row.split(","))
                    .filter(row -> row[2].equals("SYD") && row[5].equals("failed-closed")))
                    .hasSize((int) failedInSydney);

            // the node left serves the next run; SYD now runs in the coordinator's process
            Path shorter = Files.writeString(dir.resolve("shorter.conf"), "include file(\""
                    + Path.of(SCENARIO).toAbsolutePath() + "\")\nname = three-pops-short\nduration = 5s\nclients = "
                    + "[ { name = spread, count = 1, key = \"edge_test\", rate = 15, arrival = constant, stop = 4s, "
                    + "pops { FRA = 1, AMS = 1, SYD = 1 } } ]\n");
            // at four times real time: the counts stay exact, every request within the limit
            Process again = EdgesimProcesses.start(Map.of(), List.of(), "run", shorter.toString(), "--engine",
                    "cluster", "--join", seed, "--speed", "4", "--out", dir.resolve("again").toString());
            List<String> printed = output(again).lines().toList();
            assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(again.exitValue()).as(String.join("\n", printed)).isZero();
            assertThat(printed).contains("  FRA on the node at " + seed, "  AMS, SYD held by no node: runs in this "
                    + "process");
            JsonNode shortRun = JSON.readTree(dir.resolve("again").resolve("result.json").toFile());
            for (JsonNode limiter : shortRun.get("limiters")) {
                assertThat(limiter.at("/totals/sent").asLong()).isEqualTo(60);
                assertThat(limiter.at("/totals/failed").asLong()).isZero();
            }
            assertThat(frankfurt.isAlive()).isTrue();
            return sydneyPrinted;
        } finally {
            EdgesimProcesses.destroy(coordinator, sydney);
        }
    }

    // the regions of limiter {@code name} in a result.json
    private static JsonNode regionsOf(JsonNode result, String name) {
        for (JsonNode limiter : result.get("limiters")) {
            if (limiter.get("name").asText().equals(name)) {
                return limiter.get("regions");
            }
        }
        throw new AssertionError("no limiter " + name + " in " + result);
    }
}
