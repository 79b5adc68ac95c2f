package io.edgesim.engine.cluster.node;

import com.typesafe.config.ConfigFactory;
import io.edgesim.scenario.InputException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterSettingsTest {

    @Test
    void defaultsComeFromTheClusterResource() {
        ClusterSettings settings = ClusterSettings.load();

        assertThat(settings.host()).isEqualTo("127.0.0.1");
        assertThat(settings.executorThreads()).isEqualTo(2);
        assertThat(settings.shardsPerRegion()).isEqualTo(4);
        assertThat(settings.startupTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings.nodeConfig().getString("pekko.actor.provider")).isEqualTo("cluster");
        assertThat(settings.nodeConfig().getString("pekko.cluster.sharding.retry-interval")).isEqualTo("200ms");
        assertThat(settings.feederLookahead()).isEqualTo(Duration.ofMillis(50));
        assertThat(settings.startLeadIn()).isEqualTo(Duration.ofMillis(100));
        assertThat(settings.drainTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings.warmUpRequests()).isEqualTo(300);
        assertThat(settings.warmUpInterval()).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void aLeadInShorterThanTheLookaheadIsRefused() {
        assertThatThrownBy(() -> settings("edgesim.cluster.feeder { lookahead = 80ms, lead-in = 20ms }"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-cluster.conf: edgesim.cluster.feeder.lead-in: must be at least feeder.lookahead "
                        + "(80 ms), was 20 ms");
    }

    @Test
    void aValueOutOfRangeNamesTheFileAndTheSetting() {
        assertThatThrownBy(() -> settings("edgesim.cluster.shards-per-region = 0"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-cluster.conf: edgesim.cluster.shards-per-region: must be at least 1, was 0");
        // as many members as --members allows at most
        assertThatThrownBy(() -> settings("edgesim.cluster.members = 33"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-cluster.conf: edgesim.cluster.members: must be at most 32, was 33");
        assertThat(settings("edgesim.cluster.members = 32").members()).isEqualTo(32);
    }

    @Test
    void aValueOfTheWrongTypeIsAnInputError() {
        assertThatThrownBy(() -> settings("edgesim.cluster.startup-timeout = soon"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("edgesim.cluster.startup-timeout");
        assertThatThrownBy(() -> settings("edgesim.cluster.members = abc"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-cluster.conf: edgesim.cluster.members: 'abc' is not a whole number; allowed: a "
                        + "whole number of at least 1");
    }

    // the cluster settings with hocon over the defaults
    @Test
    void timeoutsAreShownInSecondsOrMilliseconds() {
        assertThat(ClusterSettings.shown(Duration.ofSeconds(30))).isEqualTo("30 s");
        assertThat(ClusterSettings.shown(Duration.ofMillis(1500))).isEqualTo("1500 ms");
        assertThat(ClusterSettings.shown(Duration.ofMillis(1))).isEqualTo("1 ms");
        assertThat(ClusterSettings.shown(Duration.ofNanos(250_000))).isEqualTo("0.25 ms");
        assertThat(ClusterSettings.shown(Duration.ofNanos(1))).isEqualTo("0.000001 ms");
    }

    private static ClusterSettings settings(String hocon) {
        return ClusterSettings.fromConfig(ConfigFactory.parseString(hocon)
                .withFallback(ClusterSettings.load().nodeConfig()));
    }
}
