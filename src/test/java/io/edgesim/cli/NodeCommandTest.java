package io.edgesim.cli;

import io.edgesim.engine.cluster.node.JoinCheck;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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

/** `edgesim node`: bad flags are one line each; a node process joins, waits, and leaves on SIGTERM. */
@NodeProcesses
class NodeCommandTest {

    @Test
    void aPortTakenWhileTheNodeStartsIsToldFromAnyOtherFailure() {
        // Pekko's transport, when another process bound the port between the check and its own bind
        RuntimeException pekko = new RuntimeException("Failed to bind TCP to [127.0.0.1:25520] due to: Bind failed",
                new java.net.BindException("Address already in use"));

        assertThat(NodeCommand.bindFailure(new IllegalStateException("start", pekko))).isTrue();
        assertThat(NodeCommand.bindFailure(new RuntimeException("Failed to bind TCP to [127.0.0.1:25520]")))
                .isTrue();
        assertThat(NodeCommand.bindFailure(new IllegalStateException("cluster node must not be terminated")))
                .isFalse();
    }

    @Test
    void badRolesPortsAndSeedsAreOneLineEach() {
        assertOneLineOfBadInput(edgesim("node", "--roles", "syd"), "--roles", "'syd'", "IATA codes");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD,SYD"), "--roles", "twice");
        assertOneLineOfBadInput(edgesim("node", "--roles", ","), "--roles: names no region; allowed: IATA codes");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--port", "70000"), "--port", "'70000'",
                "from 1 to 65535");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--seed-nodes", "127.0.0.1"), "--seed-nodes",
                "'127.0.0.1'", "host:port");
        assertOneLineOfBadInput(edgesim("node"), "--roles");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYDNEY"), "--roles", "'SYDNEY'", "IATA codes");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--host", "0.0.0.0"), "--host", "wildcard");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--host", "a b"), "--host", "'a b'");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--seed-nodes", "a b:25520"), "--seed-nodes",
                "'a b:25520'", "host:port");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--seed-nodes", "::1:25520"), "--seed-nodes",
                "'::1:25520'", "IPv4");
    }

    @Test
    void aRoleTheRegionsFileLacksIsToldAtTheStart() {
        // a typo of SYD, and a location of the whole edge without its file: neither would hold anything of a run
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD,SYN"), "--roles: SYN is not a region of "
                + "regions.conf; allowed: its 16 codes (", "SYD", "--regions FILE, e.g. regions/cloudflare.conf");
        assertOneLineOfBadInput(edgesim("node", "--roles", "ATL,ORD"), "--roles: ATL,ORD are not regions of");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYN", "--regions", "regions/cloudflare.conf"),
                "--roles: SYN is not a region of regions/cloudflare.conf; allowed: its ", " and ", " more)");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--regions", "no-such.conf"), "--regions",
                "no-such.conf");
        // with the whole edge's file ATL is a region: the next flag is what is wrong
        assertOneLineOfBadInput(edgesim("node", "--roles", "ATL", "--regions", "regions/cloudflare.conf", "--port",
                "70000"), "--port", "'70000'");
    }

    @Test
    void aPortInUseIsOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--port",
                    Integer.toString(taken.getLocalPort())), "--port", "cannot listen on 127.0.0.1:"
                    + taken.getLocalPort(), "a free port");
        }
    }

    /** `edgesim node ARGS` in a process of its own. */
    private static Process node(Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("node"));
        command.addAll(List.of(args));
        return EdgesimProcesses.start(environment, List.of(), command.toArray(String[]::new));
    }

    @Test
    @Tag("cluster")
    void nodeProcessesFormAClusterRefuseAnotherSecretInOneLineAndLeaveOnSigterm() throws Exception {
        int seedPort = freePort();
        int port = freePort();
        String seed = "127.0.0.1:" + seedPort;
        Process first = node(Map.of(), "--roles", "FRA", "--port", Integer.toString(seedPort));
        Process second = null;
        Process stranger = null;
        try {
            BufferedReader firstLines = output(first);
            assertThat(lineStarting(firstLines, "node FRA is Up")).isEqualTo("node FRA is Up at " + seed
                    + "; waiting for runs (SIGTERM to leave the cluster)");
            second = node(Map.of(), "--roles", "SYD,NRT", "--port", Integer.toString(port), "--seed-nodes", seed);
            BufferedReader lines = output(second);
            assertThat(lineStarting(lines, "node SYD,NRT is Up")).isEqualTo("node SYD,NRT is Up at 127.0.0.1:"
                    + port + "; waiting for runs (SIGTERM to leave the cluster)");

            stranger = node(Map.of("EDGESIM_CLUSTER_SECRET", "another"), "--roles", "AMS", "--port",
                    Integer.toString(freePort()), "--seed-nodes", seed);
            assertThat(stranger.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(stranger.exitValue()).isEqualTo(2);
            // nothing but the one line (the JVM may say nothing else either)
            assertThat(output(stranger).lines().filter(l -> !l.isBlank()).toList()).containsExactly(
                    "edgesim: node: the cluster at " + seed + " refused this node: its shared secret or protocol "
                            + "version (" + JoinCheck.PROTOCOL_VERSION + ") differs; allowed: the same EDGESIM_CLUSTER_SECRET and edgesim version "
                            + "on every node");

            // SIGTERM, as a service manager stops it (Process.destroy would also close the streams read here)
            second.toHandle().destroy();

            assertThat(second.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(lines.lines().toList()).contains("node SYD,NRT left the cluster");
        } finally {
            EdgesimProcesses.destroy(stranger, second, first);
        }
    }

    @Test
    @Tag("cluster")
    void sigtermWhileJoiningSaysTheNodeWasStoppedAndExitsAsANormalStop() throws Exception {
        // a "seed" that accepts connections and never answers: the node keeps joining
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(60_000);
            Process joining = node(Map.of(), "--roles", "SYD", "--port", Integer.toString(freePort()),
                    "--seed-nodes", "127.0.0.1:" + silent.getLocalPort());
            Process up = null;
            try {
                // its first join attempt: the node is started and joining
                silent.accept().close();
                joining.toHandle().destroy();
                // wide: Pekko's shutdown phases may each wait out their timeout for a member that never joined
                assertThat(joining.waitFor(90, TimeUnit.SECONDS)).isTrue();
                assertThat(output(joining).lines().filter(l -> !l.isBlank()).toList())
                        .containsExactly("node SYD was stopped before it joined the cluster");

                // a node stopped once Up, for the exit status of a normal stop
                int port = freePort();
                up = node(Map.of(), "--roles", "FRA", "--port", Integer.toString(port));
                BufferedReader lines = output(up);
                assertThat(lineStarting(lines, "node FRA is Up")).isNotNull();
                up.toHandle().destroy();
                assertThat(up.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(lines.lines().toList()).contains("node FRA left the cluster");
                // 128 + SIGTERM, as the JVM ends on the signal
                assertThat(up.exitValue()).isEqualTo(143);
                assertThat(joining.exitValue()).isEqualTo(up.exitValue());
            } finally {
                EdgesimProcesses.destroy(joining, up);
            }
        }
    }

    @Test
    @Tag("cluster")
    void aNodeWithoutSeedNodesThatIsNotUpInTimeSaysItStartedAClusterOfItsOwn() throws Exception {
        // it joins itself at once, but a cluster that needs two members before any is Up keeps it Joining
        Process alone = EdgesimProcesses.start(Map.of(), List.of("-Dedgesim.cluster.startup-timeout=1s",
                "-Dpekko.cluster.min-nr-of-members=2"), "node", "--roles", "SYD", "--port",
                Integer.toString(freePort()));
        try {
            assertThat(alone.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(alone.exitValue()).isEqualTo(2);
            assertThat(output(alone).lines().filter(l -> !l.isBlank()).toList()).containsExactly(
                    "edgesim: node: this node started a cluster of its own (no --seed-nodes) and was not Up in it "
                            + "within 4 s (4 x edgesim.cluster.startup-timeout); allowed: a longer timeout on a busy "
                            + "machine, e.g. EDGESIM_JAVA_OPTS=-Dedgesim.cluster.startup-timeout=60s");
        } finally {
            EdgesimProcesses.destroy(alone);
        }
    }
}
