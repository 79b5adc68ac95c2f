package io.edgesim.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
