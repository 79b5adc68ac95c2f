package io.edgesim.engine.cluster;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.edgesim.engine.cluster.ClusterBenchmarks.Memory;
import io.edgesim.engine.cluster.ClusterBenchmarks.Ticks;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.result.Counts;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import io.edgesim.scenario.ScenarioText;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static io.edgesim.engine.cluster.ClusterBenchmarks.columns;

/**
 * The cluster engine on one JVM against three {@code edgesim node} processes, run once per rate in each setup:
 * <ul>
 *   <li>{@code embedded}: {@code bench/cluster-48-pops.conf} (48 PoPs sending to one Durable Object homed in
 *   Frankfurt) on {@link ClusterEngine} in this JVM, the regions packed on {@code --members} members (3 unless
 *   given), each run forming its cluster as {@code edgesim run --engine cluster --members N} does;</li>
 *   <li>{@code processes}: the same scenario on three node processes ({@code java -cp target/edgesim.jar
 *   io.edgesim.cli.Main node}) on loopback holding 16 regions each, and this JVM as the coordinator
 *   ({@link JoinedCluster} and {@link ClusterEngine.OnNodes}, as {@code edgesim run --join} does): it feeds the
 *   traffic and records the outcomes; every PoP and the object run on the nodes. The node processes are stopped at
 *   the end whatever happens;</li>
 *   <li>{@code world}: {@code bench/cluster-world.conf} (every location of regions/cloudflare.conf, 340, the same one
 *   object in Frankfurt) on three node processes the same way, 113 or 114 regions each.</li>
 * </ul>
 * Each setup first warms every one of its JVMs up: a warm-up run of {@code --warm-up} seconds at
 * {@code --warm-up-rate} on the same JVMs (the same node processes and coordinator) that are then measured, its
 * figures printed as "warm-up" and left out of the result. Then one run per rate of {@code --seconds} each.
 * Per setup it prints the time to Up (embedded: the formation of its cluster in the cold JVM; processes and world:
 * from starting the node processes until the last says it is Up, then the coordinator's join), per rate the
 * formation the run recorded, the achieved request rate, how late injected latencies and request arrivals were
 * handled (p50, p99, max, ms), the requests sent and failed, the CPU cores each process of the setup used over the
 * rate's traffic window ({@link TrafficWindowCpu}: every node process and the coordinator, from /proc/PID/stat) and
 * the machine's load; the memory of each JVM (heap used after a full collection, resident set), idle once Up and
 * after the last rate; and the highest rate whose injected latencies were late by a p99 under 5 ms.
 *
 * <p>Usage, from the project folder, after {@code mvn package -DskipTests} (which compiles the test classes too):
 * {@code java -cp target/edgesim.jar:target/test-classes io.edgesim.engine.cluster.MultiProcessBenchmark [--rates
 * R1,R2,...] [--seconds S] [--setups embedded,processes,world] [--warm-up S] [--warm-up-rate R] [--members N]}
 * ({@link Arguments} has the defaults). The cluster settings come from edgesim-cluster.conf with -D overrides; the
 * node processes get the same startup timeout. Run by hand, not a test (surefire does not pick it up): its figures
 * depend on the machine and its load.
 */
public final class MultiProcessBenchmark {

    private static final Bench FORTY_EIGHT = new Bench(Path.of("bench", "cluster-48-pops.conf"));
    private static final Bench WORLD = new Bench(Path.of("bench", "cluster-world.conf"));
    private static final Path REGIONS = Path.of("regions.conf");
    private static final Path JAR = Path.of("target", "edgesim.jar");
    private static final String HOME = "FRA";
    private static final int PROCESSES = 3;
    private static final double TARGET_P99_MS = 5.0;
    private static final String LOOPBACK = "127.0.0.1";
    private static final long STOP_SECONDS = 30;

    private MultiProcessBenchmark() {
    }

    /**
     * The benchmark's flags, each {@code --name value}, every one optional.
     *
     * @param rates       requests per second, one run each ({@code --rates}, comma-separated; 250,500,1000,2000,4000)
     * @param seconds     of traffic per rate ({@code --seconds}; 30)
     * @param setups      embedded, processes, world, in the order given ({@code --setups}; all three)
     * @param warmUp      seconds of the warm-up run per setup ({@code --warm-up}; 30)
     * @param warmUpRate  requests per second of the warm-up run ({@code --warm-up-rate}; 500)
     * @param members     members of the embedded setup ({@code --members}; 3)
     */
    record Arguments(List<Long> rates, long seconds, List<String> setups, long warmUp, long warmUpRate, int members) {

        static final List<String> SETUPS = List.of("embedded", "processes", "world");
        static final int DEFAULT_MEMBERS = 3;

