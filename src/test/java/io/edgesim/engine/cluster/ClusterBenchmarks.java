package io.edgesim.engine.cluster;

import com.sun.management.OperatingSystemMXBean;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.result.ClusterRun.Lateness;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the cluster benchmarks run by hand ({@link FidelityBenchmark}, {@link MultiProcessBenchmark}) measure the same
 * way: the rate a run achieved, how late it delivered, a cluster's formation, the CPU and memory of a process, the
 * machine's load.
 */
final class ClusterBenchmarks {

    private static final Pattern HEAP_USED = Pattern.compile("garbage-first heap +total \\d+K, used (\\d+)K");
    private static final Pattern VM_RSS = Pattern.compile("VmRSS:\\s+(\\d+) kB");

    private ClusterBenchmarks() {
    }

    /** A comma-separated list of requests per second. */
    static long[] rates(String csv) {
        return Arrays.stream(csv.split(",")).mapToLong(Long::parseLong).toArray();
    }

    /**
     * Requests per second of the run's first limiter: its requests over the wall time of the traffic, less the
     * longest round trip from a PoP to {@code home} (the traffic's wall time ends with the last request's round trip);
     * below the asked rate when the engine fell behind.
     */
    static double achievedPerSecond(Scenario scenario, RunResult result, Fidelity fidelity, String home) {
        long longestRoundTripNanos = scenario.pops().stream()
                .mapToLong(pop -> scenario.regions().rttNanos(pop, home)).max().orElse(0);
        return firstLimiter(result).totals().sent()
                / ((fidelity.traffic().toNanos() - longestRoundTripNanos) / 1e9);
    }

    static LimiterResult firstLimiter(RunResult result) {
        return result.limiters().get(0);
    }

    /** p50, p99 and max in ms, each in a column of 7. */
    static String columns(Lateness lateness) {
        return String.format(Locale.ROOT, "%8.3f %7.3f %7.3f", lateness.p50Ms(), lateness.p99Ms(), lateness.maxMs());
    }

    /** The machine's load average over the last minute. */
    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * Starts a cluster of {@code regions} in this JVM on {@code members} members (a run's coordinator member, then
     * the members holding the regions, with the run hosts installed), prints how long it took until every member
     * was Up and to shut down, and returns the time to Up.
     */
    static Duration timeFormation(ClusterSettings settings, List<String> regions, int members) {
        long start = System.nanoTime();
        JoinedCluster cluster = JoinedCluster.inProcess(settings, system -> RunHost.install(system, settings));
        List<List<String>> packed = MemberRegions.pack(regions, members);
        List<StandaloneNode> started = cluster.startMembers(packed, "formation: ", "fewer members");
        Duration formation = Duration.ofNanos(System.nanoTime() - start);
        long closeStart = System.nanoTime();
        cluster.stopMembers(started);
        cluster.close();
        System.out.printf(Locale.ROOT, "%d regions on %d members (+ coordinator): Up in %d ms, shut down in %d ms "
                        + "(load %.2f)%n", regions.size(), packed.size(), formation.toMillis(),
                (System.nanoTime() - closeStart) / 1_000_000, loadAverage());
        return formation;
    }

    /** CPU time this process has used, in nanoseconds. */
    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** CPU time (user and system) process {@code pid} has used, in nanoseconds, from /proc/PID/stat. */
    static long processCpuNanos(long pid, Ticks ticks) {
        return ticks.nanos(cpuTicks(read(Path.of("/proc", Long.toString(pid), "stat"))));
    }

    /** User plus system CPU time (utime + stime) of a /proc/PID/stat line, in clock ticks. */
    static long cpuTicks(String stat) {
        // the command name in parentheses may hold spaces and parentheses: count fields after the last ')'
        String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split(" +");
        // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /**
     * The clock ticks per second in which /proc/PID/stat counts CPU time, and where that number comes from:
     * {@code getconf CLK_TCK}, or 100 (Linux's USER_HZ on common architectures) assumed when getconf gives no number.
     */
    record Ticks(long perSecond, String source) {

        static final long ASSUMED_PER_SECOND = 100;

        /** Asks {@code getconf CLK_TCK}. */
        static Ticks read() {
            try {
                Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String output = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!getconf.waitFor(10, TimeUnit.SECONDS)) {
                    getconf.destroyForcibly();
                    return assumed("getconf CLK_TCK did not end within 10 s");
                }
                return of(output, getconf.exitValue());
            } catch (IOException e) {
                return assumed("cannot run getconf CLK_TCK: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return assumed("interrupted while running getconf CLK_TCK");
            }
        }

        /** From getconf's output and exit status. */
        static Ticks of(String output, int exitStatus) {
            String value = output.trim();
            if (exitStatus == 0 && value.matches("[1-9][0-9]{0,8}")) {
                return new Ticks(Long.parseLong(value), "getconf CLK_TCK");
            }
            return assumed("getconf CLK_TCK gave '" + value + "', exit status " + exitStatus);
        }

        private static Ticks assumed(String why) {
            return new Ticks(ASSUMED_PER_SECOND, "assumed: " + why);
        }

        long nanos(long ticks) {
            return ticks * 1_000_000_000L / perSecond;
        }

        @Override
        public String toString() {
            return perSecond + " ticks/s (" + source + ")";
        }
    }

    /** A JVM's heap used after a full collection and its resident set, in KiB. */
    record Memory(long heapAfterGcKib, long rssKib) {

        Memory dividedBy(int parts) {
            return new Memory(heapAfterGcKib / parts, rssKib / parts);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "heap after GC %,7.1f MiB, RSS %,7.1f MiB", heapAfterGcKib / 1024.0,
                    rssKib / 1024.0);
        }
    }

    /**
     * The memory of the JVM {@code pid} (this one or another): {@code jcmd PID GC.run} (a full collection), then
     * the heap used from {@code jcmd PID GC.heap_info} (G1's) and VmRSS from /proc/PID/status.
     */
    static Memory memory(long pid) {
        jcmd(pid, "GC.run");
        Matcher heap = HEAP_USED.matcher(jcmd(pid, "GC.heap_info"));
        Matcher rss = VM_RSS.matcher(read(Path.of("/proc", Long.toString(pid), "status")));
        if (!heap.find() || !rss.find()) {
            throw new IllegalStateException("no G1 heap use or VmRSS for process " + pid + " (G1, the JVM's default "
                    + "collector, is the one read)");
        }
        return new Memory(Long.parseLong(heap.group(1)), Long.parseLong(rss.group(1)));
    }

    private static String jcmd(long pid, String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                    .redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + jcmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running jcmd", e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }
}
