package io.edgesim.serve;

import io.edgesim.scenario.InputException;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Serve's limits as edgesim-serve.conf gives them, and a bad one named with its file and setting. */
class ServeSettingsTest {

    private static ServeSettings with(String overrides) {
        return ServeSettings.fromConfig(ConfigFactory.parseString(overrides)
                .withFallback(ServeSettings.load().httpConfig()));
    }

    @Test
    void theShippedLimitsAreTheDocumentedOnes() {
        ServeSettings limits = ServeSettings.load();

        assertThat(limits.headerTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(limits.requestTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(limits.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(limits.maxBodyBytes()).isEqualTo(1024 * 1024);
    }

    @Test
    void aHeaderTimeoutOfZeroIsRefusedNamingFileAndSetting() {
        assertThatThrownBy(() -> with("edgesim.serve.header-timeout = 0s"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-serve.conf: edgesim.serve.header-timeout: must be a duration greater than 0, "
                        + "was 0 ms");
    }

    @Test
    void anIdleTimeoutNotAboveTheRequestTimeoutIsRefused() {
        assertThatThrownBy(() -> with("pekko.http.server { request-timeout = 5s, idle-timeout = 5s }"))
                .isInstanceOf(InputException.class)
                .hasMessage("edgesim-serve.conf: pekko.http.server.idle-timeout: must be longer than "
                        + "request-timeout (5000 ms), was 5000 ms");
    }

    @Test
    void aTimeoutThatIsNotADurationIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> with("edgesim.serve.header-timeout = soon"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("edgesim-serve.conf: ").hasMessageContaining("edgesim.serve.header-timeout");
    }
}
