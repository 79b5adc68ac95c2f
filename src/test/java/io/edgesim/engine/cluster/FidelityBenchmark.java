package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.edgesim.engine.cluster.ClusterBenchmarks.columns;

/**
 * Measures how faithfully the cluster engine injects latency, and what it costs, through the whole engine:
 * {@code bench/cluster-fidelity.conf} (six PoPs sending to one Durable Object homed in FRA, no service time) run
 * once per rate. Per rate it prints the achieved request rate (requests over the wall time of the traffic, less the
 * last round trip; below the asked rate when the engine falls behind), how late injected latencies and request
 * arrivals were handled (p50, p99, max, scenario time), Sydney's measured added latency against the configured round
 * trip, the process CPU use and the machine's load average (other processes on the machine widen the errors). Before
 * that, in the cold JVM, it times a 12-node cluster's formation and shutdown.
 *
 * <p>Usage, from the project folder, after {@code mvn package -DskipTests} (which compiles the test classes too):
 * {@code java -cp target/edgesim.jar:target/test-classes io.edgesim.engine.cluster.FidelityBenchmark
 * [rates [seconds [spinMicros]]]} with rates a comma-separated list of requests per second (default
 * 1000,2000,5000,8000), seconds per rate (6) and the delay line's spin in microseconds (the edgesim-cluster.conf
 * value when absent). A benchmark run by hand, not a test (surefire does not pick it up): its figures depend on the
 * machine and its load.
 */
public final class FidelityBenchmark {

    private static final Path SCENARIO = Path.of("bench", "cluster-fidelity.conf");
    private static final Path REGIONS = Path.of("regions.conf");
    private static final List<String> TWELVE_POPS = List.of("FRA", "AMS", "LHR", "IAD", "SYD", "NRT", "SIN", "GRU",
            "SJC", "BOM", "DFW", "MAD");
    private static final double NANOS_PER_MS = 1e6;

    private FidelityBenchmark() {
    }

    public static void main(String[] args) {
        long[] rates = ClusterBenchmarks.rates(args.length > 0 ? args[0] : "1000,2000,5000,8000");
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 6;
        ClusterSettings settings = ClusterSettings.load();
        if (args.length > 2) {
            settings = settings.withDelayLineSpinNanos(Long.parseLong(args[2]) * 1_000);
        }
        System.out.printf(Locale.ROOT, "%d cores, delay line spin %d us, %d executor threads%n",
                Runtime.getRuntime().availableProcessors(), settings.delayLineSpinNanos() / 1_000,
                settings.executorThreads());
        // first, in a cold JVM, as a run would start
        ClusterBenchmarks.timeFormation(settings, TWELVE_POPS, settings.members());
        System.out.println("rate/s  achieved/s  latency late ms p50/p99/max   arrival late ms p50/p99/max"
                + "   SYD p50-rtt ms   CPU cores (of " + Runtime.getRuntime().availableProcessors() + ")"
                + "   machine load");
        for (long rate : rates) {
            System.out.println(runRate(settings, rate, seconds));
        }
    }

    private static String runRate(ClusterSettings settings, long rate, long seconds) {
        Scenario scenario = ScenarioLoader.load(SCENARIO, REGIONS, Map.of("clients.load.rate", Long.toString(rate),
                "duration", seconds + "s"));
        ClusterEngine engine = ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0, settings, settings.members());
        long cpuBefore = ClusterBenchmarks.processCpuNanos();
        long wallBefore = System.nanoTime();
        RunResult result = engine.run();
        double cores = (ClusterBenchmarks.processCpuNanos() - cpuBefore) / (double) (System.nanoTime() - wallBefore);
        Fidelity fidelity = engine.fidelity();
        RegionResult sydney = ClusterBenchmarks.firstLimiter(result).regions().get("SYD");
        double sydneyExtraMs = sydney.latencyMs().p50() - scenario.regions().rttNanos("SYD", "FRA") / NANOS_PER_MS;
        double achieved = ClusterBenchmarks.achievedPerSecond(scenario, result, fidelity, "FRA");
        return String.format(Locale.ROOT, "%6d  %10.0f  %s      %s      %8.3f        %4.2f         %5.2f",
                rate, achieved, columns(fidelity.latency()), columns(fidelity.arrival()), sydneyExtraMs, cores,
                ClusterBenchmarks.loadAverage());
    }
}
