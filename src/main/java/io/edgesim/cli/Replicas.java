package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.scenario.InputException;

import java.math.BigInteger;

/** The --replications flag of `run` and `sweep`: how many seeds to run, checked into one line when bad. */
final class Replicas {

    /** The most runs one --replications asks for. */
    static final int MAX = 1000;

    /**
     * The fewest: an interval of the mean that stays within the runs' range (Interval) covers the mean at most
     * 1 - 2^(1 - n) of the time (50 % with 2 runs, 75 % with 3, 94 % with 5), and about 95 % from 10 runs on.
     */
    static final int MIN = 10;

    private Replicas() {
    }

    /**
     * Fails when {@code runs} runs from {@code seed} (seeds seed to seed + runs - 1) would pass the largest seed and
     * wrap around to negative ones.
     */
    static void requireSeeds(long seed, int runs) {
        if (runs > 1 && seed > Long.MAX_VALUE - (runs - 1)) {
            throw new InputException("--replications: " + runs + " runs from seed " + seed + " would pass the largest "
                    + "seed, " + Long.MAX_VALUE + "; allowed: a seed of at most " + (Long.MAX_VALUE - (runs - 1))
                    + " for " + runs + " runs");
        }
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
        String allowed = "; allowed: a whole number from " + MIN + " to " + MAX + ", e.g. 20";
        String digits = value.strip();
        if (!digits.matches("[-+]?\\d+")) {
            throw new InputException("--replications: '" + value + "' is not a whole number" + allowed);
        }
        // digits of any length: 20 of them are too many runs, not "not a whole number"
        BigInteger n = new BigInteger(digits);
        if (n.signum() < 1) {
            throw new InputException("--replications: " + digits + " is too few runs" + allowed);
        }
        if (n.compareTo(BigInteger.valueOf(MIN)) < 0) {
            // from 6 runs on, the range itself covers the mean often enough; the bootstrap's interval within it
            // is what is not known to
            String why = n.intValue() == 1 ? "one run has none" : 1 - Math.pow(2, 1 - n.intValue()) < 0.95
                    ? "an interval within the runs' range covers the mean at most " + coverage(n.intValue())
                    + " of the time with " + digits
                    : "below " + MIN + " runs the bootstrap's interval of a skewed figure is not known to cover its "
                    + "mean 95 % of the time";
            throw new InputException("--replications: " + digits + " is too few runs for a 95 % interval (" + why
                    + "; a run without --replications gives one seed's figures)" + allowed);
        }
        if (n.compareTo(BigInteger.valueOf(MAX)) > 0) {
            throw new InputException("--replications: " + digits + " is too many runs" + allowed);
        }
        return n.intValue();
    }

    // 1 - 2^(1 - n): the chance that the mean lies between the smallest and the largest of n runs (symmetric figures)
    private static String coverage(int n) {
        return Math.round(100 * (1 - Math.pow(2, 1 - n))) + " %";
    }
}
