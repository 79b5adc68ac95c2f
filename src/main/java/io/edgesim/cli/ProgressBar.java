package io.edgesim.cli;

import io.edgesim.engine.cluster.RunProgress;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A one-line progress bar redrawn on standard error while a cluster run goes on: the phase, scenario time elapsed of
 * the total, requests fed and decisions that let a request through. Drawn only when the process has a terminal
 * ({@link System#console()}); otherwise (output piped or redirected, a test) it prints nothing. Its own daemon thread
 * redraws it every {@value #REDRAW_MILLIS} ms until {@link #close()}, which erases it.
 */
final class ProgressBar implements AutoCloseable {

    private static final long REDRAW_MILLIS = 200;
    private static final int WIDTH = 30;

    private final Supplier<RunProgress> progress;
    private final PrintWriter terminal;
    private final Thread thread;
    private volatile boolean running = true;

    private ProgressBar(Supplier<RunProgress> progress, PrintWriter terminal) {
        this.progress = progress;
        this.terminal = terminal;
        this.thread = new Thread(this::redraw, "edgesim-progress");
        thread.setDaemon(true);
    }

    /** A bar for {@code progress} drawn on {@code err} (standard error), only when there is a terminal. */
    static ProgressBar start(Supplier<RunProgress> progress, PrintWriter err) {
        ProgressBar bar = new ProgressBar(progress, onTerminal() ? err : null);
        if (bar.terminal != null) {
            bar.thread.start();
        }
        return bar;
    }

    /** The text of the bar for {@code at}: "running [#####-----]  12.3 / 60.0 s  requests 184  accepted 100". */
    static String render(RunProgress at) {
        double fraction = at.durationNanos() == 0 ? 1 : at.scenarioNanos() / (double) at.durationNanos();
        int filled = (int) Math.round(Math.max(0, Math.min(1, fraction)) * WIDTH);
        return String.format(Locale.ROOT, "%-8s [%s%s] %7.1f / %.1f s  requests %,d  accepted %,d", at.phase(),
                "#".repeat(filled), "-".repeat(WIDTH - filled), at.scenarioNanos() / 1e9, at.durationNanos() / 1e9,
                at.requests(), at.accepted());
    }

    @Override
    public void close() {
        if (terminal == null) {
            return;
        }
        running = false;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        terminal.print("\r\033[2K");
        terminal.flush();
    }

    private void redraw() {
        while (running) {
            terminal.print("\r\033[2K" + render(progress.get()));
            terminal.flush();
            try {
                Thread.sleep(REDRAW_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    // System.console() is null when a standard stream is redirected; from Java 22 on it may exist anyway, and
    // Console.isTerminal() tells
    private static boolean onTerminal() {
        Object console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = console.getClass().getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
