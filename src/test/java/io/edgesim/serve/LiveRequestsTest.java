package io.edgesim.serve;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which header a live request needs for the limiters to key it, and the fields read from the headers. */
class LiveRequestsTest {

    private static LiveRequests keyedBy(Path dir, String key) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, "name = s\nduration = 10s\nregions = [FRA]\nclients = [{ name = c, rate = 1 }]\n"
                + "limiters = [{ name = l, tier = cache, algorithm = fixed-window, limit = 10, window = 60s, key = "
                + key + " }]\n");
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));
        return new LiveRequests(scenario.limiters());
    }

    @Test
    void apiKeyLimiterNeedsXApiKeyOrAuthorization(@TempDir Path dir) throws IOException {
        LiveRequests requests = keyedBy(dir, "api-key");

        assertThat(requests.missing(Map.<String, String>of()::get)).isEqualTo("X-API-Key (or Authorization)");
        assertThat(requests.missing(Map.of("Authorization", "Bearer t")::get)).isNull();
        // the credentials, without the scheme: the key X-API-Key: t gives
        assertThat(requests.read(Map.of("Authorization", "Bearer t")::get, "/a").apiKey()).isEqualTo("t");
        assertThat(requests.read(Map.of("Authorization", "t")::get, "/a").apiKey()).isEqualTo("t");
    }

    @Test
    void xffLimiterFallsBackToTheAddressAsAWorkerDoes(@TempDir Path dir) throws IOException {
        LiveRequests requests = keyedBy(dir, "xff");

        assertThat(requests.missing(Map.<String, String>of()::get)).isEqualTo("CF-Connecting-IP");
        assertThat(requests.missing(Map.of("X-Forwarded-For", "1.2.3.4, 10.0.0.1")::get)).isNull();
        assertThat(requests.read(Map.of("X-Forwarded-For", "1.2.3.4, 10.0.0.1")::get, "/").xff())
                .isEqualTo("1.2.3.4");
    }

    @Test
    void pathLimiterNeedsNoHeader(@TempDir Path dir) throws IOException {
        LiveRequests requests = keyedBy(dir, "path");

        assertThat(requests.missing(Map.<String, String>of()::get)).isNull();
        assertThat(requests.read(Map.<String, String>of()::get, "/login").path()).isEqualTo("/login");
    }
}
