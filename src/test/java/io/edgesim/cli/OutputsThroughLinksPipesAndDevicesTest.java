package io.edgesim.cli;

import io.edgesim.cli.CommandLines.Outcome;
import io.edgesim.report.DecisionsCsv;
import io.edgesim.report.SpecialFiles;
import io.edgesim.report.StagedOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * `run --decisions` and `--out` naming a symbolic link, a named pipe, a character device or /dev/stdout: a link is
 * written through and stays; the others are written directly as streams and never replaced.
 */
class OutputsThroughLinksPipesAndDevicesTest {

    private static final String SCENARIO = "scenarios/three-pops.conf";

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void linksToTheDecisionsFileAndTheReportFolderAreWrittenThroughAndStay(@TempDir Path dir) throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("decisions.csv"), DecisionsCsv.HEADER + "\nold,decisions\n");
        Files.createDirectories(real.resolve("report"));
        Files.writeString(real.resolve("report/result.json"), "an earlier report");
        Files.writeString(real.resolve("report/notes.txt"), "mine");
        Path decisions = Files.createSymbolicLink(dir.resolve("decisions.csv"), Path.of("real/decisions.csv"));
        Path out = Files.createSymbolicLink(dir.resolve("report"), real.resolve("report"));

        Outcome outcome = edgesim("run", SCENARIO, "--decisions", decisions.toString(), "--out", out.toString());

        assertThat(outcome.status()).as(outcome.err()).isZero();
        assertThat(decisions).isSymbolicLink();
        assertThat(out).isSymbolicLink();
        assertThat(Files.readAllLines(real.resolve("decisions.csv"))).first().isEqualTo(DecisionsCsv.HEADER);
        assertThat(Files.readString(real.resolve("report/result.json"))).startsWith("{");
        assertThat(real.resolve("report/notes.txt")).hasContent("mine");
        assertThat(names(dir)).containsExactly("decisions.csv", "real", "report");
        assertThat(names(real)).containsExactly("decisions.csv", "report");
    }

    @Test
    void aFileThatIsNotADecisionsTableIsNotReplaced(@TempDir Path dir) throws Exception {
        // --decisions naming the jar by mistake replaced it with a CSV
        Path jar = dir.resolve("edgesim.jar");
        Files.write(jar, new byte[] {'P', 'K', 3, 4, 0, 0});
        Path empty = Files.createFile(dir.resolve("empty.csv"));

        assertOneLineOfBadInput(edgesim("run", SCENARIO, "--decisions", jar.toString(), "--out",
                dir.resolve("out").toString()), "--decisions: " + jar + " exists and is not a decisions table edgesim "
                + "wrote (it does not begin with '" + DecisionsCsv.HEADER + "'), and writing would replace it; "
                + "allowed: a new file, an empty one, or one edgesim wrote");
        assertThat(Files.readAllBytes(jar)).containsExactly('P', 'K', 3, 4, 0, 0);
        assertThat(names(dir)).containsExactly("edgesim.jar", "empty.csv");
        // an empty file is taken, and a table written before is replaced
        for (int run = 0; run < 2; run++) {
            Outcome outcome = edgesim("run", SCENARIO, "--decisions", empty.toString(), "--out",
                    dir.resolve("out").toString());
            assertThat(outcome.status()).as(outcome.err()).isZero();
            assertThat(Files.readAllLines(empty)).first().isEqualTo(DecisionsCsv.HEADER);
        }
    }

    @Test
    void aFolderThatTakesNoFilesIsSaidBeforeTheRun() {
        // /proc looks writable to root by its permissions, and takes no file: found only when the run wrote
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc", "self")));

        assertOneLineOfBadInput(edgesim("run", SCENARIO, "--out", "/proc/edgesim"), "--out: cannot write "
                + "/proc/edgesim: ", "allowed: a folder");
    }

    @Test
    void decisionsIntoANamedPipeReachItsReaderAndThePipeStays(@TempDir Path dir) throws Exception {
        Path pipe = SpecialFiles.namedPipe(dir.resolve("decisions.csv"));
        CompletableFuture<String> reader = SpecialFiles.reader(pipe);

        Outcome outcome = edgesim("run", SCENARIO, "--decisions", pipe.toString(), "--out",
                dir.resolve("out").toString());

        assertThat(outcome.status()).as(outcome.err()).isZero();
        List<String> rows = SpecialFiles.read(reader).lines().toList();
        assertThat(rows.get(0)).isEqualTo(DecisionsCsv.HEADER);
        // three limiters decide each of the run's requests
        assertThat(rows).hasSizeGreaterThan(1000);
        assertThat(StagedOutput.kind(pipe)).isEqualTo("a pipe");
        assertThat(names(dir)).containsExactly("decisions.csv", "out");
    }

    @Test
    void decisionsIntoADeviceAreWrittenAndTheDeviceStays(@TempDir Path dir) throws Exception {
        Path sink = SpecialFiles.nullDevice(dir.resolve("null"));

        Outcome outcome = edgesim("run", SCENARIO, "--decisions", sink.toString(), "--out",
                dir.resolve("out").toString());

        assertThat(outcome.status()).as(outcome.err()).isZero();
        assertThat(StagedOutput.kind(sink)).isEqualTo("a character device");
        assertThat(names(dir)).containsExactly("null", "out");
    }

    @Test
    void aFullDeviceIsOneLineWithStatusOneAndThePreviousReportStays(@TempDir Path dir) throws Exception {
        Path full = SpecialFiles.fullDevice(dir.resolve("full"));
        Path out = dir.resolve("out");
        assertThat(edgesim("run", SCENARIO, "--out", out.toString()).status()).isZero();
        String before = Files.readString(out.resolve("result.json"));
        Files.writeString(out.resolve("result.json"), before + " ");

        Outcome outcome = edgesim("run", SCENARIO, "--decisions", full.toString(), "--out", out.toString());

        assertThat(outcome.status()).isEqualTo(1);
        assertThat(outcome.out()).isEmpty();
        assertThat(outcome.err()).isEqualTo("edgesim: --decisions: cannot write " + full + ": No space left on "
                + "device; a character device is written as a stream, not staged: what it received before the error "
                + "stays" + System.lineSeparator());
        assertThat(out.resolve("result.json")).hasContent(before + " ");
        assertThat(StagedOutput.kind(full)).isEqualTo("a character device");
        assertThat(names(dir)).containsExactly("full", "out");
    }

    @Test
    void aReportFolderThatIsAPipeOrADeviceIsBadInputAndLeftAlone(@TempDir Path dir) throws Exception {
        Path pipe = SpecialFiles.namedPipe(dir.resolve("pipe"));
        assertOneLineOfBadInput(edgesim("run", SCENARIO, "--out", pipe.toString()),
                "--out: cannot write " + pipe + ": it is a pipe, not a folder; allowed: a folder");
        Path sink = SpecialFiles.nullDevice(dir.resolve("null"));
        assertOneLineOfBadInput(edgesim("run", SCENARIO, "--out", sink.toString()),
                "--out: cannot write " + sink + ": it is a character device, not a folder; allowed: a folder");

        assertThat(StagedOutput.kind(pipe)).isEqualTo("a pipe");
        assertThat(StagedOutput.kind(sink)).isEqualTo("a character device");
        assertThat(names(dir)).containsExactly("null", "pipe");
    }

    @Test
    void decisionsOnStandardOutputCarryOnlyTheCsvAndTheTableGoesToStandardError(@TempDir Path dir)
            throws Exception {
        Path errors = dir.resolve("stderr.txt");
        Process run = EdgesimProcesses.builder(Map.of(), List.of(), "run", SCENARIO, "--decisions", "/dev/stdout",
                "--out", dir.resolve("out").toString()).redirectError(errors.toFile()).start();
        try {
            // read before waiting: a full pipe would stall the process
            List<String> rows = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                    .toList();
            assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(run.exitValue()).as(Files.readString(errors)).isZero();
            assertThat(rows.get(0)).isEqualTo(DecisionsCsv.HEADER);
            assertThat(rows).hasSizeGreaterThan(1000)
                    .allMatch(row -> row.equals(DecisionsCsv.HEADER) || row.matches("[a-z]+,[0-9.]+,[A-Z]{3},.*"));
            assertThat(Files.readString(errors)).contains("wrote " + dir.resolve("out")
                    + " (result.json, report.md, by-region.csv and 4 charts (PNG)) and /dev/stdout");
        } finally {
            EdgesimProcesses.destroy(run);
        }
    }

    @Test
    void decisionsOnStandardOutputAppendedToAFileKeepWhatItHeld(@TempDir Path dir) throws Exception {
        // /dev/stdout >> log: a regular file behind the descriptor, written at its end, nothing replaced
        Path log = Files.writeString(dir.resolve("app.log"), "previous line\n");
        Process run = EdgesimProcesses.builder(Map.of(), List.of(), "run", SCENARIO, "--decisions", "/dev/stdout",
                "--out", dir.resolve("out").toString()).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
        try {
            assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(run.exitValue()).as(Files.readString(dir.resolve("stderr.txt"))).isZero();
            List<String> lines = Files.readAllLines(log);
            assertThat(lines.get(0)).isEqualTo("previous line");
            assertThat(lines.get(1)).isEqualTo(DecisionsCsv.HEADER);
            assertThat(lines).hasSizeGreaterThan(1000);
        } finally {
            EdgesimProcesses.destroy(run);
        }
    }
}
