package io.edgesim.engine.cluster;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.edgesim.engine.cluster.ClusterBenchmarks.Memory;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.result.Counts;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import static io.edgesim.engine.cluster.ClusterBenchmarks.columns;

/**
 * The cluster engine on one JVM against three {@code edgesim node} processes, on {@code bench/cluster-48-pops.conf}
 * (48 PoPs sending to one Durable Object homed in Frankfurt), run once per rate in each setup:
 * <ul>
 *   <li>{@code embedded}: {@link ClusterEngine} in this JVM, the regions on edgesim.cluster.members members;</li>
 *   <li>{@code processes}: three node processes ({@code java -cp target/edgesim.jar io.edgesim.cli.Main node}) on
 *   loopback holding 16 regions each, and this JVM as the coordinator ({@link JoinedCluster} and
 *   {@link ClusterEngine.OnNodes}, as {@code edgesim run --join} does): it feeds the traffic and records the outcomes;
 *   every PoP and the object run on the nodes. The node processes are stopped at the end whatever happens.</li>
 * </ul>
 * Per setup it prints the time to Up (embedded: the formation of a 48-node cluster in the cold JVM; processes: from
 * starting the node processes until the last says it is Up, then the coordinator's join), per rate the formation the
 * run recorded, the achieved request rate, how late injected latencies and request arrivals were handled (p50, p99,
 * max, ms), the requests sent and failed, the CPU cores used by every JVM of the setup and the machine's load; the
 * memory of each JVM (heap used after a full collection, resident set), idle once Up and after the last rate; and the
 * highest rate whose injected latencies were late by a p99 under 5 ms.
 *
 * <p>Usage, from the project folder, after {@code mvn package -DskipTests} (which compiles the test classes too):
 * {@code java -cp target/edgesim.jar:target/test-classes io.edgesim.engine.cluster.MultiProcessBenchmark
 * [rates [seconds [setups]]]} with rates a comma-separated list of requests per second (default 1000,2000,4000,8000),
 * seconds per rate (6) and setups {@code embedded}, {@code processes} or both (default, in that order). The cluster
 * settings come from edgesim-cluster.conf with -D overrides; the node processes get the same startup timeout. Run
 * by hand, not a test (surefire does not pick it up): its figures depend on the machine and its load.
 */
public final class MultiProcessBenchmark {

    private static final Path SCENARIO = Path.of("bench", "cluster-48-pops.conf");
    private static final Path REGIONS = Path.of("regions.conf");
    private static final Path JAR = Path.of("target", "edgesim.jar");
    private static final String HOME = "FRA";
    private static final int PROCESSES = 3;
    private static final double TARGET_P99_MS = 5.0;
    private static final String LOOPBACK = "127.0.0.1";
    private static final long STOP_SECONDS = 30;

