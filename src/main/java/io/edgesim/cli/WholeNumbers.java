package io.edgesim.cli;

import io.edgesim.scenario.InputException;

/** A flag's whole number from 1 to a most, parsed here rather than by picocli so that a bad one is one line. */
final class WholeNumbers {

    private WholeNumbers() {
    }

    /**
     * {@code text} as a whole number from 1 to {@code most}; otherwise bad input:
     * "FLAG: 'TEXT' is not a number of NOUN" (not a whole number) or "FLAG: N is too few NOUN" / "too many NOUN";
     * "allowed: a whole number from 1 to MOST".
     */
    static int from1To(String flag, String text, int most, String noun) {
        String allowed = "; allowed: a whole number from 1 to " + most;
        java.math.BigInteger value;
        try {
            value = new java.math.BigInteger(text.strip());
        } catch (NumberFormatException e) {
            throw new InputException(flag + ": '" + text + "' is not a number of " + noun + allowed);
        }
        if (value.signum() < 1) {
            throw new InputException(flag + ": " + value + " is too few " + noun + allowed);
        }
        if (value.compareTo(java.math.BigInteger.valueOf(most)) > 0) {
            throw new InputException(flag + ": " + value + " is too many " + noun + allowed);
        }
        return value.intValue();
    }
}
