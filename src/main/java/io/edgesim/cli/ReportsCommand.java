package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** `edgesim reports`: regenerates reports/ from scenarios/ on the virtual engine, or checks it is current. */
@Command(name = "reports", mixinStandardHelpOptions = true,
        description = "Regenerates reports/NAME/ for every scenarios/*.conf (virtual engine); with --check, only "
                + "reports what would change and exits 1 if anything would.")
final class ReportsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--check", description = "Change nothing; list report files that are missing, out of date or "
            + "empty (charts), and folders and files no scenario produces.")
    boolean check;

    @Option(names = "--scenarios", paramLabel = "DIR", defaultValue = "scenarios",
            description = "Scenario folder. Default: ${DEFAULT-VALUE}.")
    Path scenarios;

    @Option(names = "--reports", paramLabel = "DIR", defaultValue = "reports",
            description = "Reports folder. Default: ${DEFAULT-VALUE}.")
    Path reports;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Path regions = Paths.defaultRegionsFile();
        checkScenarios();
        if (reports.toAbsolutePath().normalize().equals(scenarios.toAbsolutePath().normalize())) {
            // the report folders would be written among the scenario files, and --check would pass over them
            throw new InputException("--reports: " + reports + " is the --scenarios folder; allowed: a folder of its "
                    + "own for the reports, e.g. reports");
        }
        if (check) {
            if (Files.exists(reports) && !Files.isDirectory(reports)) {
                throw new InputException("--reports: " + reports + " is a file, not a folder; allowed: the folder "
                        + "of committed reports");
            }
            List<String> differences;
            try {
                differences = ShippedReports.differences(scenarios, reports, regions);
            } catch (IOException e) {
                throw new InputException("--reports: cannot read " + reports + ": " + OutputFolder.reason(e));
            }
            differences.forEach(out::println);
            out.println(differences.isEmpty() ? "reports are current" : differences.size() + " difference(s): run "
                    + "./edgesim reports and delete what no scenario produces");
            out.flush();
            return differences.isEmpty() ? 0 : 1;
        }
        OutputFolder.prepare("--reports", reports);
        List<Path> written;
        try {
            written = ShippedReports.regenerate(scenarios, reports, regions);
        } catch (IOException e) {
            throw OutputFolder.cannotWrite("--reports", reports, e);
        }
        for (Path dir : written) {
            out.println("wrote " + dir);
        }
        out.flush();
        return 0;
    }

    // a folder with at least one scenario: an empty one would check nothing and call that current
    private void checkScenarios() {
        String allowed = "; allowed: a folder holding scenario files (*.conf)";
        if (!Files.isDirectory(scenarios)) {
            throw new InputException("--scenarios: " + scenarios + (Files.exists(scenarios) ? " is a file, not a folder"
                    : " does not exist") + allowed);
        }
        try {
            if (ShippedReports.scenarios(scenarios).isEmpty()) {
                throw new InputException("--scenarios: " + scenarios + " holds no scenario file" + allowed);
            }
        } catch (IOException e) {
            throw new InputException("--scenarios: cannot read " + scenarios + ": " + OutputFolder.reason(e) + allowed);
        }
    }
}
