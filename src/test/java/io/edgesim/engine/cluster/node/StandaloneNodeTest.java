package io.edgesim.engine.cluster.node;

import io.edgesim.ClusterTest;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.Address;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A node in a process of its own: its configuration, and the join check of the shared secret. */
class StandaloneNodeTest {

    private static final Duration JOIN = Duration.ofSeconds(60);

    private static ClusterSettings withSecret(String secret) {
        return ClusterSettings.fromConfig(ConfigFactory.parseString("edgesim.cluster.secret = \"" + secret + "\"")
                .withFallback(ClusterSettings.load().nodeConfig()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void aNodeBindsItsHostAndPortHoldsItsRolesAndLeavesOnJvmShutdown() {
        Config config = StandaloneNode.config(new StandaloneNode.Options(List.of("SYD", "NRT"), "127.0.0.1", 25521,
                List.of("127.0.0.1:25520"), Optional.empty()), ClusterSettings.load());

        assertThat(config.getStringList("pekko.cluster.roles")).containsExactly("SYD", "NRT");
        assertThat(config.getString("pekko.remote.artery.canonical.hostname")).isEqualTo("127.0.0.1");
        assertThat(config.getInt("pekko.remote.artery.canonical.port")).isEqualTo(25521);
        assertThat(config.getStringList("pekko.cluster.seed-nodes")).containsExactly("pekko://edgesim@127.0.0.1:25520");
        assertThat(config.getBoolean("pekko.coordinated-shutdown.run-by-jvm-shutdown-hook")).isTrue();
        assertThat(config.getString("pekko.remote.artery.transport")).isEqualTo("tcp");
    }

    @Test
    void tlsTurnsArteryToTlsTcpWithTheGivenStores() {
        Config config = StandaloneNode.config(new StandaloneNode.Options(List.of("SYD"), "10.0.0.5", 25521,
                List.of("10.0.0.4:25520"), Optional.of(new StandaloneNode.Tls(Path.of("/keys/node.p12"),
                        Path.of("/keys/trust.p12"), "s3cret"))), ClusterSettings.load());

        String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
        assertThat(config.getString("pekko.remote.artery.transport")).isEqualTo("tls-tcp");
        assertThat(config.getString(engine + "key-store")).isEqualTo("/keys/node.p12");
        assertThat(config.getString(engine + "trust-store")).isEqualTo("/keys/trust.p12");
        assertThat(config.getString(engine + "key-store-password")).isEqualTo("s3cret");
        assertThat(config.getBoolean(engine + "require-mutual-authentication")).isTrue();
    }

    @Test
    void theJoinCheckComparesTheProtocolAndADigestOfTheSecretNeverTheSecret() {
        Config config = withSecret("open sesame").nodeConfig();

        assertThat(config.getInt(JoinCheck.PROTOCOL_KEY)).isEqualTo(JoinCheck.PROTOCOL_VERSION);
        // SHA-256 of "open sesame"
        assertThat(config.getString(JoinCheck.SECRET_DIGEST_KEY))
                .isEqualTo("41ef4bb0b23661e66301aac36066912dac037827b4ae63a7b1165a5aa93ed4eb");
        assertThat(config.hasPath("edgesim.cluster.join.secret")).isFalse();
        assertThat(config.getStringList("pekko.cluster.configuration-compatibility-check.sensitive-config-paths"
                + ".edgesim")).containsExactly("edgesim.cluster.secret");
    }

    @Test
    @ClusterTest
    void aNodeWithTheSameSecretJoinsAndOneWithAnotherIsRefused() throws IOException {
        int seedPort = freePort();
        String seed = "127.0.0.1:" + seedPort;
        StandaloneNode first = StandaloneNode.start(new StandaloneNode.Options(List.of("FRA"), "127.0.0.1", seedPort,
                List.of(seed), Optional.empty()), withSecret("a"));
        StandaloneNode same = null;
        StandaloneNode other = null;
        try {
            assertThat(first.awaitUp(JOIN)).isEqualTo(new Address("pekko", "edgesim", "127.0.0.1", seedPort));
            same = StandaloneNode.start(new StandaloneNode.Options(List.of("SYD"), "127.0.0.1", freePort(),
                    List.of(seed), Optional.empty()), withSecret("a"));
            assertThat(same.awaitUp(JOIN).port().get()).isNotEqualTo(seedPort);

            StandaloneNode refused = StandaloneNode.start(new StandaloneNode.Options(List.of("NRT"), "127.0.0.1",
                    freePort(), List.of(seed), Optional.empty()), withSecret("b"));
            other = refused;
            assertThatThrownBy(() -> refused.awaitUp(JOIN)).isInstanceOf(StandaloneNode.Refused.class);
        } finally {
            for (StandaloneNode node : new StandaloneNode[]{other, same, first}) {
                if (node != null) {
                    node.leave();
                    node.awaitTermination();
                }
            }
        }
    }
}
