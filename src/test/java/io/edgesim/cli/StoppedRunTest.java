package io.edgesim.cli;

import io.edgesim.report.DecisionsCsv;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A virtual run stopped with SIGTERM while it writes: the outputs it was writing never appear under their final
 * names, the earlier ones are as they were, and no hidden staging copy is left.
 */
class StoppedRunTest {

    // hours of traffic at thousands of requests a second: far longer than the test waits before stopping it
    private static final String LONG_RUN = """
            name = long
            duration = 3600s
            seed = 1
            regions = [FRA, AMS, SYD]
            clients = [ { name = bg, key = "bg", rate = 2000, pops { FRA = 1, SYD = 1 } } ]
            limiters = [
              { name = local, tier = cache, algorithm = fixed-window, limit = 5, window = 1s, key = api-key }
            ]
            """;

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long stagedBytes(Path dir, String prefix) throws Exception {
        try (Stream<Path> entries = Files.list(dir)) {
            long bytes = -1;
            for (Path entry : entries.toList()) {
                if (entry.getFileName().toString().startsWith(prefix)) {
                    bytes = Math.max(bytes, Files.size(entry));
                }
            }
            return bytes;
        }
    }

    // waits until the hidden file starting with prefix in dir holds at least bytes (the run is sending)
    private static void awaitRows(Process run, Path dir, String prefix, long bytes) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (stagedBytes(dir, prefix) < bytes && run.isAlive()) {
            assertThat(System.nanoTime()).as("rows in the hidden decisions file within 120 s").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    // SIGTERM to a run still going; what it printed, once it exited as a SIGTERM makes a JVM exit
    private static String stop(Process run) throws Exception {
        assertThat(run.isAlive()).as("the run still going when stopped").isTrue();
        run.toHandle().destroy();
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String printed = new String(run.getInputStream().readAllBytes());
        assertThat(run.exitValue()).as(printed).isEqualTo(143);
        return printed;
    }

    @Test
    void sigtermWhileWritingLeavesNoPartialOutputUnderAFinalName(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("long.conf"), LONG_RUN);
        Path decisions = Files.writeString(dir.resolve("decisions.csv"), DecisionsCsv.HEADER + "\nold,decisions");
        Path out = dir.resolve("out");
        Process run = EdgesimProcesses.start(Map.of(), List.of(), "run", scenario.toString(), "--regions",
                Path.of("regions.conf").toAbsolutePath().toString(), "--decisions", decisions.toString(), "--out",
                out.toString());
        try {
            // the run is under way once its hidden decisions file holds rows
            awaitRows(run, dir, ".decisions.csv.edgesim-new-", 100_000);
            stop(run);
            assertThat(decisions).hasContent(DecisionsCsv.HEADER + "\nold,decisions");
            assertThat(out).doesNotExist();
            assertThat(names(dir)).containsExactly("decisions.csv", "long.conf");
        } finally {
            EdgesimProcesses.destroy(run);
        }
    }

    @Test
    @Tag("cluster")
    void anEmbeddedClusterRunStoppedWhileItStartsOrSendsSaysSoInOneLineAtMost(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("long.conf"), LONG_RUN);
        // stopped while its members start (Pekko's transport, the shards, the PoP actors are being made), then while
        // its traffic flows: what the stop takes away is neither a bug nor nodes that left
        for (boolean sending : new boolean[] {false, true}) {
            Path decisions = dir.resolve("decisions-" + sending + ".csv");
            Process run = EdgesimProcesses.start(Map.of(), List.of(), "run", scenario.toString(), "--engine",
                    "cluster", "--regions", Path.of("regions.conf").toAbsolutePath().toString(), "--decisions",
                    decisions.toString(), "--out", dir.resolve("out").toString());
            try {
                if (sending) {
                    awaitRows(run, dir, ".decisions-true.csv.edgesim-new-", 10_000);
                } else {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2_500));
                }
                String printed = stop(run);
                assertThat(printed.lines().filter(line -> !line.equals("edgesim: stopped (SIGINT or SIGTERM) before "
                        + "the command finished; outputs not yet written were not written"))).as(printed).isEmpty();
            } finally {
                EdgesimProcesses.destroy(run);
            }
        }
        assertThat(names(dir)).containsExactly("long.conf");
    }
}
