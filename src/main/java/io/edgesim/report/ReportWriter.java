package io.edgesim.report;

import io.edgesim.result.RunResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes a run's files into a folder: result.json, report.md, by-region.csv and the charts. */
public final class ReportWriter {

    private ReportWriter() {
    }

    public static void write(RunResult run, Path dir) throws IOException {
        Files.createDirectories(dir);
        Charts.write(run, dir);
        for (Map.Entry<String, String> file : texts(run).entrySet()) {
            Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The text files of a run's report, file name -> content: what {@link #write} writes besides the PNG charts.
     * The same run gives the same texts, byte for byte.
     */
    public static Map<String, String> texts(RunResult run) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("result.json", JsonReport.render(run));
        files.put("by-region.csv", CsvReport.render(run));
        files.put("report.md", MarkdownReport.render(run, Charts.files(run)));
        return files;
    }

    /** What {@link #write} writes, for the console: "result.json, report.md, by-region.csv and 4 charts (PNG)". */
    public static String contents(RunResult run) {
        return "result.json, report.md, by-region.csv and " + Charts.files(run).size() + " charts (PNG)";
    }
}
