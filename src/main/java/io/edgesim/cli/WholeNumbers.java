package io.edgesim.cli;

import io.edgesim.scenario.InputException;

/** A flag's whole number from 1 to a most, parsed here rather than by picocli so that a bad one is one line. */
final class WholeNumbers {

    private WholeNumbers() {
    }

    /**
     * {@code text} as a whole number from 1 to {@code most}; otherwise bad input:
     * "FLAG: 'TEXT' is not a number of NOUN; allowed: a whole number from 1 to MOST".
     */
    static int from1To(String flag, String text, int most, String noun) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            value = 0;
        }
        if (value < 1 || value > most) {
            throw new InputException(flag + ": '" + text + "' is not a number of " + noun + "; allowed: a whole "
                    + "number from 1 to " + most);
        }
        return value;
    }
}
