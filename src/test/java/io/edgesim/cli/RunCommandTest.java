package io.edgesim.cli;

import io.edgesim.engine.cluster.ClusterEngine;
import io.edgesim.result.ClusterRun;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    @Test
    void theNodesARunLostAreNamedInOneLineUnderItsFigures() {
        ClusterRun.Lateness none = new ClusterRun.Lateness(0, 0, 0, 0);
        Map<String, String> placement = new LinkedHashMap<>();
        placement.put("FRA", "127.0.0.1:25580");
        placement.put("SYD", "127.0.0.1:25581 " + ClusterEngine.LEFT);
        placement.put("NRT", "127.0.0.1:25581 " + ClusterEngine.LEFT);
        placement.put("AMS", "127.0.0.1:40000 " + ClusterEngine.COORDINATOR);
        ClusterRun lost = new ClusterRun(1, 3, placement, none, none, 2, List.of());

        assertThat(RunCommand.leftLine(lost)).isEqualTo(String.format("%n1 of 3 nodes left the cluster during the "
                + "run: 127.0.0.1:25581 (SYD,NRT); the requests that reached their PoPs until they were gone failed, "
                + "the report lacks their part of the delivery lateness, and bills the calls their Durable Objects "
                + "answered as served ones"));
        placement.remove("SYD");
        placement.remove("NRT");
        assertThat(RunCommand.leftLine(new ClusterRun(1, 2, placement, none, none, 2, List.of()))).isEmpty();
    }
}
