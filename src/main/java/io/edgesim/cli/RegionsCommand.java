package io.edgesim.cli;

import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.region.RegionTable;
import io.edgesim.scenario.region.RegionsLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** `edgesim regions`: prints the PoPs and the round-trip matrix, marking estimated pairs. */
@Command(name = "regions", mixinStandardHelpOptions = true,
        description = "Prints the PoPs and the round-trip matrix in ms; * marks great-circle estimates.")
final class RegionsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--regions", paramLabel = "FILE", description = "Regions file. Default: ./regions.conf.")
    Path regions;

    @Override
    public Integer call() {
        Path file = Paths.regionsFile(regions);
        RegionMap map = RegionsLoader.load(file);
        spec.commandLine().getOut().print(RegionTable.format(map));
        return 0;
    }
}
