package io.edgesim.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a cluster run was run and how faithful it was: its engine settings, where each PoP ran, and how late (scenario
 * time) its deadline messages were handled. Latency figures of a run whose injected latencies were handled late by a
 * p99 above the tolerance are flagged: they carry that much delivery error on top of the latency modelled.
 *
 * @param speed       scenario nanoseconds per real nanosecond (--speed)
 * @param nodes       cluster members that took part (one per PoP or home region)
 * @param placement   each region of the run -> the member that simulated it ("host:port", with "(in the coordinator)"
 *                    for a member in the process that fed the traffic), in the order of the nodes
 * @param injected    lateness of the messages carrying an injected latency (requests reaching objects, replies
 *                    reaching PoPs)
 * @param arrival     lateness of requests reaching their PoP
 * @param toleranceMs the largest lateness p99 of injected latencies, ms of scenario time, that leaves the latency
 *                    figures unflagged
 * @param injectedLimiters the limiters whose latency figures carry injected latencies (those with a remote stage):
 *                         the figures a flag concerns
 */
public record ClusterRun(double speed, int nodes, Map<String, String> placement, Lateness injected, Lateness arrival,
                         double toleranceMs, List<String> injectedLimiters) {

    /** The floor of the default tolerance, ms: below it, lateness is the noise of a loaded two-core machine. */
    public static final double MIN_DEFAULT_TOLERANCE_MS = 2;
    /** The default tolerance as a share of the smallest injected one-way delay. */
    public static final double DEFAULT_TOLERANCE_SHARE = 0.05;

    public ClusterRun {
        placement = Collections.unmodifiableMap(new LinkedHashMap<>(placement));
        injectedLimiters = List.copyOf(injectedLimiters);
    }

    /**
     * The default tolerance: 5 % of the smallest injected one-way delay, or 2 ms, whichever is larger.
     *
     * @param smallestOneWayMs the smallest one-way delay a message of the run can carry, ms; 0 when none
     */
    public static double defaultToleranceMs(double smallestOneWayMs) {
        return Math.max(DEFAULT_TOLERANCE_SHARE * smallestOneWayMs, MIN_DEFAULT_TOLERANCE_MS);
    }

    /** True when the lateness p99 of injected latencies exceeds the tolerance. */
    public boolean latencyFlagged() {
        return injected.p99Ms() > toleranceMs;
    }

    /** True when the latency figures of {@code limiter} are flagged: late injected latencies are part of them. */
    public boolean latencyFlagged(String limiter) {
        return latencyFlagged() && injectedLimiters.contains(limiter);
    }

    /** The same run judged against {@code ms}. */
    public ClusterRun withToleranceMs(double ms) {
        return new ClusterRun(speed, nodes, placement, injected, arrival, ms, injectedLimiters);
    }

    /**
     * How late one kind of deadline message was handled after its deadline, milliseconds of scenario time.
     *
     * @param messages how many were measured
     */
    public record Lateness(long messages, double p50Ms, double p99Ms, double maxMs) {
    }
}
