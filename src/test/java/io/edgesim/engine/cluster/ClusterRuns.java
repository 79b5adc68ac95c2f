package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.scenario.ScenarioText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
        return shipped(name, Map.of());
    }

    /** A shipped scenario with {@code overrides} applied (paths and values as a sweep's {@code --param} takes them). */
    static Scenario shipped(String name, Map<String, String> overrides) {
        return ScenarioLoader.load(Path.of("scenarios", name + ".conf"), REGIONS, overrides);
    }

    static RunResult virtual(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }

    static RunResult cluster(Scenario scenario, double speed) {
        return cluster(scenario, Map.of(), speed);
    }

    /** The cluster run of {@code scenario}, loaded from its file with {@code overrides}, on the default members. */
    static RunResult cluster(Scenario scenario, Map<String, String> overrides, double speed) {
        ClusterSettings settings = ClusterSettings.load();
        return engine(scenario, overrides, DecisionListener.NONE, speed, settings, settings.members()).run();
    }

    /** The cluster engine for {@code scenario}, its members in this process, as many as the settings say. */
    static ClusterEngine engine(Scenario scenario, DecisionListener listener, double speed) {
        ClusterSettings settings = ClusterSettings.load();
        return engine(scenario, listener, speed, settings, settings.members());
    }

    /** The same with {@code members} members. */
    static ClusterEngine engine(Scenario scenario, DecisionListener listener, double speed, ClusterSettings settings,
                                int members) {
        return engine(scenario, Map.of(), listener, speed, settings, members);
    }

    /** The same for {@code scenario} loaded from its file with {@code overrides}. */
    static ClusterEngine engine(Scenario scenario, Map<String, String> overrides, DecisionListener listener,
                                double speed, ClusterSettings settings, int members) {
        return new ClusterEngine(scenario, text(scenario, overrides), listener, speed, settings,
                new ClusterEngine.InProcess(members));
    }

    /** {@code scenario} as text, read again from its files with the {@code overrides} it was loaded with. */
    static ScenarioText text(Scenario scenario, Map<String, String> overrides) {
        return ScenarioLoader.text(scenario.source(), scenario.regionsFile(), overrides, scenario.seed());
    }

    /** A round trip of the scenario's regions, milliseconds. */
    static double rttMs(Scenario scenario, String from, String to) {
        return scenario.regions().rttNanos(from, to) / NANOS_PER_MS;
    }
}
