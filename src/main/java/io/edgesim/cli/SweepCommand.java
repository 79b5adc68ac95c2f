package io.edgesim.cli;

import io.edgesim.engine.virtual.ParallelRuns;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.report.StagedOutput;
import io.edgesim.report.SweepReport;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * `edgesim sweep SCENARIO --param PATH=V1,V2,...`: runs a scenario once per value of one setting on the virtual
 * engine (or N times, with --replications N), the runs in parallel on all cores, and writes a table and charts of
 * requests let through and multiplication per limiter against the value.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Runs a scenario for each value of one setting and writes DIR/sweep.csv, DIR/sweep.md and "
                + "charts.")
final class SweepCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ScenarioInput input;

    @Option(names = "--param", paramLabel = "PATH=VALUES",
            description = "The setting and its values: a comma-separated list (limiters.local.limit=50,100,200; "
                    + "HOCON values, lists in brackets) or an integer range FROM..TO or FROM..TO/STEP "
                    + "(clients.bots.count=1..32/4), each value once. In lists (clients, limiters, chain) name an "
                    + "element by its name or index. name and description cannot be swept. Default: the sweep the "
                    + "scenario declares (sweep = \"PATH=VALUES\" in the file).")
    String param;

    @Option(names = "--seed", paramLabel = "N", description = "Random seed; overrides the scenario's.")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder. Default: reports/<name>-sweep/.")
    Path out;

    @Option(names = "--replications", paramLabel = "N",
            description = "Run every value at seeds seed .. seed+N-1 and show the mean and 95 %% interval of each "
                    + "limiter's figures per value (error bars in the charts). A whole number from "
                    + Replicas.MIN + " to " + Replicas.MAX + ".")
    String replications;


    @Option(names = "--fail-if", paramLabel = "EXPR",
            description = "A threshold on a figure of every value's run, as run's --fail-if (repeatable), e.g. "
                    + "'per-location.multiplication < 2x'. A threshold that fails at a value is one line on "
                    + "standard error naming the value, and the exit status is 3 after the sweep is written.")
    List<String> failIf;

    @Override
    public Integer call() {
        // the file first, then every value, then the thresholds, then the folder: whatever is wrong shows before the first run
        Scenario base = input.load();
        int runs = Replicas.parse(replications, VirtualEngine.NAME);
        SweepValues values = param != null ? SweepValues.param(param) : declaredOrMissing();
        if (seed != null && values.path().equals("seed")) {
            // --seed would set every run's seed and hide the values
            throw new InputException("--seed: given with a sweep of the seed (" + values.where(
                    String.join(",", values.values())) + "), whose values are the runs' seeds; allowed: one of the "
                    + "two");
        }
        if (replications != null && values.path().equals("seed")) {
            // each value's runs would be seeds VALUE to VALUE + N - 1: the values would share most of their runs
            throw new InputException("--replications: given with a sweep of the seed (" + values.where(
                    String.join(",", values.values())) + "): the replications of each value run the seeds from it "
                    + "on, so the values would share runs; allowed: one of the two (the replications are a sweep of "
                    + "the seed)");
        }
        List<Scenario> loaded = values.checkEveryValue(input.scenarioFile, input::load);
        for (Scenario each : loaded) {
            Replicas.requireSeeds(seed != null ? seed : each.seed(), runs);
        }
        // read against the runs the sweep makes: a sweep of limiters may name a limiter the file does not have
        List<Threshold> thresholds = FailIf.parse(failIf, loaded, replications != null);
        Path dir = OutputFolder.prepare("--out", out != null ? out : defaultFolder(base.name()),
                "sweep.csv");
        OutputClash.folderAgainstInputs("--out", dir, ScenarioLoader.inputFiles(base));
        List<Scenario> scenarios = new ArrayList<>();
        for (Scenario scenario : loaded) {
            scenarios.add(seed != null ? scenario.withSeed(seed) : scenario);
        }
        int threads = ParallelRuns.defaultThreads();
        List<RunResult> results = replications == null ? ParallelRuns.each(scenarios, threads)
                : ParallelRuns.replicated(scenarios, runs, threads);
        List<SweepReport.Point> points = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            RunResult result = results.get(i);
            points.add(new SweepReport.Point(values.values().get(i),
                    result.withThresholds(Threshold.check(thresholds, result))));
        }
        // a setting that changed no run, and the notes of the scenarios run, say so in sweep.md too, not only on
        // the console
        String unchanged = SweepEffect.note(values.path(), values.values(), scenarios, results);
        SweepReport report = new SweepReport(values.path(), points, unchanged);
        // written beside its place and moved there whole
        try (StagedOutput staged = StagedOutput.folder(dir)) {
            report.write(staged.path());
            staged.commit();
        } catch (IOException | UncheckedIOException e) {
            throw OutputFolder.cannotWrite("--out", dir,
                    e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e);
        }
        var console = spec.commandLine().getOut();
        console.print(report.text());
        if (unchanged != null) {
            console.printf("%n%s%n", unchanged);
        }
        if (!thresholds.isEmpty()) {
            console.printf("%n%s", report.thresholdsText());
        }
        console.printf("%nwrote %s (%s)%n", dir, String.join(", ", SweepReport.FILES));
        console.flush();
        var err = spec.commandLine().getErr();
        report.failures().forEach(line -> err.println("edgesim: " + line));
        err.flush();
        return report.failures().isEmpty() ? 0 : Main.EXIT_THRESHOLD_FAILED;
    }

    /** Where a sweep of the scenario named {@code name} writes without --out: reports/NAME-sweep. */
    static Path defaultFolder(String name) {
        return Path.of("reports", name + "-sweep");
    }

    private SweepValues declaredOrMissing() {
        SweepValues declared = SweepValues.declared(input.scenarioFile);
        if (declared == null) {
            throw new InputException("--param: missing, and " + input.scenarioFile + " declares no sweep; allowed: "
                    + "--param PATH=VALUES (e.g. limiters.local.limit=50,100,200), or sweep = \"PATH=VALUES\" in "
                    + "the scenario");
        }
        return declared;
    }
}
