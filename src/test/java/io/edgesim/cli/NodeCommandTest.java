package io.edgesim.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** `edgesim node`: bad flags are one line each; a node process joins, waits, and leaves on SIGTERM. */
class NodeCommandTest {

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome edgesim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    private static void assertOneLineOfBadInput(Outcome outcome, String... named) {
        assertThat(outcome.status()).as(outcome.err()).isEqualTo(2);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).startsWith("edgesim: ").contains(named);
    }

    @Test
    void badRolesPortsAndSeedsAreOneLineEach() {
        assertOneLineOfBadInput(edgesim("node", "--roles", "syd"), "--roles", "'syd'", "IATA codes");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD,SYD"), "--roles", "twice");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--port", "70000"), "--port", "'70000'",
                "from 1 to 65535");
        assertOneLineOfBadInput(edgesim("node", "--roles", "SYD", "--seed-nodes", "127.0.0.1"), "--seed-nodes",
                "'127.0.0.1'", "host:port");
        assertOneLineOfBadInput(edgesim("node"), "--roles");
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
        command.environment = java.util.Map.of();
        try {
            command.options();
        } catch (io.edgesim.scenario.InputException e) {
            assertThat(e.getMessage()).isEqualTo("--tls-keystore: EDGESIM_TLS_PASSWORD is not set; allowed: the "
                    + "key store's password in EDGESIM_TLS_PASSWORD");
            return;
        }
        throw new AssertionError("a key store without a password was taken");
    }

    @Test
    @Tag("cluster")
    void aNodeProcessJoinsWaitsAndLeavesTheClusterOnSigterm() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "node",
                "--roles", "SYD,NRT", "--port", Integer.toString(port)));
        Process node = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(node.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            do {
                line = lines.readLine();
            } while (line != null && !line.startsWith("node SYD,NRT is Up"));
            assertThat(line).isEqualTo("node SYD,NRT is Up at 127.0.0.1:" + port
                    + "; waiting for runs (SIGTERM to leave the cluster)");

            // SIGTERM, as a service manager stops it (Process.destroy would also close the streams read here)
            node.toHandle().destroy();

            assertThat(node.waitFor(30, TimeUnit.SECONDS)).isTrue();
            List<String> rest = lines.lines().toList();
            assertThat(rest).contains("node SYD,NRT left the cluster");
        } finally {
            node.destroyForcibly();
        }
    }
}
