package io.edgesim.cli;

import io.edgesim.engine.cluster.node.ClusterFailure;
import io.edgesim.scenario.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * Entry point of the `edgesim` command. Exit status: 0 success; 3 a threshold of --fail-if failed (after the report
 * was written, one line per failed threshold); 2 bad input (one line naming the file or flag, the
 * setting, what is wrong and what is allowed - picocli's own complaints about the command line are rewritten to that
 * form by {@link ParameterErrors}); 1 a failure of the environment (an output that cannot be written, a
 * {@link WriteFailure}; a heap too small for the run) or a bug, also one line. No stack trace is printed unless
 * {@code --debug} is given, anywhere on the command line; it then follows the line.
 */
@Command(name = "edgesim", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulates rate limiting at the edge: per-PoP counters, Durable Objects and inter-region "
                + "latency, side by side on the same traffic.",
        subcommands = {RunCommand.class, ValidateCommand.class, RegionsCommand.class, SweepCommand.class,
                ReportsCommand.class, CompareCommand.class, BenchCommand.class, NodeCommand.class,
                ServeCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    public static final int EXIT_BAD_INPUT = 2;
    /** The run was written, and a threshold of --fail-if failed. */
    public static final int EXIT_THRESHOLD_FAILED = 3;
    /** The environment failed (disk full, out of memory) or edgesim has a bug. */
    public static final int EXIT_ENVIRONMENT = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "After the one line of an error, also print its stack trace.")
    boolean debug;

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
        return execute(args, out, err, CommandLine.defaultFactory());
    }

    /** The same with the commands made by {@code factory}: tests use it to put a failing writer in a command. */
    static int execute(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        Main main = new Main();
        CommandLine cli = new CommandLine(main, factory);
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, a) -> {
            err.println("edgesim: " + oneLine(ParameterErrors.describe(ex)));
            return EXIT_BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> fail(ex, main.debug, err));
        try {
            return cli.execute(args);
        } catch (RuntimeException | Error e) {
            // an Error (out of memory, a stack overflow) passes through picocli
            return fail(e, main.debug, err);
        }
    }

    private static int fail(Throwable e, boolean debug, PrintWriter err) {
        int status;
        if (shuttingDown() && !(e instanceof InputException)) {
            // stopped by a signal: what broke is the members or files the stop took away (a member that never
            // started, every PoP gone, Pekko's transport shutting down), not a bug nor the nodes
            err.println("edgesim: stopped (SIGINT or SIGTERM) before the command finished; outputs not yet written "
                    + "were not written");
            status = EXIT_ENVIRONMENT;
        } else if (e instanceof InputException) {
            err.println("edgesim: " + oneLine(e.getMessage()));
            status = EXIT_BAD_INPUT;
        } else if (e instanceof WriteFailure || e instanceof ClusterFailure) {
            err.println("edgesim: " + oneLine(e.getMessage()));
            status = EXIT_ENVIRONMENT;
        } else if (e instanceof OutOfMemoryError) {
            // the heap the launcher gave is too small for this run's keys; nothing was written
            err.println("edgesim: out of memory: the run needs more than the " + Runtime.getRuntime().maxMemory()
                    / (1024 * 1024) + " MiB heap; allowed: a larger heap, e.g. EDGESIM_JAVA_OPTS=-Xmx4g ./edgesim ...");
            status = EXIT_ENVIRONMENT;
        } else {
            // the class name tells a bug report what broke; the trace is behind --debug
            err.println("edgesim: internal error: " + oneLine(String.valueOf(e).replaceAll("\\s*\\R\\s*", " "))
                    + "; a bug in edgesim: please report it with the output of --debug");
            status = EXIT_ENVIRONMENT;
        }
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return status;
    }

    /**
     * Whether the JVM has begun to shut down (a SIGINT or SIGTERM while a command runs): it then takes no more
     * shutdown hooks, so trying to add one tells, the moment the shutdown starts, before any hook has run.
     */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { }, "edgesim-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException shutdownInProgress) {
            return true;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(probe);
        } catch (IllegalStateException shutdownInProgress) {
            // it began in between
            return true;
        }
        return false;
    }

    /**
     * {@code message} with every control character written as an escape (a backslash and r, or a backslash, u and
     * four hex digits): a name quoted from a file may hold a line break, and the error must stay one line.
     */
    static String oneLine(String message) {
        StringBuilder line = new StringBuilder(message.length());
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        return line.toString();
    }
}