        /** @throws IllegalArgumentException one line: the flag, what is wrong and what is allowed */
        static Arguments parse(String... args) {
            Map<String, String> flags = new LinkedHashMap<>(Map.of("--rates", "250,500,1000,2000,4000",
                    "--seconds", "30", "--setups", String.join(",", SETUPS), "--warm-up", "30",
                    "--warm-up-rate", "500", "--members", Integer.toString(DEFAULT_MEMBERS)));
            for (int a = 0; a < args.length; a += 2) {
                if (!flags.containsKey(args[a])) {
                    throw new IllegalArgumentException("'" + args[a] + "' is not a flag; allowed: "
                            + String.join(", ", new TreeSet<>(flags.keySet())) + ", each followed by its value");
                }
                if (a + 1 == args.length) {
                    throw new IllegalArgumentException(args[a] + " has no value");
                }
                flags.put(args[a], args[a + 1]);
            }
            List<Long> rates = new ArrayList<>();
            for (String rate : flags.get("--rates").split(",", -1)) {
                rates.add(positive("--rates", rate, "requests per second in a comma-separated list"));
            }
            List<String> setups = List.of(flags.get("--setups").split(",", -1));
            for (String setup : setups) {
                if (!SETUPS.contains(setup)) {
                    throw new IllegalArgumentException("--setups: '" + setup + "' is not a setup; allowed: "
                            + String.join(", ", SETUPS) + ", comma-separated");
                }
            }
            long members = positive("--members", flags.get("--members"), "members");
            if (members > 48) {
                throw new IllegalArgumentException("--members: '" + members + "' is more members than the 48 "
                        + "regions; allowed: a whole number from 1 to 48");
            }
            return new Arguments(List.copyOf(rates), positive("--seconds", flags.get("--seconds"), "seconds"),
                    setups, positive("--warm-up", flags.get("--warm-up"), "seconds"),
                    positive("--warm-up-rate", flags.get("--warm-up-rate"), "requests per second"), (int) members);
        }

        private static long positive(String flag, String text, String noun) {
            long value;
            try {
                value = Long.parseLong(text);
            } catch (NumberFormatException e) {
                value = 0;
            }
            if (value < 1) {
                throw new IllegalArgumentException(flag + ": '" + text + "' is not a number of " + noun
                        + "; allowed: a whole number from 1");
            }
            return value;
        }
    }

