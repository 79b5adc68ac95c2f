package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.Counts;
import io.edgesim.result.ExactComparison;
import io.edgesim.result.KeyResults;
import io.edgesim.result.PeriodResult;
import io.edgesim.scenario.ClientSpec;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The run's figures per period of time: each fault's window, and the time outside every fault (the last period).
 * A request belongs to the windows of the faults in force when it arrived (from inclusive, until exclusive), or to
 * the outside period when none was. Each period keeps what the whole run keeps for the figures a design document
 * quotes: outcomes, the exact count's verdicts, added latency per region (microseconds, as the run's), and a
 * {@link KeyTally} of its own, so a key's figures in a period count the requests that arrived in it. Only a run
 * with faults keeps any. Not thread-safe.
 */
final class PeriodTally {

    private final List<Fault> faults;
    private final List<LimiterSpec> limiters;
    private final List<String> pops;
    private final long durationNanos;
    // [limiter][period]; the last period is the outside one
    private final Period[][] periods;

    PeriodTally(List<Fault> faults, List<LimiterSpec> limiters, List<String> pops, long durationNanos) {
        this.faults = List.copyOf(faults);
        this.limiters = limiters;
        this.pops = pops;
        this.durationNanos = durationNanos;
        int count = faults.isEmpty() ? 0 : faults.size() + 1;
        this.periods = new Period[limiters.size()][count];
        for (Period[] byPeriod : periods) {
            for (int p = 0; p < count; p++) {
                byPeriod[p] = new Period(pops.size());
            }
        }
    }

    /** True when the run has faults, so that {@link #add} counts anything. */
    boolean active() {
        return !faults.isEmpty();
    }

    /**
     * Counts one request's outcome under limiter {@code limiter} in every period it arrived in.
     *
     * @param key    its key's number under the limiter's exact reference
     * @param window its window of the exact reference
     * @param tokens what it got through, in tokens (0 when refused)
     */
    void add(int limiter, int pop, long requestNanos, int key, long window, long tokens, Outcome outcome,
             boolean failedOpen, boolean exactAllowed, long latencyNanos) {
        boolean inFault = false;
        for (int f = 0; f < faults.size(); f++) {
            Fault fault = faults.get(f);
            if (requestNanos >= fault.fromNanos() && requestNanos < fault.untilNanos()) {
                periods[limiter][f].add(pop, key, window, tokens, outcome, failedOpen, exactAllowed, latencyNanos);
                inFault = true;
            }
        }
        if (!inFault) {
            periods[limiter][faults.size()].add(pop, key, window, tokens, outcome, failedOpen, exactAllowed,
                    latencyNanos);
        }
    }

    /** One result per fault, in scenario order, then the outside period; empty for a run without faults. */
    List<PeriodResult> results(KeyIds keyIds, List<ClientSpec> clients) {
        List<PeriodResult> results = new ArrayList<>();
        if (faults.isEmpty()) {
            return results;
        }
        for (int p = 0; p <= faults.size(); p++) {
            List<PeriodResult.LimiterPeriod> byLimiter = new ArrayList<>();
            for (int l = 0; l < limiters.size(); l++) {
                byLimiter.add(periods[l][p].result(limiters.get(l), keyIds, pops, clients));
            }
            if (p < faults.size()) {
                Fault fault = faults.get(p);
                long until = Math.min(fault.untilNanos(), durationNanos);
                results.add(new PeriodResult(fault.label(), seconds(fault.fromNanos()), seconds(fault.untilNanos()),
                        seconds(Math.max(0, until - fault.fromNanos())), byLimiter));
            } else {
                results.add(new PeriodResult(PeriodResult.OUTSIDE, 0, seconds(durationNanos),
                        seconds(durationNanos - faultCoverNanos()), byLimiter));
            }
        }
        return results;
    }

    // the length of the union of the fault windows within the run
    private long faultCoverNanos() {
        List<long[]> spans = new ArrayList<>();
        for (Fault f : faults) {
            spans.add(new long[] {Math.max(0, f.fromNanos()), Math.min(durationNanos, f.untilNanos())});
        }
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        long covered = 0;
        long end = 0;
        for (long[] span : spans) {
            long from = Math.max(span[0], end);
            if (span[1] > from) {
                covered += span[1] - from;
                end = span[1];
            }
        }
        return covered;
    }

    private static double seconds(long nanos) {
        return nanos / (double) Durations.NANOS_PER_SECOND;
    }

    /** One limiter's counts over one period. */
    private static final class Period {
        long sent;
        long accepted;
        long rejected;
        long failed;
        long failedOpen;
        long exactAccepted;
        long wronglyAccepted;
        long wronglyRejected;
        final AbstractHistogram[] latency;
        final long[] maxLatencyNanos;
        final KeyTally keys = new KeyTally();

        Period(int pops) {
            latency = new AbstractHistogram[pops];
            maxLatencyNanos = new long[pops];
        }

        void add(int pop, int key, long window, long tokens, Outcome outcome, boolean open, boolean exactAllowed,
                 long latencyNanos) {
            sent++;
            boolean letThrough = switch (outcome) {
                case ACCEPTED -> {
                    accepted++;
                    yield true;
                }
                case REJECTED -> {
                    rejected++;
                    yield false;
                }
                case FAILED -> {
                    failed++;
                    if (open) {
                        failedOpen++;
                    }
                    yield open;
                }
            };
            if (exactAllowed) {
                exactAccepted++;
            }
            if (letThrough && !exactAllowed) {
                wronglyAccepted++;
            } else if (!letThrough && exactAllowed) {
                wronglyRejected++;
            }
            if (latency[pop] == null) {
                latency[pop] = new IntCountsHistogram(3);
            }
            latency[pop].recordValue(Math.max(0, latencyNanos / 1_000));
            maxLatencyNanos[pop] = Math.max(maxLatencyNanos[pop], latencyNanos);
            keys.add(key, window, tokens, letThrough ? tokens : 0, letThrough, !letThrough && exactAllowed);
        }

        PeriodResult.LimiterPeriod result(LimiterSpec spec, KeyIds keyIds, List<String> pops,
                                          List<ClientSpec> clients) {
            Counts totals = new Counts(sent, accepted, rejected, failed, failedOpen);
            OptionalDouble multiplication = exactAccepted == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(RunRecorder.round(totals.letThrough() / (double) exactAccepted, 4));
            KeyResults k = KeyFigures.of(keys, null, keyIds, spec, clients);
            Map<String, PeriodResult.RegionLatency> byRegion = new LinkedHashMap<>();
            for (int p = 0; p < latency.length; p++) {
                AbstractHistogram h = latency[p];
                if (h != null && h.getTotalCount() > 0) {
                    double maxMs = RunRecorder.round(Durations.toMillis(maxLatencyNanos[p]), 3);
                    byRegion.put(pops.get(p), new PeriodResult.RegionLatency(h.getTotalCount(),
                            RunRecorder.percentileMs(h, 50, maxMs), RunRecorder.percentileMs(h, 99, maxMs)));
                }
            }
            return new PeriodResult.LimiterPeriod(spec.name(), totals,
                    new ExactComparison(exactAccepted, wronglyAccepted, wronglyRejected), multiplication, k.seen(),
                    k.overLimit(), k.wronglyThrottled(), k.letThroughRatio().max(), byRegion);
        }
    }
}
