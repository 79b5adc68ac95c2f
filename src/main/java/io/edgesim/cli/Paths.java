package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.region.RegionsLoader;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the command line finds regions.conf when neither the scenario nor a flag names one. */
final class Paths {

    private Paths() {
    }

    private static final String REGIONS_ALLOWED = "a regions file, e.g. regions.conf or regions/cloudflare.conf, "
            + "or leave --regions out for the default regions.conf";

    /** {@code --regions FILE} when given (a file that can be read), else {@link #defaultRegionsFile()}. */
    static Path regionsFile(Path flag) {
        if (flag == null) {
            return defaultRegionsFile();
        }
        if (flag.toString().isEmpty()) {
            throw new InputException("--regions: the file name is empty; allowed: " + REGIONS_ALLOWED);
        }
        String problem = RegionsLoader.fileProblem(flag);
        if (problem != null) {
            throw new InputException("--regions: " + flag + ": " + problem
                    + (problem.contains("; allowed: ") ? "" : "; allowed: " + REGIONS_ALLOWED));
        }
        return flag;
    }

    /**
     * ./regions.conf when it exists, else regions.conf in EDGESIM_HOME (set by the launcher to the project folder),
     * else that of the project folder whose target/ holds the running jar ({@code java -jar
     * edgesim/target/edgesim.jar} run from another folder), else ./regions.conf (whose absence is then reported as a
     * missing file).
     */
    static Path defaultRegionsFile() {
        Path local = Path.of("regions.conf");
        if (Files.exists(local)) {
            return local;
        }
        String home = System.getenv("EDGESIM_HOME");
        if (home != null && Files.exists(Path.of(home, "regions.conf"))) {
            return Path.of(home, "regions.conf");
        }
        Path project = projectOfJar();
        if (project != null && Files.exists(project.resolve("regions.conf"))) {
            return project.resolve("regions.conf");
        }
        return local;
    }

    // the folder above target/ when the code runs from target/edgesim.jar (or target/classes), else null
    private static Path projectOfJar() {
        try {
            Path code = Path.of(Paths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = code.getParent();
            return target != null && target.getFileName() != null && target.getFileName().toString().equals("target")
                    ? target.getParent() : null;
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