    public static void main(String[] args) throws Exception {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("MultiProcessBenchmark: " + e.getMessage());
            System.exit(2);
            return;
        }
        ClusterSettings settings = ClusterSettings.load();
        Ticks ticks = Ticks.read();
        System.out.printf(Locale.ROOT, "%d cores, %d executor threads, startup timeout %d s, machine load %.2f%n",
                Runtime.getRuntime().availableProcessors(), settings.executorThreads(),
                settings.startupTimeout().toSeconds(), ClusterBenchmarks.loadAverage());
        System.out.printf(Locale.ROOT, "per setup: warm-up %d s at %d requests/s (discarded), then %d s per rate at "
                        + "%s requests/s; CPU per process from /proc/PID/stat at %s%n", arguments.warmUp(),
                arguments.warmUpRate(), arguments.seconds(),
                arguments.rates().stream().map(Object::toString).collect(Collectors.joining(",")), ticks);
        for (String setup : arguments.setups()) {
            // a setup that fails (a cluster not formed in time) is a figure too: say so and go on to the next
            try {
                switch (setup) {
                    case "embedded" -> embedded(settings, arguments, ticks);
                    case "processes" -> processes(settings, arguments, ticks, setup, FORTY_EIGHT);
                    default -> processes(settings, arguments, ticks, setup, WORLD);
                }
            } catch (IllegalStateException e) {
                System.out.printf(Locale.ROOT, "%s failed (load %.2f): %s%n", setup, ClusterBenchmarks.loadAverage(),
                        e.getMessage());
            }
        }
    }

    /** A benchmark scenario, run at a rate for a number of seconds ({@code clients.load.rate}, {@code duration}). */
    record Bench(Path file) {

        Scenario scenario(long rate, long seconds) {
            return ScenarioLoader.load(file, REGIONS, overrides(rate, seconds));
        }

        ScenarioText text(long rate, long seconds, long seed) {
            return ScenarioLoader.text(file, REGIONS, overrides(rate, seconds), seed);
        }

        private static Map<String, String> overrides(long rate, long seconds) {
            return Map.of("clients.load.rate", Long.toString(rate), "duration", seconds + "s");
        }
    }

    private static void embedded(ClusterSettings settings, Arguments arguments, Ticks ticks) {
        long pid = ProcessHandle.current().pid();
        List<String> regions = NodeRegions.of(FORTY_EIGHT.scenario(arguments.warmUpRate(), arguments.seconds()));
        int members = Math.min(arguments.members(), regions.size());
        System.out.printf(Locale.ROOT, "%n== embedded: %d regions packed on %d members (--members %d; the engine's "
                        + "default, edgesim.cluster.members, is %d) in this JVM (pid %d)%n", regions.size(), members,
                arguments.members(), settings.members(), pid);
        System.out.printf(Locale.ROOT, "this JVM before any cluster: %s (load %.2f)%n", ClusterBenchmarks.memory(pid),
                ClusterBenchmarks.loadAverage());
        // first, in the cold JVM, as a run would start
        ClusterBenchmarks.timeFormation(settings, regions, members);
        ClusterEngine.Hosting hosting = new ClusterEngine.InProcess(members);
        String processes = "this JVM";
        printHeader(processes);
        run("warm-up", FORTY_EIGHT, arguments.warmUpRate(), arguments.warmUp(), settings, hosting, List.of(pid), ticks,
                started -> {
                });
        Memory[] loaded = new Memory[1];
        List<Fidelity> runs = new ArrayList<>();
        List<Long> rates = arguments.rates();
        for (int r = 0; r < rates.size(); r++) {
            boolean last = r == rates.size() - 1;
            // the last run's memory with its cluster, PoPs and object still up
            runs.add(run(Long.toString(rates.get(r)), FORTY_EIGHT, rates.get(r), arguments.seconds(), settings,
                    hosting, List.of(pid), ticks, started -> {
                        if (last) {
                            loaded[0] = ClusterBenchmarks.memory(pid);
                        }
                    }));
        }
        printMemory("after the last rate's traffic, its cluster still up", loaded[0], regions.size());
        printHeld("embedded", rates, runs);
    }

    private static void processes(ClusterSettings settings, Arguments arguments, Ticks ticks, String setup,
                                  Bench bench) throws Exception {
        Scenario scenario = bench.scenario(arguments.warmUpRate(), arguments.seconds());
        List<String> regions = NodeRegions.of(scenario);
        List<List<String>> split = split(regions, PROCESSES);
        System.out.printf(Locale.ROOT, "%n== %s: %s, %d regions on %d node processes (%s each) on %s, this JVM (pid %d) "
                        + "the coordinator%n", setup, bench.file(), regions.size(), PROCESSES,
                split.stream().map(part -> Integer.toString(part.size())).distinct().collect(Collectors.joining(
                        " or ")), LOOPBACK, ProcessHandle.current().pid());
        List<NodeProcess> nodes = Collections.synchronizedList(new ArrayList<>());
        // a benchmark stopped by Ctrl-C still stops its nodes
        Thread killer = new Thread(() -> nodes.forEach(node -> node.process().destroyForcibly()), "kill-nodes");
        Runtime.getRuntime().addShutdownHook(killer);
        JoinedCluster cluster = null;
        try {
            long started = System.nanoTime();
            int seedPort = freePort();
            for (int n = 0; n < PROCESSES; n++) {
                nodes.add(NodeProcess.start(settings, scenario.regionsFile(), split.get(n),
                        n == 0 ? seedPort : freePort(), seedPort));
            }
            long lastUp = 0;
            for (NodeProcess node : nodes) {
                lastUp = Math.max(lastUp, node.awaitUp(settings.startupTimeout().multipliedBy(5).toSeconds()));
            }
            System.out.printf(Locale.ROOT, "time to Up: %d node processes started -> all Up in %.1f s (load %.2f)%n",
                    PROCESSES, (lastUp - started) / 1e9, ClusterBenchmarks.loadAverage());
            for (int n = 0; n < nodes.size(); n++) {
                NodeProcess node = nodes.get(n);
                System.out.printf(Locale.ROOT, "  node %d %s (pid %d, port %d): Up after %.1f s%n", n + 1,
                        node.name(), node.process().pid(), node.port(), (node.awaitUp(0) - started) / 1e9);
            }
            long joinStart = System.nanoTime();
            cluster = join(LOOPBACK + ":" + seedPort, settings);
            System.out.printf(Locale.ROOT, "coordinator joined in %.1f s; %d regions held by nodes%n",
                    (System.nanoTime() - joinStart) / 1e9, cluster.holders().size());
            printNodeMemory("idle once Up", nodes);
            List<Long> pids = new ArrayList<>();
            nodes.forEach(node -> pids.add(node.process().pid()));
            pids.add(ProcessHandle.current().pid());
            ClusterEngine.Hosting hosting = new ClusterEngine.OnNodes(cluster);
            printHeader("node 1, node 2, node 3, coordinator");
            run("warm-up", bench, arguments.warmUpRate(), arguments.warmUp(), settings, hosting, pids, ticks,
                    members -> {
                    });
            List<Fidelity> runs = new ArrayList<>();
            for (long rate : arguments.rates()) {
                runs.add(run(Long.toString(rate), bench, rate, arguments.seconds(), settings, hosting, pids, ticks,
                        members -> {
                        }));
            }
            printNodeMemory("after the last rate", nodes);
            System.out.println("  coordinator (this JVM): " + ClusterBenchmarks.memory(ProcessHandle.current().pid()));
            printHeld(setup, arguments.rates(), runs);
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

    /**
     * One run of {@code bench} at {@code rate} for {@code seconds}, its row printed under {@code label} (the rate, or
     * "warm-up"), with the CPU of every process of {@code pids} over its traffic window.
     */
    private static Fidelity run(String label, Bench bench, long rate, long seconds, ClusterSettings settings,
                                ClusterEngine.Hosting hosting, List<Long> pids, Ticks ticks,
                                Consumer<List<StandaloneNode>> beforeFinish) {
        Scenario scenario = bench.scenario(rate, seconds);
        ClusterEngine engine = new ClusterEngine(scenario, bench.text(rate, seconds, scenario.seed()),
                DecisionListener.NONE, 1.0, settings, hosting);
        RunResult result;
        TrafficWindowCpu.Window cpu;
        try (TrafficWindowCpu window = TrafficWindowCpu.watch(engine::progress, pids, ticks)) {
            result = engine.run(beforeFinish);
            cpu = window.window();
        }
        System.out.println(row(label, rate, scenario, result, engine.fidelity(), cpu));
        return engine.fidelity();
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

    // SIGTERM (the node leaves the cluster), then a kill for any that has not ended in time
    private static void stop(List<NodeProcess> nodes) throws InterruptedException {
        List<NodeProcess> reversed = new ArrayList<>(nodes);
        Collections.reverse(reversed);
        reversed.forEach(node -> node.process().destroy());
        for (NodeProcess node : reversed) {
            if (!node.process().waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                node.process().destroyForcibly();
                System.out.printf("node %s killed: it had not stopped %d s after SIGTERM%n", node.name(),
                        STOP_SECONDS);
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

    private static void printHeader(String processes) {
        System.out.println("CPU cores per process over each rate's traffic window: " + processes);
        System.out.println("     rate/s  achieved/s  formation s  latency late ms p50/p99/max   arrival late ms "
                + "p50/p99/max     sent  failed  CPU cores   load");
    }

    private static String row(String label, long rate, Scenario scenario, RunResult result, Fidelity fidelity,
                              TrafficWindowCpu.Window cpu) {
        Counts totals = ClusterBenchmarks.firstLimiter(result).totals();
        StringBuilder cores = new StringBuilder();
        for (int p = 0; p < cpu.cpuNanos().length; p++) {
            cores.append(String.format(Locale.ROOT, "%s%.2f", p == 0 ? "" : " ", cpu.cores(p)));
        }
        return String.format(Locale.ROOT, "%11s  %10.0f  %11.1f  %s      %s  %7d  %6d  %s  %5.2f",
                label.equals("warm-up") ? "warm-up " + rate : label,
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
        for (int n = 0; n < nodes.size(); n++) {
            System.out.printf(Locale.ROOT, "  node %d %s: %s%n", n + 1, nodes.get(n).name(),
                    ClusterBenchmarks.memory(nodes.get(n).process().pid()));
        }
    }

    private static void printHeld(String setup, List<Long> rates, List<Fidelity> runs) {
        long held = -1;
        for (int r = 0; r < rates.size(); r++) {
            if (runs.get(r).latency().p99Ms() < TARGET_P99_MS) {
                held = Math.max(held, rates.get(r));
            }
        }
        System.out.println(setup + ": " + (held < 0
                ? "held at injected-latency lateness p99 < 5 ms: none of the rates tried"
                : "held at injected-latency lateness p99 < 5 ms: up to " + held + " requests/s of the rates tried"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** An {@code edgesim node} process, its output read by a thread of its own (a full pipe would stall it). */
    private record NodeProcess(Process process, List<String> roles, int port, CompletableFuture<Long> up,
                               List<String> output) {

        static NodeProcess start(ClusterSettings settings, Path regionsFile, List<String> roles, int port,
                                 int seedPort) throws IOException {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dedgesim.cluster.startup-timeout=" + settings.startupTimeout().toMillis() + "ms",
                    "-cp", JAR.toAbsolutePath().toString(), "io.edgesim.cli.Main", "node",
                    "--roles", String.join(",", roles), "--regions", regionsFile.toAbsolutePath().toString(),
                    "--port", Integer.toString(port)));
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

        /** Its regions, the first and last three of them when there are more than eight. */
        String name() {
            return roles.size() <= 8 ? String.join(",", roles) : String.join(",", roles.subList(0, 3)) + ",...,"
                    + String.join(",", roles.subList(roles.size() - 3, roles.size())) + " (" + roles.size() + ")";
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
