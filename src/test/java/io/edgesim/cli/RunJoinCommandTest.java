package io.edgesim.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.edgesim.cli.EdgesimProcesses.freePort;
import static io.edgesim.cli.EdgesimProcesses.lineStarting;
import static io.edgesim.cli.EdgesimProcesses.output;
import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * `edgesim run --engine cluster --join HOST:PORT`: the coordinator joins running node processes and lists which
 * node holds which region; running the scenario there is refused in one line, as are a join target that does not
 * answer, another secret and KV stages.
 */
class RunJoinCommandTest {

    private static final String NOT_DONE = "edgesim: --join: running a scenario on joined nodes is not done yet "
            + "(the nodes hold no PoPs or objects for a run); allowed: leave --join out to run on a cluster inside "
            + "this process";

    @Test
    void joinNeedsTheClusterEngineAndAnAddressAndRefusesKvStagesBeforeJoining() {
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--join", "127.0.0.1:25520"),
                "--join: only the cluster engine runs on nodes; add --engine cluster");
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "nowhere"), "--join: 'nowhere' is not an address; allowed: host:port");
        assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "127.0.0.1:0"), "--join: '0' is not a port");
        // refused before any join: nothing listens on port 1
        assertOneLineOfBadInput(edgesim("run", "scenarios/kv-counter.conf", "--engine", "cluster", "--join",
                "127.0.0.1:1"), "--join: limiter 'propagation-lag' has a kv stage", "cannot run across processes");
    }

    private static Process run(Map<String, String> environment, List<String> jvmOptions, String target) throws
            java.io.IOException {
        return EdgesimProcesses.start(environment, jvmOptions, "run", "scenarios/three-pops.conf", "--engine",
                "cluster", "--join", target);
    }

    private static List<String> finish(Process process) throws InterruptedException {
        assertThat(process.waitFor(40, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        return output(process).lines().filter(line -> !line.isBlank()).toList();
    }

    @Test
    @Tag("cluster")
    void theCoordinatorJoinsNodeProcessesListsWhereEachRegionIsAndRefusesToRunInOneLine() throws Exception {
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

            coordinator = run(Map.of(), List.of(), seed);
            // three-pops: PoPs FRA, AMS, SYD, its Durable Object homed in FRA
            assertThat(finish(coordinator)).containsExactly("joined the cluster at " + seed,
                    "  FRA on the node at " + seed,
                    "  SYD on the node at 127.0.0.1:" + port,
                    "  AMS held by no node: would run in this process",
                    NOT_DONE);

            stranger = run(Map.of("EDGESIM_CLUSTER_SECRET", "another"), List.of(), seed);
            assertThat(finish(stranger)).containsExactly("edgesim: --join: the cluster at " + seed + " refused "
                    + "this coordinator: its shared secret or protocol version (1) differs; allowed: the same "
                    + "EDGESIM_CLUSTER_SECRET and edgesim version as the nodes");

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
