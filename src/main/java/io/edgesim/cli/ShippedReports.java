package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.report.Charts;
import io.edgesim.report.ReportWriter;
import io.edgesim.report.SweepReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The committed reports: reports/NAME/ holds the virtual-engine report of every scenarios/*.conf, and
 * reports/NAME/sweep/ the sweep a scenario declares ({@code sweep = "PATH=VALUES"}). Regenerates them, or checks
 * that regenerating would change nothing (the text files byte for byte; the charts must exist, as their pixels
 * depend on the fonts of the machine).
 */
final class ShippedReports {

    private ShippedReports() {
    }

    /** The scenario files, sorted by name. */
    static List<Path> scenarios(Path scenariosDir) {
        try (Stream<Path> files = Files.list(scenariosDir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".conf")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs every scenario and writes its report folder; returns the folders written. */
    static List<Path> regenerate(Path scenariosDir, Path reportsDir, Path regionsFile) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Path file : scenarios(scenariosDir)) {
            Scenario scenario = ScenarioLoader.load(file, regionsFile);
            Path dir = reportsDir.resolve(scenario.name());
            ReportWriter.write(run(scenario), dir);
            written.add(dir);
            SweepReport sweep = sweep(file, regionsFile);
            if (sweep != null) {
                sweep.write(dir.resolve("sweep"));
                written.add(dir.resolve("sweep"));
            }
        }
        return written;
    }

    /** What regenerating would change: one line per differing or missing file; empty when all is current. */
    static List<String> differences(Path scenariosDir, Path reportsDir, Path regionsFile) throws IOException {
        List<String> differences = new ArrayList<>();
        for (Path file : scenarios(scenariosDir)) {
            Scenario scenario = ScenarioLoader.load(file, regionsFile);
            Path dir = reportsDir.resolve(scenario.name());
            for (Map.Entry<String, String> text : ReportWriter.texts(run(scenario)).entrySet()) {
                compare(dir.resolve(text.getKey()), text.getValue(), file, differences);
            }
            for (String chart : Charts.FILES.keySet()) {
                if (!Files.exists(dir.resolve(chart))) {
                    differences.add(dir.resolve(chart) + ": missing");
                }
            }
            SweepReport sweep = sweep(file, regionsFile);
            if (sweep != null) {
                compare(dir.resolve("sweep/sweep.csv"), sweep.csv(), file, differences);
            }
        }
        return differences;
    }

    private static void compare(Path committed, String fresh, Path scenario, List<String> differences)
            throws IOException {
        if (!Files.exists(committed)) {
            differences.add(committed + ": missing");
        } else if (!Files.readString(committed, StandardCharsets.UTF_8).equals(fresh)) {
            differences.add(committed + ": differs from a fresh run of " + scenario);
        }
    }

    /** The sweep {@code file} declares, run; null when it declares none. */
    private static SweepReport sweep(Path file, Path regionsFile) {
        String declared = ScenarioLoader.declaredSweep(file);
        if (declared == null) {
            return null;
        }
        SweepValues values = SweepValues.parse(declared);
        List<SweepReport.Point> points = new ArrayList<>();
        for (String value : values.values()) {
            Scenario scenario = ScenarioLoader.load(file, regionsFile, Map.of(values.path(), value));
            points.add(new SweepReport.Point(value, run(scenario)));
        }
        return new SweepReport(values.path(), points);
    }

    private static RunResult run(Scenario scenario) {
        return new VirtualEngine(scenario, DecisionListener.NONE).run();
    }
}
