package io.edgesim.cli;

import io.edgesim.ClusterTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `edgesim run --engine cluster` end to end: a short scenario on a two-node cluster at twice real speed. */
@ClusterTest
class RunClusterCommandTest {

    @Test
    void clusterRunPrintsTheTablesAndTheDeliveryErrorsAndWritesTheReportFolder(@TempDir Path dir)
            throws IOException {
        Path scenario = dir.resolve("short.conf");
        Files.writeString(scenario, """
                name = short
                duration = 2s
                seed = 3
                regions = [FRA, SYD]
                clients = [ { name = c, key = "k", rate = 10, pops = [FRA, SYD] } ]
                limiters = [
                  { name = local, tier = cache, limit = 5, window = 60s }
                  { name = exact, tier = durable-object, limit = 5, window = 60s,
                    placement { policy = fixed, region = FRA } }
                ]
                """);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int status = Main.execute(new String[]{"run", scenario.toString(), "--engine", "cluster", "--speed", "2",
                "--out", dir.resolve("out").toString(), "--lateness-tolerance", "0"},
                new PrintWriter(out, true), new PrintWriter(err, true));

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString()).contains("scenario short - engine cluster, seed 3",
                "exact (durable-object, fixed-window 5 per 60s)", "cluster of 2 nodes, speed 2",
                "injected latencies handled late by");
        // a tolerance of 0 ms flags any lateness, and a message is never handled exactly at its deadline
        assertThat(out.toString()).containsOnlyOnce("latency figures not faithful: injected latencies were handled "
                + "late by a p99 of").contains("above the tolerance of 0.00 ms (--lateness-tolerance); marked");
        assertThat(dir.resolve("out/result.json")).content().contains("\"engine\" : \"cluster\"",
                "\"speed\" : 2.0", "\"nodes\" : 2", "\"FRA\" : \"127.0.0.1:", "\"tolerance_ms\" : 0.0",
                "\"latency_flagged\" : true")
                .containsPattern("\"SYD\" : \"127\\.0\\.0\\.1:\\d+ \\(in the coordinator\\)\"");
        assertThat(dir.resolve("out/report.md")).content().startsWith("# short").contains("## Cluster engine",
                "p99 ms (late)");
        assertThat(dir.resolve("out/by-region.csv")).content().startsWith("limiter,tier,region,sent");
        // no terminal, so no progress bar, and no error
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aClusterRunWritesBesideTheVirtualRunsReport() {
        assertThat(RunCommand.defaultFolder("three-pops", "cluster"))
                .isEqualTo(Path.of("reports", "three-pops-cluster"));
        assertThat(RunCommand.defaultFolder("three-pops", "virtual")).isEqualTo(Path.of("reports", "three-pops"));
    }
}
