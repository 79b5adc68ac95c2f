package io.edgesim.engine.cluster;

import io.edgesim.result.ClusterRun;
import io.edgesim.result.ClusterRun.Lateness;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How faithfully a cluster run delivered its deadlines, and what it took: how late (scenario time) the messages
 * carrying an injected latency were handled after their deadline (requests reaching objects, replies reaching PoPs),
 * how late requests were handled after their arrival time, and the wall time of the formation and of the traffic.
 *
 * @param speed     scenario nanoseconds per real nanosecond
 * @param nodes     nodes of the cluster
 * @param latency   lateness of injected latencies
 * @param arrival   lateness of request arrivals at their PoP
 * @param formation real time until every node saw every member Up
 * @param traffic   real time from scenario time 0 until the last decision
 */
public record Fidelity(double speed, int nodes, Lateness latency, Lateness arrival, Duration formation,
                       Duration traffic) {

    private static final double NANOS_PER_MS = 1e6;

    /** The percentiles of {@code lateNanos} (nanoseconds) in milliseconds. */
    static Lateness lateness(Histogram lateNanos) {
        if (lateNanos.getTotalCount() == 0) {
            return new Lateness(0, 0, 0, 0);
        }
        return new Lateness(lateNanos.getTotalCount(), lateNanos.getValueAtPercentile(50) / NANOS_PER_MS,
                lateNanos.getValueAtPercentile(99) / NANOS_PER_MS, lateNanos.getMaxValue() / NANOS_PER_MS);
    }

    static String describe(Lateness lateness) {
        return String.format(Locale.ROOT, "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%,d message%s)", lateness.p50Ms(),
                lateness.p99Ms(), lateness.maxMs(), lateness.messages(), lateness.messages() == 1 ? "" : "s");
    }

    /**
     * What the report records of this run.
     *
     * @param placement   each region -> the member that simulated it
     * @param toleranceMs the lateness p99 of injected latencies above which latency figures are flagged
     * @param injectedLimiters the limiters with a remote stage
     */
    public ClusterRun run(Map<String, String> placement, double toleranceMs, List<String> injectedLimiters) {
        return new ClusterRun(speed, nodes, placement, latency, arrival, toleranceMs, injectedLimiters);
    }

    /** Two lines for the console, after the tables. */
    public String describe() {
        // a run whose limiters wait out no latency (kv, the binding) has none to judge: said so, not as zeros
        return String.format(Locale.ROOT, "cluster of %d node%s, speed %s: Up in %.1f s, traffic took %.1f s of "
                        + "wall time%n%s; %s", nodes, nodes == 1 ? "" : "s", speedText(), formation.toMillis() / 1e3,
                traffic.toMillis() / 1e3,
                latency.messages() == 0 ? "no injected latency to wait out (0 messages)"
                        : "injected latencies handled late by " + describe(latency),
                arrival.messages() == 0 ? "no request arrivals (0 messages)"
                        : "request arrivals by " + describe(arrival));
    }

    private String speedText() {
        return speed == Math.rint(speed) ? String.valueOf((long) speed) : String.valueOf(speed);
    }
}
