package io.edgesim.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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

    @Test
    void checkComparesTheSweepTextsAndNeedsEveryChart(@TempDir Path dir) throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(scenarios.resolve("three-pops.conf"), Files.readString(Path.of("scenarios/three-pops.conf"))
                + "\nsweep = \"limiters.local.limit=50,100\"\n");
        Path reports = dir.resolve("reports");
        ShippedReports.regenerate(scenarios, reports, REGIONS);
        assertThat(ShippedReports.differences(scenarios, reports, REGIONS)).isEmpty();

        Path sweep = reports.resolve("three-pops/sweep");
        Files.writeString(sweep.resolve("sweep.md"), "tampered\n", StandardOpenOption.APPEND);
        Files.delete(sweep.resolve("sweep-accepted.png"));
        Files.write(sweep.resolve("sweep-multiplication.png"), new byte[0]);
        Files.write(reports.resolve("three-pops/latency-by-region.png"), new byte[0]);

        assertThat(ShippedReports.differences(scenarios, reports, REGIONS)).containsExactlyInAnyOrder(
                sweep.resolve("sweep.md") + ": differs from a fresh run of " + scenarios.resolve("three-pops.conf"),
                sweep.resolve("sweep-accepted.png") + ": missing",
                sweep.resolve("sweep-multiplication.png") + ": empty",
                reports.resolve("three-pops/latency-by-region.png") + ": empty");
    }

    @Test
    void checkFlagsWhatNoScenarioProduces(@TempDir Path dir) throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
        Files.copy(Path.of("scenarios/three-pops.conf"), scenarios.resolve("three-pops.conf"));
        Path reports = dir.resolve("reports");
        ShippedReports.regenerate(scenarios, reports, REGIONS);

        Files.createDirectories(reports.resolve("renamed-long-ago"));
        Files.createDirectories(reports.resolve("three-pops/sweep"));
        Files.writeString(reports.resolve("three-pops/notes.txt"), "x");
        // left alone: hidden files, files beside the report folders, and the folders a cluster run, a sweep and serve
        // write by default
        Files.writeString(reports.resolve("README.md"), "x");
        Files.writeString(Files.createDirectories(reports.resolve("three-pops-cluster")).resolve("result.json"), "{}");
        Files.writeString(Files.createDirectories(reports.resolve("three-pops-sweep")).resolve("sweep.csv"), "x");
        Files.writeString(Files.createDirectories(reports.resolve("three-pops-serve")).resolve("result.json"), "{}");
        Files.writeString(reports.resolve("three-pops/.keep"), "");

        assertThat(ShippedReports.differences(scenarios, reports, REGIONS))
                .hasSize(3)
                .anySatisfy(line -> assertThat(line).startsWith(reports.resolve("renamed-long-ago") + ": ")
                        .contains("no scenario in " + scenarios + " produces it"))
                .anySatisfy(line -> assertThat(line).startsWith(reports.resolve("three-pops/sweep") + ": ")
                        .contains("declares no sweep"))
                .anySatisfy(line -> assertThat(line).startsWith(reports.resolve("three-pops/notes.txt") + ": ")
                        .contains("not part of the report"));
    }
}
