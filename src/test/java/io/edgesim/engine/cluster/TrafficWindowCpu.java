package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.ClusterBenchmarks.Ticks;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The CPU some processes used over a cluster run's traffic window, for {@link MultiProcessBenchmark}: a thread polls
 * the run's progress ({@link ClusterEngine#progress}) every 5 ms and reads every process's user plus system time
 * from /proc/PID/stat when it first sees the scenario clock past 0 in phase "running" (the first request is due) and
 * again when it first sees the phase "stopping" or "done" (every decision recorded). The shard and traffic warm-ups
 * before the window, and the finish after it, are not counted.
 */
final class TrafficWindowCpu implements AutoCloseable {

    private static final long POLL_NANOS = 5_000_000L;

    private final Supplier<RunProgress> progress;
    private final List<Long> pids;
    private final Ticks ticks;
    private final Thread sampler;
    private volatile Snapshot start;
    private volatile Snapshot end;

    /** CPU time of every process (nanoseconds, in the order of the pids) at one instant (System.nanoTime). */
    private record Snapshot(long wallNanos, long[] cpuNanos) {
    }

    /**
     * The CPU per process over a window: {@code cpuNanos[i]} of {@code pids[i]} in {@code wallNanos} of wall time.
     */
    record Window(long wallNanos, long[] cpuNanos) {

        /** Process i's CPU in cores: CPU seconds per second of the window. */
        double cores(int i) {
            return cpuNanos[i] / (double) wallNanos;
        }
    }

    private TrafficWindowCpu(Supplier<RunProgress> progress, List<Long> pids, Ticks ticks) {
        this.progress = progress;
        this.pids = List.copyOf(pids);
        this.ticks = ticks;
        this.sampler = new Thread(this::sample, "traffic-window-cpu");
        sampler.setDaemon(true);
    }

    /** Starts watching {@code progress} (a run's, before the run starts) for the CPU of {@code pids}. */
    static TrafficWindowCpu watch(Supplier<RunProgress> progress, List<Long> pids, Ticks ticks) {
        TrafficWindowCpu cpu = new TrafficWindowCpu(progress, pids, ticks);
        cpu.sampler.start();
        return cpu;
    }

    private void sample() {
        while (!Thread.currentThread().isInterrupted()) {
            RunProgress now = progress.get();
            boolean over = now.phase().equals("stopping") || now.phase().equals("done");
            if (start == null && now.phase().equals("running") && now.scenarioNanos() > 0) {
                start = snapshot();
            } else if (over) {
                if (start != null) {
                    end = snapshot();
                }
                return;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private Snapshot snapshot() {
        long[] cpu = new long[pids.size()];
        for (int p = 0; p < cpu.length; p++) {
            cpu[p] = ClusterBenchmarks.processCpuNanos(pids.get(p), ticks);
        }
        return new Snapshot(System.nanoTime(), cpu);
    }

    /**
     * The window, once the run is over (its phase "stopping" or "done").
     *
     * @throws IllegalStateException when the sampler did not see the traffic start and end
     */
    Window window() {
        try {
            sampler.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the CPU sampler", e);
        }
        Snapshot first = start;
        Snapshot last = end;
        if (first == null || last == null) {
            throw new IllegalStateException("the CPU sampler did not see the run's traffic " + (first == null
                    ? "start (phase running, scenario time past 0)" : "end (phase stopping or done)"));
        }
        long[] used = new long[pids.size()];
        for (int p = 0; p < used.length; p++) {
            used[p] = last.cpuNanos()[p] - first.cpuNanos()[p];
        }
        return new Window(last.wallNanos() - first.wallNanos(), used);
    }

    /** Stops the sampler (a run that failed never reaches "stopping"). */
    @Override
    public void close() {
        sampler.interrupt();
    }
}
