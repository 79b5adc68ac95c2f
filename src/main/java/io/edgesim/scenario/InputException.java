package io.edgesim.scenario;

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
}
