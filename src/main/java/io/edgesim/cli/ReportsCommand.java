package io.edgesim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
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

    @Option(names = "--check", description = "Change nothing; list reports that are missing or out of date.")
    boolean check;

    @Option(names = "--scenarios", paramLabel = "DIR", defaultValue = "scenarios",
            description = "Scenario folder. Default: ${DEFAULT-VALUE}.")
    Path scenarios;

    @Option(names = "--reports", paramLabel = "DIR", defaultValue = "reports",
            description = "Reports folder. Default: ${DEFAULT-VALUE}.")
    Path reports;

    @Override
    public Integer call() throws IOException {
        var out = spec.commandLine().getOut();
        Path regions = Paths.defaultRegionsFile();
        if (check) {
            List<String> differences = ShippedReports.differences(scenarios, reports, regions);
            differences.forEach(out::println);
            out.println(differences.isEmpty() ? "reports are current" : differences.size() + " file(s) out of date; "
                    + "run ./edgesim reports");
            out.flush();
            return differences.isEmpty() ? 0 : 1;
        }
        for (Path dir : ShippedReports.regenerate(scenarios, reports, regions)) {
            out.println("wrote " + dir);
        }
        out.flush();
        return 0;
    }
}
