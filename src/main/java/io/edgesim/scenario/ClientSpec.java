package io.edgesim.scenario;

/**
 * A source of requests in a scenario: a population of clients, or a recorded trace.
 */
public sealed interface ClientSpec permits ClientSpec.Population, ClientSpec.Trace {

    /** Unique name within the scenario; limiters can be restricted to some clients by it. */
    String name();

    /** A population of {@code count} clients built from one description (filled in by the scenario issue). */
    record Population(String name, int count) implements ClientSpec {
    }

    /** Replay of a recorded trace file (CSV). */
    record Trace(String name, java.nio.file.Path file) implements ClientSpec {
    }
}
