package io.edgesim.cli;

/**
 * An output that could not be written although the flag naming it passed every check before the run: the disk is
 * full, an I/O error, a name the file system refuses. It is the environment's fault, not the input's, so the command
 * line exits 1 (bad input exits 2). Its message is the one line the user sees: the flag, the path, why, and that the
 * previous output is as it was.
 */
final class WriteFailure extends RuntimeException {

    /** {@code cause} is the I/O error, for --debug's stack trace. */
    WriteFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
