package io.edgesim.scenarios;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every file in scenarios/ loads and validates (as `edgesim validate` does), says what it answers and fixes a seed. */
class ShippedScenariosTest {

    private static List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(ShippedScenarios.FOLDER)) {
            return files.filter(f -> f.toString().endsWith(".conf")).sorted().toList();
        }
    }

    @Test
    void everyShippedScenarioLoadsWithADescriptionAndASeed() throws IOException {
        List<Path> files = files();
        assertThat(files).hasSizeGreaterThanOrEqualTo(14);

        for (Path file : files) {
            Scenario scenario = ScenarioLoader.load(file, ShippedScenarios.REGIONS);
            String fileName = file.getFileName().toString();
            assertThat(scenario.name()).as(fileName).isEqualTo(fileName.substring(0, fileName.length() - 5));
            assertThat(scenario.description()).as(fileName).isNotBlank();
            // the loader lists the seed among the assumptions only when the file sets none
            assertThat(scenario.assumptions()).as(fileName).doesNotContainKey("seed");
        }
    }
}
