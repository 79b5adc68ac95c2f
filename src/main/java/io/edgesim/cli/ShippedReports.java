package io.edgesim.cli;

import io.edgesim.engine.cluster.ClusterEngine;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.report.Charts;
import io.edgesim.report.ReportWriter;
import io.edgesim.report.StagedOutput;
import io.edgesim.report.SweepReport;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The committed reports: reports/NAME/ holds the virtual-engine report of every scenarios/*.conf, and
 * reports/NAME/sweep/ the sweep a scenario declares ({@code sweep = "PATH=VALUES"}). Regenerates them, or checks
 * that regenerating would change nothing: every text file (result.json, report.md, by-region.csv, sweep.csv,
 * sweep.md) byte for byte; every chart must exist and not be empty (its pixels depend on the fonts of the machine);
 * and the folder holds nothing else - no folder no scenario produces, no file no report consists of.
 */
final class ShippedReports {

    private ShippedReports() {
    }

    /** The scenario files ({@code *.conf}) in {@code scenariosDir}, sorted by name. */
    static List<Path> scenarios(Path scenariosDir) throws IOException {
        try (Stream<Path> files = Files.list(scenariosDir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".conf")).sorted().toList();
        }
    }

    /** Runs every scenario and writes its report folder; returns the folders written. */
    static List<Path> regenerate(Path scenariosDir, Path reportsDir, Path regionsFile) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Path file : scenarios(scenariosDir)) {
            Scenario scenario = ScenarioLoader.load(file, regionsFile);
            Path dir = reportsDir.resolve(scenario.name());
            SweepReport sweep = sweep(file, regionsFile);
            // the report and its sweep replace the folder together
            try (StagedOutput staged = StagedOutput.folder(dir)) {
                ReportWriter.write(run(scenario), staged.path());
                if (sweep != null) {
                    sweep.write(staged.path().resolve("sweep"));
                }
                staged.commit();
            }
            written.add(dir);
            if (sweep != null) {
                written.add(dir.resolve("sweep"));
            }
        }
        return written;
    }

    /**
     * What regenerating would change, and what it would leave behind: one line per differing, missing or stray file
     * or folder; empty when all is current.
     */
    static List<String> differences(Path scenariosDir, Path reportsDir, Path regionsFile) throws IOException {
        List<String> differences = new ArrayList<>();
        Set<String> produced = new HashSet<>();
        for (Path file : scenarios(scenariosDir)) {
            Scenario scenario = ScenarioLoader.load(file, regionsFile);
            produced.add(scenario.name());
            // where a cluster run, a sweep on the command line and serve write by default: not shipped, left alone
            produced.add(RunCommand.defaultFolder(scenario.name(), ClusterEngine.NAME).getFileName().toString());
            produced.add(SweepCommand.defaultFolder(scenario.name()).getFileName().toString());
            produced.add(ServeCommand.defaultFolder(scenario.name()).getFileName().toString());
            Path dir = reportsDir.resolve(scenario.name());
            RunResult result = run(scenario);
            Map<String, String> texts = ReportWriter.texts(result);
            Set<String> charts = Charts.files(result).keySet();
            compare(dir, texts, charts, file, differences);
            SweepReport sweep = sweep(file, regionsFile);
            Set<String> expected = new HashSet<>(texts.keySet());
            expected.addAll(charts);
            if (sweep != null) {
                expected.add("sweep");
                compare(dir.resolve("sweep"), sweep.texts(), SweepReport.CHARTS, file, differences);
                stray(dir.resolve("sweep"), new HashSet<>(SweepReport.FILES), false, "not part of the sweep " + file
                        + " declares", differences);
            }
            stray(dir, expected, false, "not part of the report of " + file
                    + (sweep == null && Files.isDirectory(dir.resolve("sweep")) ? " (it declares no sweep)" : ""),
                    differences);
        }
        // files beside the report folders (a README) are left alone
        stray(reportsDir, produced, true, "no scenario in " + scenariosDir + " produces it", differences);
        return differences;
    }

    private static void compare(Path dir, Map<String, String> texts, Collection<String> charts, Path scenario,
                                List<String> differences) throws IOException {
        for (Map.Entry<String, String> text : texts.entrySet()) {
            Path committed = dir.resolve(text.getKey());
            if (!Files.isRegularFile(committed)) {
                differences.add(committed + ": missing");
            } else if (!Files.readString(committed, StandardCharsets.UTF_8).equals(text.getValue())) {
                differences.add(committed + ": differs from a fresh run of " + scenario);
            }
        }
        for (String chart : charts) {
            Path committed = dir.resolve(chart);
            if (!Files.isRegularFile(committed)) {
                differences.add(committed + ": missing");
            } else if (Files.size(committed) == 0) {
                differences.add(committed + ": empty");
            }
        }
    }

    // entries of dir (hidden ones aside; with foldersOnly, files too) whose names are not expected
    private static void stray(Path dir, Set<String> expected, boolean foldersOnly, String why,
                              List<String> differences) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.sorted().toList()) {
                String name = entry.getFileName().toString();
                boolean skipped = name.startsWith(".") || (foldersOnly && !Files.isDirectory(entry));
                if (!skipped && !expected.contains(name)) {
                    differences.add(entry + ": " + why + "; delete it");
                }
            }
        }
    }

    /** The sweep {@code file} declares, run; null when it declares none. */
    private static SweepReport sweep(Path file, Path regionsFile) {
        SweepValues values = SweepValues.declared(file);
        if (values == null) {
            return null;
        }
        List<SweepReport.Point> points = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>();
        List<RunResult> results = new ArrayList<>();
        for (String value : values.values()) {
            Scenario scenario = values.load(file, overrides -> ScenarioLoader.load(file, regionsFile, overrides),
                    value);
            RunResult result = run(scenario);
            scenarios.add(scenario);
            results.add(result);
            points.add(new SweepReport.Point(value, result));
        }
        // as the sweep command writes it
        return new SweepReport(values.path(), points, SweepEffect.note(values.path(), values.values(), scenarios,
                results));
    }

    private static RunResult run(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }
}
