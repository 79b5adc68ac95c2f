package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** `edgesim validate SCENARIO`: checks a scenario without running it. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks a scenario file (and the regions file it uses) without running it.")
final class ValidateCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "SCENARIO", description = "Scenario file (HOCON).")
    Path scenarioFile;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "regions.conf to use when the scenario names none. Default: ./regions.conf.")
    Path regions;

    @Override
    public Integer call() {
        Scenario scenario = ScenarioLoader.load(scenarioFile, regions != null ? regions : Paths.defaultRegionsFile());
        spec.commandLine().getOut().printf("%s: ok - scenario %s, %d client source(s), %d limiter(s), regions %s%n",
                scenarioFile, scenario.name(), scenario.clients().size(), scenario.limiters().size(),
                String.join(", ", scenario.pops()));
        return 0;
    }
}
