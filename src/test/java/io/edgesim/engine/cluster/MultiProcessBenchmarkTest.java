package io.edgesim.engine.cluster;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The scenario and the split of {@link MultiProcessBenchmark}, which itself runs only by hand. */
class MultiProcessBenchmarkTest {

    @Test
    void fortyEightPopsKeepTheShippedRoundTripsAndSplitIntoThreeNodesOfSixteen() {
        Scenario scenario = ScenarioLoader.load(Path.of("bench", "cluster-48-pops.conf"), Path.of("regions.conf"),
                Map.of("clients.load.rate", "4000"));
        List<String> regions = NodeRegions.of(scenario);

        // every PoP, the object's home (FRA) among them
        assertThat(scenario.pops()).hasSize(48).doesNotHaveDuplicates().contains("FRA", "SYD", "AKL", "CDG");
        assertThat(regions).containsExactlyElementsOf(scenario.pops());
        // the shipped regions.conf's measured FRA-SYD [249, 252]; an added PoP's pairs are estimated
        assertThat(scenario.regions().rttNanos("FRA", "SYD")).isEqualTo(250_500_000L);
        assertThat(scenario.regions().rttNanos("FRA", "CDG")).isGreaterThan(0);

        List<List<String>> split = MultiProcessBenchmark.split(regions, 3);
        assertThat(split).hasSize(3).allSatisfy(node -> assertThat(node).hasSize(16));
        assertThat(new HashSet<>(split.stream().flatMap(List::stream).toList())).containsExactlyInAnyOrderElementsOf(
                regions);
    }
}
