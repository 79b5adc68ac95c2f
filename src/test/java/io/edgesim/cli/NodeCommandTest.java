package io.edgesim.cli;

import io.edgesim.engine.cluster.node.JoinCheck;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
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

/** `edgesim node`: bad flags are one line each; a node process joins, waits, and leaves on SIGTERM. */
class NodeCommandTest {

    @Test
    void badRolesPortsAndSeedsAreOneLineEach() {
        assertOneLineOfBadInput(edgesim("node", "--roles", "syd"), "--roles", "'syd'", "IATA codes");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD,SYD"), "--roles", "twice");
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
    void aPortInUseIsOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--port",
                    Integer.toString(taken.getLocalPort())), "--port", "cannot listen on 127.0.0.1:"
                    + taken.getLocalPort(), "a free port");
        }
    }

    @Test
    void aMissingKeyStoreOrPasswordIsOneLine(@TempDir Path dir) throws IOException {
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--tls-keystore", dir.resolve("none.p12")
                .toString()), "--tls-keystore", "no such file", "key store");
        Path store = Files.writeString(dir.resolve("node.p12"), "not really a key store");
        NodeCommand command = new NodeCommand();
        command.roles = List.of("SYD");
        command.host = "127.0.0.1";
        command.port = "25521";
        command.tlsKeystore = store;
        command.environment = Map.of();
        try {
            command.options();
        } catch (io.edgesim.scenario.InputException e) {
            assertThat(e.getMessage()).isEqualTo("--tls-keystore: EDGESIM_TLS_PASSWORD is not set; allowed: the "
                    + "key store's password in EDGESIM_TLS_PASSWORD");
            return;
        }
        throw new AssertionError("a key store without a password was taken");
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
}
