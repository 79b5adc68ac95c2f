package io.edgesim.report;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CsvReportTest {

    @Test
    void aRegionWithoutALatencySampleHasEmptyLatencyCellsNotZeros(@TempDir Path dir) {
        List<String> lines = CsvReport.render(new VirtualEngine(ScenarioFixture.load(dir, """
                name = t
                duration = 5s
                regions = [FRA, SYD]
                clients = [ { name = a, key = k, rate = 2, pops = [FRA] } ]
                limiters = [ { name = exact, tier = durable-object, limit = 5, window = 60s,
                               placement { policy = fixed, region = SYD } } ]
                """)).run()).lines().toList();

        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).startsWith("exact,durable-object,FRA,10,5,5,0,0,5,").doesNotEndWith(",,,");
        assertThat(lines.get(1).split(",")[9]).isNotEqualTo("0.0");
        assertThat(lines.get(2)).isEqualTo("exact,durable-object,SYD,0,0,0,0,0,0,,,,");
    }
}
