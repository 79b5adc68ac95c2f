package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.report.ConsoleReport;
import io.edgesim.report.DecisionsCsv;
import io.edgesim.report.ReportWriter;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** `edgesim run SCENARIO`: runs a scenario, prints a table per limiter and writes the report folder. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a scenario and writes DIR/result.json, DIR/report.md and DIR/by-region.csv.")
final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "SCENARIO", description = "Scenario file (HOCON), e.g. scenarios/three-pops.conf.")
    Path scenarioFile;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "virtual",
            description = "virtual (deterministic, virtual time) or cluster (Pekko cluster, real time). "
                    + "Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed; overrides the scenario's.")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Report folder. Default: reports/<scenario name>/.")
    Path out;

    @Option(names = "--decisions", paramLabel = "FILE",
            description = "Also write one CSV row per request per limiter to FILE.")
    Path decisions;

    @Option(names = "--regions", paramLabel = "FILE",
            description = "regions.conf to use when the scenario names none. Default: ./regions.conf.")
    Path regions;

    @Override
    public Integer call() throws IOException {
        if (!engine.equals(VirtualEngine.NAME)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--engine: '" + engine + "' is not an engine; allowed: virtual");
        }
        Scenario scenario = ScenarioLoader.load(scenarioFile, regions != null ? regions : Paths.defaultRegionsFile());
        if (seed != null) {
            scenario = scenario.withSeed(seed);
        }
        long started = System.nanoTime();
        RunResult result;
        try (DecisionListener listener = decisions == null ? DecisionListener.NONE : openDecisions()) {
            result = new VirtualEngine(scenario, listener).run();
        }
        double wallSeconds = (System.nanoTime() - started) / 1e9;
        Path dir = out != null ? out : Path.of("reports", scenario.name());
        ReportWriter.write(result, dir);
        var console = spec.commandLine().getOut();
        console.print(ConsoleReport.render(result));
        console.printf("%nwrote %s (result.json, report.md, by-region.csv)%s in %.2f s of wall time%n", dir,
                decisions == null ? "" : " and " + decisions, wallSeconds);
        console.flush();
        return 0;
    }

    private DecisionListener openDecisions() {
        try {
            return new DecisionsCsv(decisions);
        } catch (IOException e) {
            throw new InputException("--decisions: cannot write " + decisions + ": " + e.getMessage());
        }
    }
}
