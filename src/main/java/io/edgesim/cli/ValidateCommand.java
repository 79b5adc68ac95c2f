package io.edgesim.cli;

import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioWarnings;
import io.edgesim.scenario.region.RegionSummary;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * `edgesim validate SCENARIO`: checks a scenario without running it, and says in one more line when the sweep it
 * declares changes no run ({@link SweepEffect#overridden}).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks a scenario file (and the regions file it uses) without running it.")
final class ValidateCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ScenarioInput input;


    @Override
    public Integer call() {
        Scenario scenario = input.load();
        spec.commandLine().getOut().printf("%s: ok - scenario %s, %d client source(s), %d limiter(s), regions %s%n",
                input.scenarioFile, scenario.name(), scenario.clients().size(), scenario.limiters().size(),
                regions(scenario));
        ScenarioWarnings.of(scenario).forEach((setting, text) -> spec.commandLine().getOut()
                .printf("%s: note: %s: %s%n", input.scenarioFile, setting, text));
        SweepValues declared = SweepValues.declared(input.scenarioFile);
        if (declared != null) {
            String why = SweepEffect.overridden(declared.path(),
                    declared.checkEveryValue(input.scenarioFile, input::load));
            if (why != null) {
                spec.commandLine().getOut().printf("%s: %s changes no run: %s%n", declared.origin(), declared.path(),
                        why);
            }
        }
        return 0;
    }

    // the regions by name, or for more than a matrix shows, how many and from which file
    private static String regions(Scenario scenario) {
        List<String> pops = scenario.pops();
        return pops.size() > RegionSummary.MATRIX_LIMIT ? pops.size() + " of " + scenario.regionsFile()
                : String.join(", ", pops);
    }
}
