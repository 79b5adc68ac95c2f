package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loading scenarios and running them on either engine, for the tests of this package (run in the project folder). */
final class ClusterRuns {

    static final Path REGIONS = Path.of("regions.conf");
    static final double NANOS_PER_MS = 1e6;

    private ClusterRuns() {
    }

    /** Writes {@code text} to {@code dir}/scenario.conf and loads it with the project's regions.conf. */
    static Scenario load(Path dir, String text) throws IOException {
        Path file = dir.resolve("scenario.conf");
        Files.writeString(file, text);
        return ScenarioLoader.load(file, REGIONS);
    }

    static Scenario shipped(String name) {
        return ScenarioLoader.load(Path.of("scenarios", name + ".conf"), REGIONS);
    }

    static RunResult virtual(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }

    static RunResult cluster(Scenario scenario, double speed) {
        return new ClusterEngine(scenario, DecisionListener.NONE, speed, ClusterSettings.load()).run();
    }

    static LimiterResult limiter(RunResult result, String name) {
        return result.limiters().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no limiter '" + name + "' in " + result.scenario()));
    }

    /** A round trip of the scenario's regions, milliseconds. */
    static double rttMs(Scenario scenario, String from, String to) {
        return scenario.regions().rttNanos(from, to) / NANOS_PER_MS;
    }
}
