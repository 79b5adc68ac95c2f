package io.edgesim.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ShippedReportsTest {

    private static final Path REGIONS = Path.of("regions.conf");

    @Test
    void committedReportsAreWhatTheShippedScenariosProduceNow() throws IOException {
        assertThat(ShippedReports.scenarios(Path.of("scenarios"))).isNotEmpty();
        assertThat(ShippedReports.differences(Path.of("scenarios"), Path.of("reports"), REGIONS))
                .as("reports/ is out of date: run ./edgesim reports and commit the result")
                .isEmpty();
    }

    @Test
    void checkNoticesAChangedReport(@TempDir Path dir) throws IOException {
        Path scenarios = dir.resolve("scenarios");
        Files.createDirectories(scenarios);
        Files.copy(Path.of("scenarios/three-pops.conf"), scenarios.resolve("three-pops.conf"));
        Path reports = dir.resolve("reports");
        ShippedReports.regenerate(scenarios, reports, REGIONS);
        assertThat(ShippedReports.differences(scenarios, reports, REGIONS)).isEmpty();

        Path json = reports.resolve("three-pops/result.json");
        Files.writeString(json, Files.readString(json).replace("\"accepted\" : 300", "\"accepted\" : 301"));
        Files.delete(reports.resolve("three-pops/accepted-over-time.png"));
        assertThat(ShippedReports.differences(scenarios, reports, REGIONS))
                .anySatisfy(line -> assertThat(line).contains("result.json", "differs"))
                .anySatisfy(line -> assertThat(line).contains("accepted-over-time.png", "missing"));
    }
}
