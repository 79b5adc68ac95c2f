package io.edgesim.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of one run of one scenario on one engine; for a run with replications, the run at the scenario's seed
 * with the intervals over all of them.
 *
 * @param scenario        the scenario's name
 * @param description     the question it answers
 * @param engine          "virtual" or "cluster"
 * @param seed            the seed in force
 * @param durationSeconds scenario time simulated
 * @param regions         the PoPs of the scenario, in order
 * @param limiters        one result per limiter, in scenario order
 * @param latencyPairs    round trips in force between the regions involved, with "estimated" flags (with more
 *                        than 24 regions involved, only the pairs with a Durable Object or origin home)
 * @param assumptions     every setting in force that the scenario did not set ("setting" -> "value (why)")
 * @param replications    every figure over the runs at seeds seed, seed + 1, ...: each run's value, mean and interval;
 *                        empty for a single run
 * @param cluster         the engine settings and delivery lateness of a cluster run; empty for the virtual engine
 * @param faults          the faults injected, each with what it did to the requests it touched; empty for none
 * @param periods         with faults, the figures over each fault's window and over the time outside them (last);
 *                        empty for none
 * @param settings        what the scenario set, flat by path ({@code Scenario#settings}); empty when unknown
 * @param thresholds      the thresholds of --fail-if checked against this run, in the order given; empty for none
 */
public record RunResult(String scenario, String description, String engine, long seed, double durationSeconds,
                        List<String> regions, List<LimiterResult> limiters, List<LatencyPair> latencyPairs,
                        Map<String, String> assumptions, Map<String, String> settings,
                        Optional<Replications> replications,
                        Optional<ClusterRun> cluster, List<FaultResult> faults, List<PeriodResult> periods,
                        List<Threshold.Outcome> thresholds) {

    public RunResult {
        faults = List.copyOf(faults);
        periods = List.copyOf(periods);
        thresholds = List.copyOf(thresholds);
    }

    /** This run with {@code summary} over its replications. */
    public RunResult withReplications(Replications summary) {
        return new RunResult(scenario, description, engine, seed, durationSeconds, regions, limiters, latencyPairs,
                assumptions, settings, Optional.of(summary), cluster, faults, periods, thresholds);
    }

    /** This run with the settings and lateness of the cluster that ran it. */
    public RunResult withCluster(ClusterRun run) {
        return new RunResult(scenario, description, engine, seed, durationSeconds, regions, limiters, latencyPairs,
                assumptions, settings, replications, Optional.of(run), faults, periods, thresholds);
    }

    /** This run with one more assumption in force (or note), {@code setting} -> {@code value}, after the others. */
    public RunResult withAssumption(String setting, String value) {
        Map<String, String> more = new LinkedHashMap<>(assumptions);
        more.put(setting, value);
        return new RunResult(scenario, description, engine, seed, durationSeconds, regions, limiters, latencyPairs,
                more, settings, replications, cluster, faults, periods, thresholds);
    }

    /** This run with {@code checked}, its figures checked against the thresholds of --fail-if. */
    public RunResult withThresholds(List<Threshold.Outcome> checked) {
        return new RunResult(scenario, description, engine, seed, durationSeconds, regions, limiters, latencyPairs,
                assumptions, settings, replications, cluster, faults, periods, checked);
    }

    /** True when every threshold checked against this run held (also when there are none). */
    public boolean thresholdsHeld() {
        return thresholds.stream().allMatch(Threshold.Outcome::passed);
    }

    /** A round trip between two regions of the run, and whether it is a great-circle estimate. */
    public record LatencyPair(String from, String to, double rttMs, boolean estimated) {
    }
}
