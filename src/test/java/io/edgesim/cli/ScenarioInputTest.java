package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.scenario.ScenarioText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The scenario text a run sends its nodes is the scenario the run loads, with the run's seed. */
class ScenarioInputTest {

    @Test
    void textIsTheScenarioTheRunLoadsWithTheRunsSeed() {
        ScenarioInput input = new ScenarioInput();
        input.scenarioFile = Path.of("scenarios/three-pops.conf");
        Scenario loaded = input.load();

        ScenarioText text = input.text(77);
        Scenario back = ScenarioLoader.fromText(text);
        assertThat(text.origin()).isEqualTo("scenarios/three-pops.conf");
        assertThat(back.seed()).isEqualTo(77);
        assertThat(loaded.seed()).isNotEqualTo(77);
        assertThat(back.name()).isEqualTo("three-pops");
        assertThat(back.limiters()).isEqualTo(loaded.limiters());
        assertThat(back.pops()).isEqualTo(loaded.pops());
        assertThat(back.regions().codes()).isEqualTo(loaded.regions().codes());
    }

    @Test
    void textTakesTheRegionsFlag(@TempDir Path dir) throws IOException {
        // the shipped regions with 1 ms of jitter (it has none), given with --regions
        Path regions = dir.resolve("r.conf");
        Files.writeString(regions, "include file(\"" + Path.of("regions.conf").toAbsolutePath() + "\")\n"
                + "jitter = 1ms\n");
        ScenarioInput input = new ScenarioInput();
        input.scenarioFile = Path.of("scenarios/three-pops.conf");
        input.regions = regions;

        Scenario back = ScenarioLoader.fromText(input.text(1));
        assertThat(back.regions().jitterNanos()).isEqualTo(1_000_000);
        assertThat(input.load().regions().jitterNanos()).isEqualTo(1_000_000);
    }
}
