package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.scenario.InputException;

/** The --replications flag of `run` and `sweep`: how many seeds to run, checked into one line when bad. */
final class Replicas {

    /** The most runs one --replications asks for. */
    static final int MAX = 1000;

    private Replicas() {
    }

    /**
     * The number of runs {@code value} asks for; 1 when the flag is absent. Parsed here, not by picocli, so that a
     * bad value is one line like every other bad input.
     */
    static int parse(String value, String engine) {
        if (value == null) {
            return 1;
        }
        if (!engine.equals(VirtualEngine.NAME)) {
            throw new InputException("--replications: the " + engine + " engine runs one scenario at a time in real "
                    + "time; allowed with the virtual engine only: leave --engine out or --replications out");
        }
        String allowed = "; allowed: a whole number from 1 to " + MAX + ", e.g. 20";
        long n;
        try {
            n = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            if (value.strip().matches("-?\\d+")) {
                // digits beyond a long
                n = value.strip().startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
            } else {
                throw new InputException("--replications: '" + value + "' is not a whole number" + allowed);
            }
        }
        if (n < 1) {
            throw new InputException("--replications: " + value.strip() + " is too few runs" + allowed);
        }
        if (n > MAX) {
            throw new InputException("--replications: " + value.strip() + " is too many runs" + allowed);
        }
        return (int) n;
    }
}
