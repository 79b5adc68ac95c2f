package io.edgesim.scenario;

/** How a client spaces its requests. */
public enum Arrival {
    /** Evenly spaced at the current rate; each client starts at a random phase so clients do not send in lockstep. */
    CONSTANT("constant"),
    /** A Poisson process at the current rate (exponential gaps). */
    POISSON("poisson");

    private final String configName;

    Arrival(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** The arrival named {@code name} in a scenario file, or null when there is none. */
    static Arrival byName(String name) {
        for (Arrival a : values()) {
            if (a.configName.equals(name)) {
                return a;
            }
        }
        return null;
    }
}
