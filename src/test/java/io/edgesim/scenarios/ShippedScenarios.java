package io.edgesim.scenarios;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.nio.file.Path;

/** Loads the scenarios of {@code scenarios/} (tests run in the project folder) and runs them on the virtual engine. */
final class ShippedScenarios {

    static final Path FOLDER = Path.of("scenarios");
    static final Path REGIONS = Path.of("regions.conf");
    static final double NANOS_PER_MS = 1e6;

    private ShippedScenarios() {
    }

    /** Loads {@code scenarios/NAME.conf}. */
    static Scenario load(String name) {
        return ScenarioLoader.load(FOLDER.resolve(name + ".conf"), REGIONS);
    }

    static RunResult run(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }

    static RunResult run(Scenario scenario, DecisionListener listener) {
        return new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST, listener).run();
    }

    /** The result of the limiter called {@code name}. */
    /** The spec of the limiter called {@code name}. */
    static LimiterSpec spec(Scenario scenario, String name) {
        return scenario.limiters().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no limiter '" + name + "' in " + scenario.name()));
    }

    /** The tier settings of stage {@code stage} of limiter {@code name}, as the given type. */
    static <T extends TierSettings> T tier(Scenario scenario, String name, int stage, Class<T> type) {
        return type.cast(spec(scenario, name).stages().get(stage).tier());
    }

    /** A round trip of the scenario's region map, in milliseconds. */
    static double rttMs(Scenario scenario, String from, String to) {
        return scenario.regions().rttNanos(from, to) / NANOS_PER_MS;
    }
}
