package io.edgesim.report;

import io.edgesim.result.RunResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes a run's files into a folder: result.json, report.md, by-region.csv and the charts. */
public final class ReportWriter {

    private ReportWriter() {
    }

    public static void write(RunResult run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<String, String> charts = Charts.write(run, dir);
        Files.writeString(dir.resolve("result.json"), JsonReport.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("by-region.csv"), CsvReport.render(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.md"), MarkdownReport.render(run, charts), StandardCharsets.UTF_8);
    }
}
