package io.edgesim.engine.cluster;

import com.sun.management.OperatingSystemMXBean;
import io.edgesim.model.Request;
import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.traffic.RequestStream;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how faithfully the cluster engine injects latency, and what it costs: a 6-PoP cluster (FRA, AMS, LHR, IAD,
 * SYD, NRT) sends requests round-robin from every PoP to one Durable Object homed in FRA, at increasing rates; per rate
 * it prints the achieved rate, the error of every injected delay (handling time minus deadline: p50, p99, max), the
 * error of request arrivals, the delay line's own release error, the process CPU use and the machine's load average
 * (other processes on the machine widen the errors). Before that, in the cold JVM, it times a 12-node cluster's
 * formation and shutdown.
 *
 * <p>Usage: {@code java -cp target/edgesim.jar io.edgesim.engine.cluster.FidelityBenchmark [rates [seconds [spinMicros]]]}
 * with rates a comma-separated list of requests per second (default 1000,2000,5000,8000), seconds per rate (6) and
 * the delay line's spin in microseconds (the edgesim-cluster.conf value when absent). A benchmark, not a test: its
 * figures depend on the machine and its load.
 */
public final class FidelityBenchmark {

    private static final long MILLI = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final List<String> SIX_POPS = List.of("FRA", "AMS", "LHR", "IAD", "SYD", "NRT");
    private static final List<String> TWELVE_POPS = List.of("FRA", "AMS", "LHR", "IAD", "SYD", "NRT", "SIN", "GRU",
            "SJC", "BOM", "DUB", "ORD");
    private static final ObjectRoute LIMITER = new ObjectRoute("benchmark-limiter", "FRA");
    private static final long SEED = 1;

    private FidelityBenchmark() {
    }

    public static void main(String[] args) {
        long[] rates = Arrays.stream((args.length > 0 ? args[0] : "1000,2000,5000,8000").split(","))
                .mapToLong(Long::parseLong).toArray();
        long stepNanos = (args.length > 1 ? Long.parseLong(args[1]) : 6) * SECOND;
        ClusterSettings settings = ClusterSettings.load();
        if (args.length > 2) {
            settings = settings.withDelayLineSpinNanos(Long.parseLong(args[2]) * 1_000);
        }
        System.out.printf(Locale.ROOT, "%d cores, delay line spin %d us, %d executor threads%n",
                Runtime.getRuntime().availableProcessors(), settings.delayLineSpinNanos() / 1_000,
                settings.executorThreads());
        // first, in a cold JVM, as a run would start
        timeFormation(settings, TWELVE_POPS);
        runRates(settings, rates, stepNanos);
    }

