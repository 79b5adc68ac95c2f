package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Map;

/** The scenario argument and --regions option that run, validate, sweep and bench share (a picocli mixin). */
final class ScenarioInput {

    @Parameters(paramLabel = "SCENARIO", description = "Scenario file (HOCON), e.g. scenarios/three-pops.conf.")
    Path scenarioFile;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "regions.conf to use when the scenario names none. Default: ./regions.conf.")
    Path regions;

    /** The regions file in force when the scenario names none. */
    Path regionsFile() {
        return regions != null ? regions : Paths.defaultRegionsFile();
    }

    Scenario load() {
        return ScenarioLoader.load(scenarioFile, regionsFile());
    }

    /** The scenario with some settings changed first (a sweep's value). */
    Scenario load(Map<String, String> overrides) {
        return ScenarioLoader.load(scenarioFile, regionsFile(), overrides);
    }
}
