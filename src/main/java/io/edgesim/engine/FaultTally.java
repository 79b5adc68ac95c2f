package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.FaultResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Counts, per limiter and fault, the requests a fault touched and how each ended. A request names the faults that
 * touched it as a bit mask of their indexes ({@code io.edgesim.model.fault.FaultTimeline}). Not thread-safe.
 */
final class FaultTally {

    private static final int ACCEPTED = 0;
    private static final int REJECTED = 1;
    private static final int FAILED_OPEN = 2;
    private static final int FAILED_CLOSED = 3;
    private static final int FAILED_OVER = 4;
    private static final int FIGURES = 5;

    private final List<Fault> faults;
    private final List<LimiterSpec> limiters;
    // [limiter][fault * FIGURES + figure]
    private final long[][] counts;

    FaultTally(List<Fault> faults, List<LimiterSpec> limiters) {
        this.faults = faults;
        this.limiters = limiters;
        this.counts = new long[limiters.size()][faults.size() * FIGURES];
    }

    /**
     * @param touched    the faults that touched the request
     * @param failedOver those of them that moved it to another PoP
     */
    void add(int limiter, long touched, long failedOver, Outcome outcome, boolean failedOpen) {
        int figure = switch (outcome) {
            case ACCEPTED -> ACCEPTED;
            case REJECTED -> REJECTED;
            case FAILED -> failedOpen ? FAILED_OPEN : FAILED_CLOSED;
        };
        long[] c = counts[limiter];
        for (long m = touched; m != 0; m &= m - 1) {
            int f = Long.numberOfTrailingZeros(m);
            c[f * FIGURES + figure]++;
            if ((failedOver & (1L << f)) != 0) {
                c[f * FIGURES + FAILED_OVER]++;
            }
        }
    }

    List<FaultResult> results() {
        List<FaultResult> results = new ArrayList<>();
        for (int f = 0; f < faults.size(); f++) {
            List<FaultResult.Effect> effects = new ArrayList<>();
            for (int l = 0; l < limiters.size(); l++) {
                long[] c = counts[l];
                int at = f * FIGURES;
                long touched = c[at + ACCEPTED] + c[at + REJECTED] + c[at + FAILED_OPEN] + c[at + FAILED_CLOSED];
                effects.add(new FaultResult.Effect(limiters.get(l).name(), touched, c[at + ACCEPTED],
                        c[at + REJECTED], c[at + FAILED_OPEN], c[at + FAILED_CLOSED], c[at + FAILED_OVER]));
            }
            Fault fault = faults.get(f);
            results.add(new FaultResult(fault.label(), fault.kind().configName(),
                    fault.fromNanos() / (double) Durations.NANOS_PER_SECOND,
                    fault.untilNanos() / (double) Durations.NANOS_PER_SECOND, fault.regions(), effects));
        }
        return results;
    }
}
