package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.scenario.ScenarioText;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Map;

/** The scenario argument and --regions option that run, validate, sweep and bench share (a picocli mixin). */
final class ScenarioInput {

    @Parameters(paramLabel = "SCENARIO", description = "Scenario file (HOCON), e.g. scenarios/three-pops.conf.")
    Path scenarioFile;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "regions.conf to use when the scenario names none (refused when it names another "
                    + "with regions-file). Default: ./regions.conf, else the regions.conf of the edgesim folder the "
                    + "launcher runs from.")
    Path regions;

    /** The regions file in force when the scenario names none. */
    Path regionsFile() {
        return Paths.regionsFile(regions);
    }

    /**
     * The scenario, checked whole: the sweep it declares for its committed report ({@code sweep = ...}) must load
     * at every value too, so that a scenario that validates also gives its report.
     */
    Scenario load() {
        if (scenarioFile.toString().isEmpty()) {
            throw new InputException("SCENARIO: the file name is empty; allowed: a scenario file, e.g. "
                    + "scenarios/three-pops.conf");
        }
        Scenario scenario = ScenarioLoader.load(scenarioFile, regionsFile());
        unusedRegions(scenario);
        SweepValues declared = SweepValues.declared(scenarioFile);
        if (declared != null) {
            declared.checkEveryValue(scenarioFile, this::load);
        }
        return scenario;
    }

    /**
     * The scenario as a run loads it, as text for nodes that have none of its files ({@link ScenarioLoader#text}),
     * with {@code seed}, the run's seed, in place of the scenario's.
     */
    ScenarioText text(long seed) {
        return ScenarioLoader.text(scenarioFile, regionsFile(), Map.of(), seed);
    }

    /** The scenario with some settings changed first (a sweep's value). */
    Scenario load(Map<String, String> overrides) {
        return unusedRegions(ScenarioLoader.load(scenarioFile, regionsFile(), overrides));
    }

    private static boolean sameFile(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    // --regions names the file for a scenario that names none: one that names another would leave it unused
    private Scenario unusedRegions(Scenario scenario) {
        if (regions != null && !sameFile(scenario.regionsFile(), regionsFile())) {
            throw new InputException("--regions: " + regions + " would not be used: " + scenarioFile
                    + " names its own regions file, " + scenario.regionsFile() + " (regions-file); allowed: leave "
                    + "--regions out, or take regions-file out of the scenario");
        }
        return scenario;
    }
}