    private static void runRates(ClusterSettings settings, long[] rates, long stepNanos) {
        RegionMap regions = sixPops();
        EmbeddedCluster cluster = EmbeddedCluster.start(SIX_POPS, 1.0, settings);
        try {
            System.out.printf(Locale.ROOT, "%d-node cluster Up in %d ms%n", SIX_POPS.size(),
                    cluster.formation().toMillis());
            AlgorithmSpec algorithm = AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100_000, 60 * SECOND);
            cluster.nodes().forEach(node -> DurableObjectEntity.initSharding(node, regions, algorithm, SEED));
            DurableObjectWarmUp.run(cluster);
            AtomicLong completed = new AtomicLong();
            Map<String, ActorRef<PopActor.Command>> pops = new LinkedHashMap<>();
            for (ClusterNode node : cluster.nodes()) {
                ActorRef<PopActor.Completed> sink = node.spawn(counting(completed), "completions");
                pops.put(node.region(), node.spawn(PopActor.create(node, regions, SEED, sink), "pop"));
            }
            cluster.startScenarioClock();
            TrafficFeeder feeder = new TrafficFeeder(cluster.delivery(), pops, 50 * MILLI);
            long longestRoundTrip = SIX_POPS.stream().mapToLong(pop -> regions.rttNanos(pop, LIMITER.homeRegion())
                    + 2 * regions.jitterNanos()).max().orElseThrow();
            // JIT warm-up: the same path at a moderate rate, not reported
            runStep(cluster, feeder, completed, 4_000, 5 * SECOND, longestRoundTrip);
            System.out.println("rate/s  achieved/s  latency error ms p50/p99/max   arrival error ms p50/p99/max"
                    + "   delay line ms p50/p99   CPU cores (of " + Runtime.getRuntime().availableProcessors() + ")"
                    + "   machine load");
            for (long rate : rates) {
                System.out.println(runStep(cluster, feeder, completed, rate, stepNanos, longestRoundTrip));
            }
        } finally {
            long closeStart = System.nanoTime();
            cluster.close();
            System.out.printf(Locale.ROOT, "%d-node cluster shut down in %d ms%n", SIX_POPS.size(),
                    (System.nanoTime() - closeStart) / MILLI);
        }
    }

    private static String runStep(EmbeddedCluster cluster, TrafficFeeder feeder, AtomicLong completed, long rate,
                                  long stepNanos, long longestRoundTripNanos) {
        DeliveryErrors errors = cluster.delivery().errors();
        errors.latencyInterval();
        errors.arrivalInterval();
        cluster.delivery().delayLine().releaseLateness();
        long completedBefore = completed.get();
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        long firstArrival = cluster.clock().nowNanos() + 100 * MILLI;
        long sent = feeder.feed(new ConstantRate(completedBefore, firstArrival, rate, stepNanos, SIX_POPS),
                request -> LIMITER);
        long deadline = System.nanoTime() + longestRoundTripNanos + 10 * SECOND;
        while (completed.get() - completedBefore < sent && System.nanoTime() < deadline) {
            LockSupport.parkNanos(MILLI);
        }
        long wallNanos = System.nanoTime() - wallBefore;
        long done = completed.get() - completedBefore;
        double cores = (processCpuNanos() - cpuBefore) / (double) wallNanos;
        // the window from the first arrival to the last completion, less the last request's own round trip
        double windowSeconds = (cluster.clock().nowNanos() - firstArrival - longestRoundTripNanos) / (double) SECOND;
        Histogram latency = errors.latencyInterval();
        Histogram arrival = errors.arrivalInterval();
        Histogram release = cluster.delivery().delayLine().releaseLateness();
        return String.format(Locale.ROOT, "%6d  %10.0f  %8.3f %7.3f %7.3f      %8.3f %7.3f %7.3f      %6.3f %6.3f"
                        + "        %4.2f         %5.2f%s",
                rate, done / windowSeconds,
                ms(latency.getValueAtPercentile(50)), ms(latency.getValueAtPercentile(99)), ms(latency.getMaxValue()),
                ms(arrival.getValueAtPercentile(50)), ms(arrival.getValueAtPercentile(99)), ms(arrival.getMaxValue()),
                ms(release.getValueAtPercentile(50)), ms(release.getValueAtPercentile(99)), cores,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                done < sent ? "  (" + (sent - done) + " of " + sent + " not completed)" : "");
    }

    private static void timeFormation(ClusterSettings settings, List<String> regions) {
        EmbeddedCluster cluster = EmbeddedCluster.start(regions, 1.0, settings);
        Duration formation = cluster.formation();
        long closeStart = System.nanoTime();
        cluster.close();
        System.out.printf(Locale.ROOT, "%d-node cluster Up in %d ms, shut down in %d ms%n", regions.size(),
                formation.toMillis(), (System.nanoTime() - closeStart) / MILLI);
    }

    private static Behavior<PopActor.Completed> counting(AtomicLong completed) {
        return Behaviors.receiveMessage(done -> {
            completed.incrementAndGet();
            return Behaviors.same();
        });
    }

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double ms(long nanos) {
        return nanos / (double) MILLI;
    }

    /**
     * Round trips in milliseconds: AWS inter-region P50 (CloudPing-derived, shared/data/rtt-sources.md table B) where
     * measured; AMS pairs are estimates (no measured source). 1 ms inside a PoP, 2 ms jitter per one-way delay.
     */
    private static RegionMap sixPops() {
        List<Region> regions = List.of(
                new Region("FRA", "Frankfurt", 50.03, 8.57, "weur", true),
                new Region("AMS", "Amsterdam", 52.31, 4.76, "weur", true),
                new Region("LHR", "London", 51.47, -0.45, "weur", true),
                new Region("IAD", "Washington", 38.95, -77.45, "enam", true),
                new Region("SYD", "Sydney", -33.94, 151.18, "oc", true),
                new Region("NRT", "Tokyo", 35.77, 140.39, "apac", true));
        long[][] rttMillis = {
                {0, 8, 15, 94, 253, 226},
                {8, 0, 12, 85, 260, 230},
                {15, 12, 0, 78, 266, 214},
                {94, 85, 78, 0, 199, 149},
                {253, 260, 266, 199, 0, 115},
                {226, 230, 214, 149, 115, 0}};
        long[][] rttNanos = new long[6][6];
        boolean[][] estimated = new boolean[6][6];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                rttNanos[i][j] = rttMillis[i][j] * MILLI;
                estimated[i][j] = i != j && (i == 1 || j == 1);
            }
        }
        return new RegionMap(regions, rttNanos, estimated, MILLI, 2 * MILLI,
                Map.of("weur", "FRA", "enam", "IAD", "oc", "SYD", "apac", "NRT"));
    }

    /**
     * {@code ratePerSecond} requests, evenly spaced from {@code startNanos} for {@code durationNanos}, PoPs in turn,
     * numbered from {@code firstId}.
     */
    private static final class ConstantRate implements RequestStream {
        private final long firstId;
        private final long startNanos;
        private final double intervalNanos;
        private final long count;
        private final List<String> pops;
        private long next;

        ConstantRate(long firstId, long startNanos, long ratePerSecond, long durationNanos, List<String> pops) {
            this.firstId = firstId;
            this.startNanos = startNanos;
            this.intervalNanos = SECOND / (double) ratePerSecond;
            this.count = ratePerSecond * durationNanos / SECOND;
            this.pops = pops;
        }

        @Override
        public Request next() {
            if (next >= count) {
                return null;
            }
            long index = next++;
            return new Request(firstId + index, startNanos + (long) (index * intervalNanos),
                    pops.get((int) (index % pops.size())), "benchmark", "benchmark-key", "192.0.2." + (index % 250),
                    null, null, "/", 1);
        }
    }
}
