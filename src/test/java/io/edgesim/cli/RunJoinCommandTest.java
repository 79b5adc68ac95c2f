package io.edgesim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.engine.cluster.node.JoinCheck;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.edgesim.cli.EdgesimProcesses.freePort;
import static io.edgesim.cli.EdgesimProcesses.lineStarting;
import static io.edgesim.cli.EdgesimProcesses.output;
import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * `edgesim run --engine cluster --join HOST:PORT`: the coordinator joins running node processes, lists which node
 * holds which region and runs the scenario there, with the counts of a run in one process; a join target that does
 * not answer, another secret and KV stages are one line each.
 */
@NodeProcesses
class RunJoinCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void joinNeedsTheClusterEngineAndAnAddressAndRefusesKvStagesBeforeJoining() {
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--join", "127.0.0.1:25520"),
                "--join: only the cluster engine runs on nodes; add --engine cluster");
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "nowhere"), "--join: 'nowhere' is not an address; allowed: host:port");
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "127.0.0.1:0"), "--join: '0' is not a port");
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "0.0.0.0:25520"), "--join: 0.0.0.0:25520 is a wildcard address, at which no node can be reached");
        // refused before any join: nothing listens on port 1
        assertOneLineOfBadInput(edgesim("run", "scenarios/kv-counter.conf", "--engine", "cluster", "--join",
                "127.0.0.1:1"), "--join: limiter 'propagation-lag' has a kv stage",
                "cannot be shared by node processes");
    }

    private static Process run(Map<String, String> environment, List<String> jvmOptions, String target,
                               String... more) throws java.io.IOException {
        List<String> args = new ArrayList<>(List.of("run", "scenarios/three-pops.conf", "--engine", "cluster",
                "--join", target));
        args.addAll(List.of(more));
        return EdgesimProcesses.start(environment, jvmOptions, args.toArray(String[]::new));
    }

    private static List<String> finish(Process process, int exitStatus, int seconds) throws InterruptedException {
        // read before waiting: a full pipe would stall the process
        List<String> lines = output(process).lines().filter(line -> !line.isBlank()).toList();
        assertThat(process.waitFor(seconds, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join("\n", lines)).isEqualTo(exitStatus);
        return lines;
    }

    private static List<String> finish(Process process) throws InterruptedException {
        return finish(process, 2, 40);
    }

    private static JsonNode limiter(JsonNode result, String name) {
        for (JsonNode limiter : result.get("limiters")) {
            if (limiter.get("name").asText().equals(name)) {
                return limiter;
            }
        }
        throw new AssertionError("no limiter " + name + " in " + result);
    }

    @Test
    @Tag("cluster")
    void threePopsRunsOnTwoNodeProcessesAndThisOneWithTheCountsOfAnEmbeddedRun(@TempDir Path dir) throws Exception {
        int seedPort = freePort();
        int port = freePort();
        String seed = "127.0.0.1:" + seedPort;
        String nobody = "127.0.0.1:" + freePort();
        // the join that gets no answer waits out a short startup timeout while the nodes start
        Process unanswered = run(Map.of(), List.of("-Dedgesim.cluster.startup-timeout=2s"), nobody);
        Process first = null;
        Process second = null;
        Process coordinator = null;
        Process stranger = null;
        try {
            first = EdgesimProcesses.start(Map.of(), List.of(), "node", "--roles", "FRA", "--port",
                    Integer.toString(seedPort));
            assertThat(lineStarting(output(first), "node FRA is Up")).isNotNull();
            second = EdgesimProcesses.start(Map.of(), List.of(), "node", "--roles", "SYD,NRT", "--port",
                    Integer.toString(port), "--seed-nodes", seed);
            BufferedReader secondLines = output(second);
            assertThat(lineStarting(secondLines, "node SYD,NRT is Up")).isNotNull();

            // three-pops: PoPs FRA, AMS, SYD, its Durable Object homed in FRA; at twice real time (30 s)
            Path out = dir.resolve("joined");
            coordinator = run(Map.of(), List.of(), seed, "--speed", "2", "--out", out.toString());
            BufferedReader coordinatorLines = output(coordinator);
            List<String> joinLines = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                joinLines.add(coordinatorLines.readLine());
            }
            assertThat(joinLines).containsExactly("joined the cluster at " + seed,
                    "  FRA on the node at " + seed,
                    "  SYD on the node at 127.0.0.1:" + port,
                    "  AMS held by no node: runs in this process");
            // while it runs, another run on the same nodes is refused in one line (exit 1: not bad input)
            Process busy = run(Map.of(), List.of(), seed, "--out", dir.resolve("busy").toString());
            // (a member slow to leave on a loaded machine adds a logged warning, not an error line)
            List<String> refusal = finish(busy, 1, 60).stream().filter(line -> !line.contains(" WARN ")).toList();
            assertThat(refusal).hasSize(1);
            assertThat(refusal.get(0)).startsWith("edgesim: --join: another run is on these nodes (its coordinator's "
                    + "members at 127.0.0.1:").endsWith("runs on the same nodes take turns: start this one when that "
                    + "one has ended");
            List<String> rest = coordinatorLines.lines().toList();
            assertThat(coordinator.waitFor(240, TimeUnit.SECONDS)).isTrue();
            assertThat(coordinator.exitValue()).as(String.join("\n", rest)).isEqualTo(0);
            JsonNode joined = JSON.readTree(out.resolve("result.json").toFile());
            JsonNode virtual = JSON.readTree(Path.of("reports", "three-pops", "result.json").toFile());
            assertThat(limiter(joined, "local").at("/totals/accepted").asLong()).isEqualTo(300);
            assertThat(limiter(joined, "exact").at("/totals/accepted").asLong()).isEqualTo(100);
            assertThat(limiter(joined, "exact").at("/totals/sent").asLong()).isEqualTo(885);
            double sydney = limiter(joined, "exact").at("/regions/SYD/latency_ms/p50").asDouble();
            double sydneyVirtual = limiter(virtual, "exact").at("/regions/SYD/latency_ms/p50").asDouble();
            assertThat(sydney).as("Sydney's added latency p50, ms").isCloseTo(sydneyVirtual, within(5.0));
            // the bill: the object's requests and rows, from the node that homed it
            assertThat(limiter(joined, "exact").at("/cost/usd_per_month").asDouble())
                    .isEqualTo(limiter(virtual, "exact").at("/cost/usd_per_month").asDouble());
            assertThat(limiter(joined, "exact").at("/stage_stats/0:durable-object/objects").asLong()).isEqualTo(1);
            JsonNode placement = joined.at("/cluster/placement");
            assertThat(placement.get("FRA").asText()).isEqualTo(seed);
            assertThat(placement.get("SYD").asText()).isEqualTo("127.0.0.1:" + port);
            assertThat(placement.get("AMS").asText()).endsWith(" (in the coordinator)");
            assertThat(joined.at("/cluster/nodes").asInt()).isEqualTo(3);

            // the nodes stay up, and keep nothing of a run: in 4 s the key sends 60 requests, all within the
            // minute's 100 (an object left from the run before would have none left)
            Path shorter = dir.resolve("shorter.conf");
            Files.writeString(shorter, "include file(\"" + Path.of("scenarios", "three-pops.conf").toAbsolutePath()
                    + "\")\nname = three-pops-short\nduration = 5s\nclients = [ { name = spread, count = 1, "
                    + "key = \"edge_test\", rate = 15, arrival = constant, stop = 4s, pops { FRA = 1, AMS = 1, "
                    + "SYD = 1 } } ]\n");
            // at four times real time: the counts stay exact, every request within the limit
            Process again = EdgesimProcesses.start(Map.of(), List.of(), "run", shorter.toString(), "--engine",
                    "cluster", "--join", seed, "--speed", "4", "--out", dir.resolve("again").toString());
            finish(again, 0, 120);
            JsonNode shortRun = JSON.readTree(dir.resolve("again").resolve("result.json").toFile());
            assertThat(limiter(shortRun, "exact").at("/totals/sent").asLong()).isEqualTo(60);
            assertThat(limiter(shortRun, "exact").at("/totals/accepted").asLong()).isEqualTo(60);

            stranger = run(Map.of("EDGESIM_CLUSTER_SECRET", "another"), List.of(), seed);
            assertThat(finish(stranger)).containsExactly("edgesim: --join: the cluster at " + seed + " refused "
                    + "this coordinator: its shared secret or protocol version (" + JoinCheck.PROTOCOL_VERSION
                    + ") differs; allowed: the same EDGESIM_CLUSTER_SECRET and edgesim version as the nodes");

            assertThat(finish(unanswered)).containsExactly("edgesim: --join: no node at " + nobody + " let this "
                    + "coordinator join within 2 s (edgesim.cluster.startup-timeout); allowed: the address of a "
                    + "running edgesim node, with TLS (--tls-keystore) on both or on neither and each trusting the "
                    + "other's certificate");
            // the coordinators left; the nodes stay up for the next run
            assertThat(first.isAlive()).isTrue();
            assertThat(second.isAlive()).isTrue();
        } finally {
            EdgesimProcesses.destroy(unanswered, stranger, coordinator, second, first);
        }
    }

    @Test
    @Tag("cluster")
    void sigtermWhileJoiningSaysTheCoordinatorWasStoppedOrNothing() throws Exception {
        // a "node" that accepts connections and never answers: the coordinator keeps joining
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(60_000);
            String target = "127.0.0.1:" + silent.getLocalPort();
            Process coordinator = run(Map.of(), List.of(), target);
            try {
                silent.accept().close();
                coordinator.toHandle().destroy();
                assertThat(coordinator.waitFor(30, TimeUnit.SECONDS)).isTrue();
                // the JVM may end before the line is printed; it never says the cluster refused
                assertThat(output(coordinator).lines().filter(line -> !line.isBlank()).toList()).isSubsetOf(
                        "edgesim: --join: this coordinator was stopped before it joined the cluster at " + target);
                assertThat(coordinator.exitValue()).isEqualTo(143);
            } finally {
                EdgesimProcesses.destroy(coordinator);
            }
        }
    }
}
