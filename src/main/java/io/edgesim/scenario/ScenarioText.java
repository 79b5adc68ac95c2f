package io.edgesim.scenario;

import java.util.Objects;

/**
 * A scenario as text, for a process that has none of its files (a cluster node): the scenario with its includes,
 * substitutions and overrides resolved and the run's seed set, and the regions file in force, each one JSON text.
 * Made by {@link ScenarioLoader#text}, read by {@link ScenarioLoader#fromText}. Plain strings, so that it travels in
 * a serialized message as it is.
 *
 * @param origin   the scenario file as the user named it ("scenarios/three-pops.conf"); messages start with it
 * @param scenario the scenario's settings, without {@code regions-file}
 * @param regions  the settings of the regions file in force
 */
public record ScenarioText(String origin, String scenario, String regions) {

    public ScenarioText {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(regions, "regions");
    }
}
