package io.edgesim.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StagedOutputTest {

    private static Stream<String> names(Path dir) throws IOException {
        return Files.list(dir).map(p -> p.getFileName().toString()).sorted();
    }

    @Test
    void aFolderIsReplacedWholeKeepingEntriesTheNewOneDoesNotHave(@TempDir Path dir) throws IOException {
        Path target = Files.createDirectories(dir.resolve("report"));
        Files.writeString(target.resolve("result.json"), "old");
        Files.writeString(target.resolve("stale.png"), "old chart");
        Files.createDirectories(target.resolve("sweep"));
        Files.writeString(target.resolve("sweep/sweep.csv"), "old sweep");

        try (StagedOutput out = StagedOutput.folder(target)) {
            Files.writeString(out.path().resolve("result.json"), "new");
            Files.writeString(out.path().resolve("stale.png"), "new chart");
            assertThat(target.resolve("result.json")).hasContent("old");
            out.commit();
        }

        assertThat(target.resolve("result.json")).hasContent("new");
        assertThat(target.resolve("stale.png")).hasContent("new chart");
        assertThat(target.resolve("sweep/sweep.csv")).hasContent("old sweep");
        assertThat(names(dir)).containsExactly("report");
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFolderAndNoStagingCopy(@TempDir Path dir) throws IOException {
        Path target = Files.createDirectories(dir.resolve("report"));
        Files.writeString(target.resolve("result.json"), "old");
        Files.writeString(target.resolve("report.md"), "old md");

        assertThatThrownBy(() -> {
            try (StagedOutput out = StagedOutput.folder(target)) {
                Files.writeString(out.path().resolve("report.md"), "new md");
                Files.writeString(out.path().resolve("result.json"), "trunc");
                throw new IOException("No space left on device");
            }
        }).hasMessage("No space left on device");

        assertThat(target.resolve("result.json")).hasContent("old");
        assertThat(target.resolve("report.md")).hasContent("old md");
        assertThat(names(dir)).containsExactly("report");
    }

    @Test
    void aNewFolderAppearsOnlyAtTheCommit(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("a/b/report");
        try (StagedOutput out = StagedOutput.folder(target)) {
            Files.writeString(out.path().resolve("result.json"), "new");
            assertThat(target).doesNotExist();
            assertThat(out.path().getFileName().toString()).startsWith(".report.edgesim-new-");
            out.commit();
        }
        assertThat(target.resolve("result.json")).hasContent("new");
        assertThat(names(target.getParent())).containsExactly("report");
    }

    @Test
    void aFileIsReplacedAtTheCommitAndLeftAloneWithoutOne(@TempDir Path dir) throws IOException {
        Path target = Files.writeString(dir.resolve("decisions.csv"), "old");

        try (StagedOutput out = StagedOutput.file(target)) {
            Files.writeString(out.path(), "half of the ro");
        }
        assertThat(target).hasContent("old");
        assertThat(names(dir)).containsExactly("decisions.csv");

        try (StagedOutput out = StagedOutput.file(target)) {
            Files.writeString(out.path(), "all rows");
            assertThat(target).hasContent("old");
            out.commit();
        }
        assertThat(target).hasContent("all rows");
        assertThat(names(dir)).containsExactly("decisions.csv");
    }

    private static void write(StagedOutput out, String text) throws IOException {
        try (OutputStream stream = out.open()) {
            stream.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static Stream<String> hidden(Path dir) throws IOException {
        return names(dir).filter(name -> name.startsWith("."));
    }

    @Test
    void aLinkIsWrittenThroughAndStaysALink(@TempDir Path dir) throws IOException {
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("decisions.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("decisions.csv"), Path.of("real/decisions.csv"));

        try (StagedOutput out = StagedOutput.file(link)) {
            assertThat(out.stream()).isFalse();
            write(out, "new");
            assertThat(real.resolve("decisions.csv")).hasContent("old");
            out.commit();
        }

        assertThat(link).isSymbolicLink();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("real/decisions.csv"));
        assertThat(real.resolve("decisions.csv")).hasContent("new");
        assertThat(hidden(dir)).isEmpty();
        assertThat(hidden(real)).isEmpty();
    }

    @Test
    void aChainOfLinksToNothingCreatesTheFileTheLastOneNames(@TempDir Path dir) throws IOException {
        Path first = Files.createSymbolicLink(dir.resolve("first.csv"), Path.of("second.csv"));
        Path second = Files.createSymbolicLink(dir.resolve("second.csv"), dir.resolve("sub/new.csv"));

        try (StagedOutput out = StagedOutput.file(first)) {
            write(out, "rows");
            out.commit();
        }

        assertThat(first).isSymbolicLink();
        assertThat(second).isSymbolicLink();
        assertThat(dir.resolve("sub/new.csv")).isRegularFile().hasContent("rows");
        assertThat(first).hasContent("rows");
    }

    @Test
    void aFolderBehindALinkIsReplacedWhereItIsAndTheLinkStays(@TempDir Path dir) throws IOException {
        Path real = Files.createDirectories(dir.resolve("elsewhere/report"));
        Files.writeString(real.resolve("result.json"), "old");
        Files.writeString(real.resolve("notes.txt"), "mine");
        Path link = Files.createSymbolicLink(dir.resolve("report"), real);

        try (StagedOutput out = StagedOutput.folder(link)) {
            Files.writeString(out.path().resolve("result.json"), "new");
            assertThat(out.path().getParent()).isEqualTo(real.getParent().toRealPath());
            out.commit();
        }

        assertThat(link).isSymbolicLink();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(real);
        assertThat(real.resolve("result.json")).hasContent("new");
        assertThat(real.resolve("notes.txt")).hasContent("mine");
        assertThat(names(dir)).containsExactly("elsewhere", "report");
        assertThat(names(real.getParent())).containsExactly("report");
    }

    @Test
    void aNamedPipeIsWrittenDirectlyAndStaysAPipe(@TempDir Path dir) throws Exception {
        Path pipe = SpecialFiles.namedPipe(dir.resolve("decisions.csv"));
        CompletableFuture<String> reader = SpecialFiles.reader(pipe);

        try (StagedOutput out = StagedOutput.file(pipe)) {
            assertThat(out.stream()).isTrue();
            assertThat(out.path()).isEqualTo(dir.toRealPath().resolve("decisions.csv"));
            write(out, "rows\n");
            out.commit();
        }

        assertThat(SpecialFiles.read(reader)).isEqualTo("rows\n");
        assertThat(StagedOutput.kind(pipe)).isEqualTo("a pipe");
        assertThat(names(dir)).containsExactly("decisions.csv");
    }

    @Test
    void aLinkToAPipeIsWrittenThroughAsAStream(@TempDir Path dir) throws Exception {
        Path pipe = SpecialFiles.namedPipe(dir.resolve("pipe"));
        Path link = Files.createSymbolicLink(dir.resolve("out.csv"), Path.of("pipe"));
        CompletableFuture<String> reader = SpecialFiles.reader(pipe);

        try (StagedOutput out = StagedOutput.file(link)) {
            assertThat(out.stream()).isTrue();
            write(out, "through the link");
        }

        assertThat(SpecialFiles.read(reader)).isEqualTo("through the link");
        assertThat(link).isSymbolicLink();
        assertThat(StagedOutput.kind(pipe)).isEqualTo("a pipe");
        assertThat(names(dir)).containsExactly("out.csv", "pipe");
    }

    @Test
    void aCharacterDeviceIsWrittenDirectlyAndAFullOneFailsWithoutBeingReplaced(@TempDir Path dir) throws Exception {
        Path sink = SpecialFiles.nullDevice(dir.resolve("null"));
        Path full = SpecialFiles.fullDevice(dir.resolve("full"));

        try (StagedOutput out = StagedOutput.file(sink)) {
            assertThat(out.stream()).isTrue();
            write(out, "x".repeat(1 << 20));
            out.commit();
        }
        assertThatThrownBy(() -> {
            try (StagedOutput out = StagedOutput.file(full)) {
                write(out, "x".repeat(1 << 16));
                out.commit();
            }
        }).isInstanceOf(IOException.class).hasMessageContaining("No space left on device");

        assertThat(StagedOutput.kind(sink)).isEqualTo("a character device");
        assertThat(StagedOutput.kind(full)).isEqualTo("a character device");
        assertThat(names(dir)).containsExactly("full", "null");
    }

    @Test
    void aDescriptorOfThisProcessIsAStream() throws IOException {
        assertThat(StagedOutput.isStream(StagedOutput.place(Path.of("/dev/stdout")))).isTrue();
        assertThat(StagedOutput.place(Path.of("/dev/stdout")).toString()).startsWith("/proc/");
    }

    @Test
    void aFolderOutputOnAPipeOrAFileIsRefusedAndLeftAlone(@TempDir Path dir) throws Exception {
        Path pipe = SpecialFiles.namedPipe(dir.resolve("report"));
        Path file = Files.writeString(dir.resolve("file"), "mine");

        assertThatThrownBy(() -> StagedOutput.folder(pipe)).isInstanceOf(FileSystemException.class)
                .hasMessageContaining("it is a pipe, not a folder");
        assertThatThrownBy(() -> StagedOutput.folder(file)).isInstanceOf(FileSystemException.class)
                .hasMessageContaining("it is a file, not a folder");

        assertThat(StagedOutput.kind(pipe)).isEqualTo("a pipe");
        assertThat(file).hasContent("mine");
        assertThat(names(dir)).containsExactly("file", "report");
    }
}
