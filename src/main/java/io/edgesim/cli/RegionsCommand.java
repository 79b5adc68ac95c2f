package io.edgesim.cli;

import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.region.RegionSummary;
import io.edgesim.scenario.region.RegionTable;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.region.RegionsLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * `edgesim regions`: prints the PoPs and the round-trip matrix, marking estimated pairs; a file of more than
 * {@link RegionSummary#MATRIX_LIMIT} PoPs is summarised by area unless {@code --matrix} asks for the matrix.
 */
@Command(name = "regions", mixinStandardHelpOptions = true,
        description = "Prints the PoPs and the round-trip matrix in ms; * marks great-circle estimates. A file of "
                + "more than " + RegionSummary.MATRIX_LIMIT + " PoPs is summarised by Durable Object area instead.")
final class RegionsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--regions", paramLabel = "FILE", description = "Regions file. Default: ./regions.conf, else the "
            + "regions.conf of the edgesim folder the launcher runs from or whose target/ holds the jar.")
    Path regions;

    @Option(names = "--matrix", description = "Print every PoP and the round-trip matrix, however many PoPs.")
    boolean matrix;

    @Override
    public Integer call() {
        Path file = Paths.regionsFile(regions);
        if (regions == null && "no such file".equals(RegionsLoader.fileProblem(file))) {
            throw new InputException("--regions: missing, and the default " + file.toAbsolutePath().normalize()
                    + " does not exist; allowed: --regions FILE, or a folder with regions.conf to run from");
        }
        RegionMap map = RegionsLoader.load(file);
        boolean summary = !matrix && RegionSummary.summarised(map);
        spec.commandLine().getOut().print(summary ? RegionSummary.format(map) : RegionTable.format(map));
        return 0;
    }
}