    private MultiProcessBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long[] rates = ClusterBenchmarks.rates(args.length > 0 ? args[0] : "1000,2000,4000,8000");
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 6;
        List<String> setups = List.of((args.length > 2 ? args[2] : "embedded,processes").split(","));
        ClusterSettings settings = ClusterSettings.load();
        System.out.printf(Locale.ROOT, "%d cores, %d executor threads, startup timeout %d s, machine load %.2f%n",
                Runtime.getRuntime().availableProcessors(), settings.executorThreads(),
                settings.startupTimeout().toSeconds(), ClusterBenchmarks.loadAverage());
        for (String setup : setups) {
            // a setup that fails (a cluster not formed in time) is a figure too: say so and go on to the next
            try {
                switch (setup) {
                    case "embedded" -> embedded(settings, rates, seconds);
                    case "processes" -> processes(settings, rates, seconds);
                    default -> throw new IllegalArgumentException("setup '" + setup + "'; allowed: embedded, "
                            + "processes");
                }
            } catch (IllegalStateException e) {
                System.out.printf(Locale.ROOT, "%s failed (load %.2f): %s%n", setup, ClusterBenchmarks.loadAverage(),
                        e.getMessage());
            }
        }
    }

    private static Scenario scenario(long rate, long seconds) {
        return ScenarioLoader.load(SCENARIO, REGIONS, overrides(rate, seconds));
    }

    private static Map<String, String> overrides(long rate, long seconds) {
        return Map.of("clients.load.rate", Long.toString(rate), "duration", seconds + "s");
    }

    private static void embedded(ClusterSettings settings, long[] rates, long seconds) {
        long pid = ProcessHandle.current().pid();
        List<String> regions = NodeRegions.of(scenario(rates[0], seconds));
        int members = Math.min(settings.members(), regions.size());
        System.out.printf(Locale.ROOT, "%n== embedded: %d regions on %d members in this JVM (pid %d)%n",
                regions.size(), members, pid);
        System.out.printf(Locale.ROOT, "this JVM before any cluster: %s (load %.2f)%n", ClusterBenchmarks.memory(pid),
                ClusterBenchmarks.loadAverage());
        // first, in the cold JVM, as a run would start
        ClusterBenchmarks.timeFormation(settings, regions, members);
        printHeader();
        Memory[] loaded = new Memory[1];
        List<Fidelity> runs = new ArrayList<>();
        for (int r = 0; r < rates.length; r++) {
            boolean last = r == rates.length - 1;
            Scenario scenario = scenario(rates[r], seconds);
            ClusterEngine engine = new ClusterEngine(scenario, ScenarioLoader.text(SCENARIO, REGIONS,
                    overrides(rates[r], seconds), scenario.seed()), DecisionListener.NONE, 1.0, settings,
                    new ClusterEngine.InProcess(members));
            long cpuBefore = ClusterBenchmarks.processCpuNanos();
            long wallBefore = System.nanoTime();
            // the last run's memory with its cluster, PoPs and object still up
            RunResult result = engine.run(started -> {
                if (last) {
                    loaded[0] = ClusterBenchmarks.memory(pid);
                }
            });
            double cores = (ClusterBenchmarks.processCpuNanos() - cpuBefore) / (double) (System.nanoTime()
                    - wallBefore);
            runs.add(engine.fidelity());
            System.out.println(row(rates[r], scenario, result, engine.fidelity(), cores));
        }
        printMemory("after the last rate's traffic, its cluster still up", loaded[0], regions.size());
        printHeld(rates, runs);
    }

    private static void processes(ClusterSettings settings, long[] rates, long seconds) throws Exception {
        List<String> regions = NodeRegions.of(scenario(rates[0], seconds));
        List<List<String>> split = split(regions, PROCESSES);
        System.out.printf(Locale.ROOT, "%n== processes: %d node processes of %d regions each on %s, this JVM (pid %d) "
                + "the coordinator%n", PROCESSES, split.get(0).size(), LOOPBACK, ProcessHandle.current().pid());
        List<NodeProcess> nodes = Collections.synchronizedList(new ArrayList<>());
        // a benchmark stopped by Ctrl-C still stops its nodes
        Thread killer = new Thread(() -> nodes.forEach(node -> node.process().destroyForcibly()), "kill-nodes");
        Runtime.getRuntime().addShutdownHook(killer);
        JoinedCluster cluster = null;
        try {
            long started = System.nanoTime();
            int seedPort = freePort();
            for (int n = 0; n < PROCESSES; n++) {
                nodes.add(NodeProcess.start(settings, split.get(n), n == 0 ? seedPort : freePort(), seedPort));
            }
            long lastUp = 0;
            for (NodeProcess node : nodes) {
                lastUp = Math.max(lastUp, node.awaitUp(settings.startupTimeout().multipliedBy(5).toSeconds()));
            }
            System.out.printf(Locale.ROOT, "time to Up: %d node processes started -> all Up in %.1f s (load %.2f)%n",
                    PROCESSES, (lastUp - started) / 1e9, ClusterBenchmarks.loadAverage());
            for (NodeProcess node : nodes) {
                System.out.printf(Locale.ROOT, "  node %s (pid %d, port %d): Up after %.1f s%n",
                        String.join(",", node.roles()), node.process().pid(), node.port(),
                        (node.awaitUp(0) - started) / 1e9);
            }
            long joinStart = System.nanoTime();
            cluster = join(LOOPBACK + ":" + seedPort, settings);
            System.out.printf(Locale.ROOT, "coordinator joined in %.1f s; %d regions held by nodes%n",
                    (System.nanoTime() - joinStart) / 1e9, cluster.holders().size());
            printNodeMemory("idle once Up", nodes);
            printHeader();
            List<Fidelity> runs = new ArrayList<>();
            for (long rate : rates) {
                Scenario scenario = scenario(rate, seconds);
                ClusterEngine engine = new ClusterEngine(scenario, ScenarioLoader.text(SCENARIO, REGIONS,
                        overrides(rate, seconds), scenario.seed()), DecisionListener.NONE, 1.0, settings,
                        new ClusterEngine.OnNodes(cluster));
                long cpuBefore = cpuNanos(nodes);
                long wallBefore = System.nanoTime();
                RunResult result = engine.run();
                double cores = (cpuNanos(nodes) - cpuBefore) / (double) (System.nanoTime() - wallBefore);
                runs.add(engine.fidelity());
                System.out.println(row(rate, scenario, result, engine.fidelity(), cores));
            }
            printNodeMemory("after the last rate", nodes);
            System.out.println("  coordinator (this JVM): " + ClusterBenchmarks.memory(ProcessHandle.current().pid()));
            printHeld(rates, runs);
        } finally {
            if (cluster != null) {
                cluster.close();
            }
            stop(nodes);
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    // as `edgesim run --join` does, with Pekko's lines about each join attempt muted
    private static JoinedCluster join(String target, ClusterSettings settings) {
        Logger pekkoLog = (Logger) LoggerFactory.getLogger("org.apache.pekko");
        Level level = pekkoLog.getLevel();
        pekkoLog.setLevel(Level.OFF);
        try {
            return JoinedCluster.join(target, settings, settings.startupTimeout(), Optional.empty(),
                    system -> RunHost.install(system, settings));
        } finally {
            pekkoLog.setLevel(level);
        }
    }

    // CPU time of this JVM and every node process
    private static long cpuNanos(List<NodeProcess> nodes) {
        long nanos = ClusterBenchmarks.processCpuNanos();
        for (NodeProcess node : nodes) {
            nanos += ClusterBenchmarks.processCpuNanos(node.process().pid());
        }
        return nanos;
    }

    // SIGTERM (the node leaves the cluster), then a kill for any that has not ended in time
    private static void stop(List<NodeProcess> nodes) throws InterruptedException {
        List<NodeProcess> reversed = new ArrayList<>(nodes);
        Collections.reverse(reversed);
        reversed.forEach(node -> node.process().destroy());
        for (NodeProcess node : reversed) {
            if (!node.process().waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                node.process().destroyForcibly();
                System.out.printf("node %s killed: it had not stopped %d s after SIGTERM%n",
                        String.join(",", node.roles()), STOP_SECONDS);
            }
        }
    }

    /** {@code regions} cut into {@code parts} consecutive lists of (nearly) equal size. */
    static List<List<String>> split(List<String> regions, int parts) {
        List<List<String>> split = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            split.add(List.copyOf(regions.subList(p * regions.size() / parts, (p + 1) * regions.size() / parts)));
        }
        return split;
    }

    private static void printHeader() {
        System.out.println("rate/s  achieved/s  formation s  latency late ms p50/p99/max   arrival late ms "
                + "p50/p99/max     sent  failed  CPU cores   load");
    }

    private static String row(long rate, Scenario scenario, RunResult result, Fidelity fidelity, double cores) {
        Counts totals = ClusterBenchmarks.firstLimiter(result).totals();
        return String.format(Locale.ROOT, "%6d  %10.0f  %11.1f  %s      %s  %7d  %6d  %9.2f  %5.2f", rate,
                ClusterBenchmarks.achievedPerSecond(scenario, result, fidelity, HOME),
                fidelity.formation().toMillis() / 1e3, columns(fidelity.latency()), columns(fidelity.arrival()),
                totals.sent(), totals.failed(), cores, ClusterBenchmarks.loadAverage());
    }

    private static void printMemory(String when, Memory whole, int nodes) {
        System.out.printf(Locale.ROOT, "memory %s: this JVM %s; per node (/%d) %s (load %.2f)%n", when, whole,
                nodes, whole.dividedBy(nodes), ClusterBenchmarks.loadAverage());
    }

    private static void printNodeMemory(String when, List<NodeProcess> nodes) {
        System.out.printf(Locale.ROOT, "memory %s (load %.2f):%n", when, ClusterBenchmarks.loadAverage());
        for (NodeProcess node : nodes) {
            System.out.printf(Locale.ROOT, "  node %s: %s%n", String.join(",", node.roles()),
                    ClusterBenchmarks.memory(node.process().pid()));
        }
    }

    private static void printHeld(long[] rates, List<Fidelity> runs) {
        long held = -1;
        for (int r = 0; r < rates.length; r++) {
            if (runs.get(r).latency().p99Ms() < TARGET_P99_MS) {
                held = Math.max(held, rates[r]);
            }
        }
        System.out.println(held < 0 ? "held at injected-latency lateness p99 < 5 ms: none of the rates tried"
                : "held at injected-latency lateness p99 < 5 ms: up to " + held + " requests/s of the rates tried");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** An {@code edgesim node} process, its output read by a thread of its own (a full pipe would stall it). */
    private record NodeProcess(Process process, List<String> roles, int port, CompletableFuture<Long> up,
                               List<String> output) {

        static NodeProcess start(ClusterSettings settings, List<String> roles, int port, int seedPort)
                throws IOException {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dedgesim.cluster.startup-timeout=" + settings.startupTimeout().toMillis() + "ms",
                    "-cp", JAR.toAbsolutePath().toString(), "io.edgesim.cli.Main", "node",
                    "--roles", String.join(",", roles), "--port", Integer.toString(port)));
            if (port != seedPort) {
                command.addAll(List.of("--seed-nodes", LOOPBACK + ":" + seedPort));
            }
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            NodeProcess node = new NodeProcess(process, roles, port, new CompletableFuture<>(),
                    Collections.synchronizedList(new ArrayList<>()));
            Thread reader = new Thread(() -> node.read(line -> {
                if (line.startsWith("node ") && line.contains(" is Up at ")) {
                    node.up().complete(System.nanoTime());
                }
            }), "node-output-" + port);
            reader.setDaemon(true);
            reader.start();
            return node;
        }

        private void read(Consumer<String> onLine) {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    output.add(line);
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // the process ended
            }
            up.completeExceptionally(new IllegalStateException("node " + String.join(",", roles)
                    + " ended before it was Up: " + String.join("\n", output)));
        }

        /** System.nanoTime() when the node said it was Up. */
        long awaitUp(long seconds) throws Exception {
            try {
                return seconds == 0 ? up.getNow(0L) : up.get(seconds, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new IllegalStateException("node " + String.join(",", roles) + " not Up within " + seconds
                        + " s: " + String.join("\n", output), e);
            }
        }
    }
}
