package io.edgesim.scenario;

import io.edgesim.scenario.config.Suggestion;

import java.util.Collection;

/**
 * Bad user input: a scenario, regions.conf, a trace or a flag. Its message is the one line the user sees:
 * "FILE: SETTING: what is wrong; allowed: ...". The command line prints it and exits with status 2.
 */
public final class InputException extends RuntimeException {

    public InputException(String message) {
        super(message);
    }

    /** "file: setting: problem" (the setting may be null for whole-file problems). */
    public static InputException at(String file, String setting, String problem) {
        return new InputException(setting == null ? file + ": " + problem : file + ": " + setting + ": " + problem);
    }

    /**
     * "; did you mean `pops-per-key`?" when a name of {@code known} is close to {@code written}, else "": the rule
     * scenario files use ({@link Suggestion}), for names outside them (a --fail-if threshold's limiter or figure).
     */
    public static String didYouMean(String written, Collection<String> known) {
        return Suggestion.didYouMean(written, known);
    }

    /** The name of {@code known} close to {@code written} by the same rule, or null: a command line's flags. */
    public static String closest(String written, Collection<String> known) {
        return Suggestion.closest(written, known);
    }
}
