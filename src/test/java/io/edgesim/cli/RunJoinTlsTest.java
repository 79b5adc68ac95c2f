package io.edgesim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.edgesim.cli.EdgesimProcesses.freePort;
import static io.edgesim.cli.EdgesimProcesses.lineStarting;
import static io.edgesim.cli.EdgesimProcesses.output;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * `edgesim run --join` with Artery TLS: a coordinator with a trusted certificate joins a TLS node and runs three-pops
 * there; one without TLS, or with a certificate the node does not trust, gets no answer and says so in one line.
 */
@NodeProcesses
class RunJoinTlsTest {

    private static final Map<String, String> PASSWORD = Map.of(TlsOptions.PASSWORD_ENV, TestKeyStores.PASSWORD);
    // the joins that get no answer wait this long; the one that gets an answer may take long on a busy machine
    private static final List<String> SHORT_STARTUP = List.of("-Dedgesim.cluster.startup-timeout=2s");
    private static final List<String> LONG_STARTUP = List.of("-Dedgesim.cluster.startup-timeout=120s");

    private static Process join(String target, List<String> jvmOptions, String... tls) throws java.io.IOException {
        List<String> args = new ArrayList<>(List.of("run", "scenarios/three-pops.conf", "--engine", "cluster",
                "--join", target));
        args.addAll(List.of(tls));
        return EdgesimProcesses.start(PASSWORD, jvmOptions, args.toArray(String[]::new));
    }

    private static void unanswered(Process coordinator, String target) throws InterruptedException {
        // the startup timeout, the JVM's start and the member's stop, on a machine that may be busy
        assertThat(coordinator.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(coordinator.exitValue()).isEqualTo(2);
        assertThat(output(coordinator).lines().filter(line -> !line.isBlank()).toList()).containsExactly(
                "edgesim: --join: no node at " + target + " let this coordinator join within 2 s "
                        + "(edgesim.cluster.startup-timeout); allowed: the address of a running edgesim node, with TLS "
                        + "(--tls-keystore) on both or on neither and each trusting the other's certificate");
    }

    @Test
    @Tag("cluster")
    void aTrustedCoordinatorJoinsATlsNodeAndOthersGetNoAnswer(@TempDir Path dir) throws Exception {
        Path nodeKeys = TestKeyStores.keyPair(dir.resolve("node.p12"));
        Path coordinatorKeys = TestKeyStores.keyPair(dir.resolve("coordinator.p12"));
        Path strangerKeys = TestKeyStores.keyPair(dir.resolve("stranger.p12"));
        // node and coordinator trust each other; the stranger trusts the node, but the node does not trust it
        Path trust = TestKeyStores.trusting(dir.resolve("trust.p12"), nodeKeys, coordinatorKeys);
        Path strangerTrust = TestKeyStores.trusting(dir.resolve("stranger-trust.p12"), nodeKeys, strangerKeys);
        int port = freePort();
        String target = "127.0.0.1:" + port;
        Process node = EdgesimProcesses.start(PASSWORD, List.of(), "node", "--roles", "SYD,FRA", "--port",
                Integer.toString(port), "--tls-keystore", nodeKeys.toString(), "--tls-truststore", trust.toString());
        Process coordinator = null;
        Process plain = null;
        Process stranger = null;
        try {
            BufferedReader nodeLines = output(node);
            assertThat(lineStarting(nodeLines, "node SYD,FRA is Up")).isEqualTo("node SYD,FRA is Up at " + target
                    + "; waiting for runs (SIGTERM to leave the cluster)");
            // at four times real time; AMS runs on a member of the coordinator's, over TLS too
            coordinator = join(target, LONG_STARTUP, "--tls-keystore", coordinatorKeys.toString(), "--tls-truststore",
                    trust.toString(), "--speed", "4", "--out", dir.resolve("out").toString());
            List<String> lines = output(coordinator).lines().filter(line -> !line.isBlank()).toList();
            assertThat(coordinator.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(coordinator.exitValue()).as(String.join("\n", lines)).isZero();
            // three-pops: PoPs FRA, AMS, SYD, its Durable Object homed in FRA
            assertThat(lines.subList(0, 4)).containsExactly("joined the cluster at " + target,
                    "  FRA on the node at " + target,
                    "  SYD on the node at " + target,
                    "  AMS held by no node: runs in this process");
            JsonNode result = new ObjectMapper().readTree(dir.resolve("out").resolve("result.json").toFile());
            assertThat(result.at("/limiters/0/totals/accepted").asLong()).as("per-PoP caches").isEqualTo(300);
            assertThat(result.at("/limiters/1/totals/accepted").asLong()).as("the Durable Object").isEqualTo(100);

            // after the join that gets an answer, so that they do not compete with it for the processor
            plain = join(target, SHORT_STARTUP);
            stranger = join(target, SHORT_STARTUP, "--tls-keystore", strangerKeys.toString(), "--tls-truststore",
                    strangerTrust.toString());
            unanswered(plain, target);
            unanswered(stranger, target);
            assertThat(node.isAlive()).isTrue();
        } finally {
            EdgesimProcesses.destroy(stranger, plain, coordinator, node);
        }
    }
}
