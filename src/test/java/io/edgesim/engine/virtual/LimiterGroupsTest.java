package io.edgesim.engine.virtual;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LimiterGroupsTest {

    @Test
    void limitersSharingABindingNamespaceRunTogetherAndTheOthersApart(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, """
                duration = 10s
                regions = [FRA]
                clients = [ { name = c, key = k, rate = 1 } ]
                limiters = [
                  { name = a, tier = binding, limit = 10, period = 10, namespace = "1001" }
                  { name = b, tier = cache, limit = 10, window = 10s }
                  { name = c, tier = binding, limit = 10, period = 10 }
                  { name = d, chain = [
                      { tier = cache, limit = 10, window = 10s }
                      { tier = binding, limit = 10, period = 10, namespace = "1001" } ] }
                  { name = e, tier = binding, limit = 10, period = 10, namespace = "2002" }
                  { name = f, tier = binding, limit = 10, period = 10, namespace = "2002" }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));

        assertThat(LimiterGroups.of(scenario.limiters()))
                .containsExactly(List.of(0, 3), List.of(1), List.of(2), List.of(4, 5));
        assertThat(LimiterGroups.all(3)).containsExactly(0, 1, 2);
    }
}
