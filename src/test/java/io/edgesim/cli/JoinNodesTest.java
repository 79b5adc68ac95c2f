package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class JoinNodesTest {

    @Test
    void theWholeEdgeHeldByNoNodeIsCountedNotListed() {
        // global-botnet runs over every location of regions/cloudflare.conf; one node holds Frankfurt
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/global-botnet.conf"), Path.of("regions.conf"));
        StringWriter text = new StringWriter();

        JoinNodes.printHolders("127.0.0.1:25520", scenario, Map.of("FRA", List.of("127.0.0.1:25520")),
                new PrintWriter(text));

        List<String> lines = text.toString().lines().toList();
        assertThat(lines).hasSize(3).contains("  FRA on the node at 127.0.0.1:25520");
        assertThat(lines.get(2)).matches("  \\d{3} regions held by no node: run in this process \\(([A-Z0-9]{3}, )"
                + "{9}[A-Z0-9]{3} and \\d{3} more\\)").hasSizeLessThan(120);
    }
}
