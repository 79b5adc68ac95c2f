package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class RunCommandTest {

    @Test
    void aRunOfYourOwnFileNamedAsAShippedScenarioSaysItReplacedThatScenariosReport(@TempDir Path dir)
            throws IOException {
        Path own = Files.writeString(dir.resolve("tp.conf"), "include \""
                + Path.of("scenarios/three-pops.conf").toAbsolutePath() + "\"\nduration = 10s\n");
        Scenario mine = ScenarioLoader.load(own, Path.of("regions.conf"));
        Scenario shipped = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), Path.of("regions.conf"));
        Path folder = RunCommand.defaultFolder("three-pops", "virtual");

        assertThat(RunCommand.replacedShippedReport(folder, mine)).isEqualTo("note: " + folder + " is the report of "
                + Path.of("scenarios/three-pops.conf") + ", which this run of " + own + " (named three-pops too) "
                + "replaced; give the scenario a name of its own (name = ...) or --out DIR (git checkout " + folder
                + " brings the committed report back)");
        assertThat(RunCommand.replacedShippedReport(folder, shipped)).isNull();
        assertThat(RunCommand.replacedShippedReport(dir.resolve("elsewhere"), mine)).isNull();
    }
}
