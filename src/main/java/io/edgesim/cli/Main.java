package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * Entry point of the `edgesim` command. Exit status: 0 success, 2 bad input (one line naming the file or flag, the
 * setting, what is wrong and what is allowed; no stack trace - picocli's own complaints about the command line are
 * rewritten to that form by {@link ParameterErrors}), 1 an internal error or a heap too small for the run (one line
 * saying how to raise it).
 */
@Command(name = "edgesim", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulates rate limiting at the edge: per-PoP counters, Durable Objects and inter-region "
                + "latency, side by side on the same traffic.",
        subcommands = {RunCommand.class, ValidateCommand.class, RegionsCommand.class, SweepCommand.class,
                ReportsCommand.class, BenchCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_INTERNAL = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = execute(args, out, err);
        // autoflush covers println only; commands that print() must still reach the terminal
        out.flush();
        err.flush();
        System.exit(status);
    }

    /** Runs the command line with the given streams and returns the exit status (tests call this). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println("edgesim: " + ParameterErrors.describe(ex));
            return EXIT_BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof InputException) {
                err.println("edgesim: " + ex.getMessage());
                return EXIT_BAD_INPUT;
            }
            throw ex;
        });
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // the heap the launcher gave is too small for this run's keys; nothing was written
            err.println("edgesim: out of memory: the run needs more than the " + Runtime.getRuntime().maxMemory()
                    / (1024 * 1024) + " MiB heap; allowed: a larger heap, e.g. EDGESIM_JAVA_OPTS=-Xmx4g ./edgesim ...");
            return EXIT_INTERNAL;
        }
    }
}
