package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.scenario.InputException;

import java.math.BigInteger;

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
        String digits = value.strip();
        if (!digits.matches("[-+]?\\d+")) {
            throw new InputException("--replications: '" + value + "' is not a whole number" + allowed);
        }
        // digits of any length: 20 of them are too many runs, not "not a whole number"
        BigInteger n = new BigInteger(digits);
        if (n.signum() < 1) {
            throw new InputException("--replications: " + digits + " is too few runs" + allowed);
        }
        if (n.compareTo(BigInteger.valueOf(MAX)) > 0) {
            throw new InputException("--replications: " + digits + " is too many runs" + allowed);
        }
        return n.intValue();
    }
}
