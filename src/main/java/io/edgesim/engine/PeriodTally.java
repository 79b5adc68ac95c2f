package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.cost.Invocations;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.ChainBilling;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.result.CostResult;
import io.edgesim.result.Counts;
import io.edgesim.result.ExactComparison;
import io.edgesim.result.KeyResults;
import io.edgesim.result.PeriodResult;
import io.edgesim.scenario.Scenario;

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
 * {@link KeyTally} of its own, so a key's figures in a period count the requests that arrived in it, and the
 * stage each request ended at, for the period's bill.
 *
 * <p>The bill of a period is a monthly rate: what the period's requests would cost per month if the period lasted
 * all month, priced as the run's bill is ({@link Costs}). What the Workers did (requests, CPU time, calls to
 * Durable Objects, KV reads, binding calls: {@link ChainBilling}) is counted from the period's own requests; what
 * the tiers measured over the whole run (rows, duration, KV writes) is shared out in proportion to the period's
 * calls ({@link Usage#shareOf}), the Durable Objects' in proportion to the period's answered calls: a call that
 * failed unanswered (timed out, lost: {@link io.edgesim.model.tier.ChainProgress#unansweredStages()}) is billed in
 * its own period as the run bills it, and the usage of the answered calls goes to the periods that had them (an
 * outage's window is not billed the rows the objects wrote outside it). Rows written and KV writes go to the periods
 * by the calls that wrote ({@link #writes}: let through, or refused under {@code count = all}; a call that failed the
 * request closed though it was answered counts as writing, the most it can have written: an object's whose reply came
 * late, KV's whose write was refused for the write rate). KV calls that failed unanswered (kv-outage) are billed in
 * their own period as a read and a write each, as the run bills them. Only a run with faults keeps any. Not
 * thread-safe.
 */
final class PeriodTally {

    private final List<Fault> faults;
    private final List<LimiterSpec> limiters;
    private final List<String> pops;
    // [limiter][period]; the last period is the outside one
    private final Period[][] periods;
    // per limiter: bit s set when stage s is a Durable Object's (a KV stage's), and the run's calls to them that went
    // unanswered (failed)
    private final long[] objectStages;
    private final long[] unansweredObjectCalls;
    private final long[] kvStages;
    // per limiter: the run's KV calls that failed unanswered (KV down)
    private final long[] unansweredKvCalls;
    // per limiter: bit s set for a Durable Object or KV stage that writes for a request it refuses too (count = all),
    // and the run's calls that made an object write a row, or KV a value (see writes)
    private final long[] countsRefusedStages;
    private final long[] writingCalls;
    private final long[] kvWritingCalls;

    PeriodTally(List<Fault> faults, List<LimiterSpec> limiters, List<String> pops) {
        this.faults = List.copyOf(faults);
        this.limiters = limiters;
        this.pops = pops;
        int count = faults.isEmpty() ? 0 : faults.size() + 1;
        this.periods = new Period[limiters.size()][count];
        this.objectStages = new long[limiters.size()];
        this.unansweredObjectCalls = new long[limiters.size()];
        this.kvStages = new long[limiters.size()];
        this.unansweredKvCalls = new long[limiters.size()];
        this.countsRefusedStages = new long[limiters.size()];
        this.writingCalls = new long[limiters.size()];
        this.kvWritingCalls = new long[limiters.size()];
        for (int l = 0; l < limiters.size(); l++) {
            LimiterSpec limiter = limiters.get(l);
            objectStages[l] = limiter.stageMask(stage -> stage.kind() == TierKind.DURABLE_OBJECT);
            kvStages[l] = limiter.stageMask(stage -> stage.kind() == TierKind.KV);
            countsRefusedStages[l] = limiter.stageMask(stage -> stage.algorithm().countsRefused());
            for (int p = 0; p < count; p++) {
                periods[l][p] = new Period(pops.size(), limiters.get(l).stages().size());
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
     * @param tokens its cost in tokens
     * @param stage  the stage that refused or failed it, -1 when none did
     * @param unansweredStages the stages that failed unanswered
     */
    void add(int limiter, int pop, long requestNanos, int key, long window, long tokens, Outcome outcome,
             boolean failedOpen, boolean exactAllowed, long latencyNanos, int stage, long unansweredStages) {
        int unanswered = Long.bitCount(unansweredStages & objectStages[limiter]);
        unansweredObjectCalls[limiter] += unanswered;
        int kvUnanswered = Long.bitCount(unansweredStages & kvStages[limiter]);
        unansweredKvCalls[limiter] += kvUnanswered;
        // a call that failed the request closed though it was answered counts as writing: an object's whose reply
        // came after the timeout (it served it), KV's whose write was refused for the write rate (billed as
        // written); a KV call that failed unanswered (KV down) wrote nothing measured, and is billed apart
        int writing = writes(objectStages[limiter], countsRefusedStages[limiter], stage, unansweredStages,
                outcome == Outcome.FAILED);
        int kvWriting = writes(kvStages[limiter], countsRefusedStages[limiter], stage, unansweredStages,
                outcome == Outcome.FAILED);
        writingCalls[limiter] += writing;
        kvWritingCalls[limiter] += kvWriting;
        boolean inFault = false;
        for (int f = 0; f < faults.size(); f++) {
            Fault fault = faults.get(f);
            if (requestNanos >= fault.fromNanos() && requestNanos < fault.untilNanos()) {
                periods[limiter][f].add(pop, key, window, tokens, outcome, failedOpen, exactAllowed, latencyNanos,
                        stage, unanswered, kvUnanswered, kvWriting, writing);
                inFault = true;
            }
        }
        if (!inFault) {
            periods[limiter][faults.size()].add(pop, key, window, tokens, outcome, failedOpen, exactAllowed,
                    latencyNanos, stage, unanswered, kvUnanswered, kvWriting, writing);
        }
    }

    /**
     * The writes one request's calls to the stages of {@code stages} made (an object's row, KV's value): a call writes
     * when the request reached its stage (the stage that refused it is the last it reached), the call did not fail
     * unanswered, and the stage let the request through or counts refused requests too ({@code countsRefused}); with
     * {@code failedAnswered}, also at the stage that failed it closed though its call was answered.
     */
    static int writes(long stages, long countsRefused, int refusingStage, long unansweredStages,
                      boolean failedAnswered) {
        long writing = stages & ~unansweredStages;
        if (refusingStage >= 0 && refusingStage < Long.SIZE) {
            long reached = refusingStage == Long.SIZE - 1 ? -1L : (1L << (refusingStage + 1)) - 1;
            long there = 1L << refusingStage;
            boolean wroteThere = (countsRefused & there) != 0 || failedAnswered;
            writing &= reached & (wroteThere ? -1L : ~there);
        }
        return Long.bitCount(writing);
    }

    /**
     * One result per fault, in scenario order, then the outside period; empty for a run without faults.
     *
     * @param invocations what each limiter's chain made the Workers do over the whole run, in scenario order
     * @param tierUsage   what each limiter's tiers measured over the whole run, in scenario order
     * @param durationNanos the scenario time the run covers (the outside period ends there)
     */
    List<PeriodResult> results(KeyIds keyIds, Scenario scenario, List<Invocations> invocations,
                               List<Usage> tierUsage, long durationNanos) {
        List<PeriodResult> results = new ArrayList<>();
        if (faults.isEmpty()) {
            return results;
        }
        for (int p = 0; p <= faults.size(); p++) {
            long periodNanos = p < faults.size()
                    ? Math.max(0, Math.min(faults.get(p).untilNanos(), durationNanos) - faults.get(p).fromNanos())
                    : durationNanos - faultCoverNanos(durationNanos);
            List<PeriodResult.LimiterPeriod> byLimiter = new ArrayList<>();
            for (int l = 0; l < limiters.size(); l++) {
                Period period = periods[l][p];
                byLimiter.add(period.result(limiters.get(l), keyIds, pops, scenario,
                        period.cost(limiters.get(l), new RunCalls(invocations.get(l), unansweredObjectCalls[l],
                                unansweredKvCalls[l], kvWritingCalls[l], writingCalls[l]), tierUsage.get(l),
                                periodNanos, scenario)));
            }
            if (p < faults.size()) {
                Fault fault = faults.get(p);
                results.add(new PeriodResult(fault.label(), seconds(fault.fromNanos()), seconds(fault.untilNanos()),
                        seconds(periodNanos), byLimiter));
            } else {
                results.add(new PeriodResult(PeriodResult.OUTSIDE, 0, seconds(durationNanos), seconds(periodNanos),
                        byLimiter));
            }
        }
        return results;
    }

    // calls with those to Durable Objects and KV that went unanswered taken out: what the tiers' usage is shared by
    private static Invocations answered(Invocations calls, long unansweredObjectCalls, long unansweredKvCalls) {
        return new Invocations(calls.workerRequests(),
                Math.max(0, calls.durableObjectCalls() - unansweredObjectCalls),
                Math.max(0, calls.kvReads() - unansweredKvCalls), calls.bindingCalls());
    }

    /**
     * What a limiter's requests made the Workers do over the whole run ({@code calls}), with the calls to objects and
     * to KV that went unanswered, and the calls that made KV write a value or an object a row ({@link #writes}).
     */
    private record RunCalls(Invocations calls, long unansweredObjectCalls, long unansweredKvCalls,
                            long kvWritingCalls, long writingCalls) {
    }

    // the length of the union of the fault windows within the run
    private long faultCoverNanos(long durationNanos) {
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
        final LatencyTally[] latency;
        final KeyTally keys = new KeyTally();
        // requests refused (rejected, or failed closed) at each stage, as the run's (RunRecorder)
        final long[] endedAtStage;
        // their tokens (costs), and those of every request of the period, for the binding's calls
        long sentTokens;
        final long[] tokensEndedAtStage;
        // calls to Durable Objects and to KV that went unanswered, and KV calls that wrote (or tried to)
        long unansweredObjectCalls;
        long unansweredKvCalls;
        long kvWritingCalls;
        // calls that made an object write a row
        long writingCalls;

        Period(int pops, int stages) {
            latency = new LatencyTally[pops];
            endedAtStage = new long[stages];
            tokensEndedAtStage = new long[stages];
        }

        void add(int pop, int key, long window, long tokens, Outcome outcome, boolean open, boolean exactAllowed,
                 long latencyNanos, int stage, int unanswered, int kvUnanswered, int kvWriting, int writing) {
            sent++;
            writingCalls += writing;
            unansweredObjectCalls += unanswered;
            unansweredKvCalls += kvUnanswered;
            kvWritingCalls += kvWriting;
            sentTokens += tokens;
            if (stage >= 0 && outcome != Outcome.ACCEPTED) {
                endedAtStage[stage]++;
                tokensEndedAtStage[stage] += tokens;
            }
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
            if (latencyNanos != RunRecorder.UNKNOWN_LATENCY) {
                if (latency[pop] == null) {
                    latency[pop] = new LatencyTally();
                }
                latency[pop].record(latencyNanos);
            }
            keys.add(key, window, tokens, letThrough ? tokens : 0, letThrough, !letThrough && exactAllowed);
        }

        /**
         * The period's bill at its rate per month: its own invocations, and its share of the run's tier usage
         * ({@code run}: what answered calls used goes to the periods by their answered calls, rows and KV values by
         * the calls that wrote them; the unanswered ones are billed in their own period, {@link Usage#billedFor});
         * nothing for a period of no time (a fault window wholly after the run).
         */
        CostResult cost(LimiterSpec spec, RunCalls run, Usage runUsage, long periodNanos, Scenario scenario) {
            Invocations own = ChainBilling.of(spec, sent, endedAtStage, sentTokens, tokensEndedAtStage);
            Usage share = runUsage.shareOf(answered(run.calls(), run.unansweredObjectCalls(), run.unansweredKvCalls()),
                    answered(own, unansweredObjectCalls, unansweredKvCalls));
            share = share.withKvWrites(run.kvWritingCalls() == 0 ? 0
                            : runUsage.kvWrites() * kvWritingCalls / (double) run.kvWritingCalls())
                    .withRowsWritten(run.writingCalls() == 0 ? 0
                            : runUsage.rowsWritten() * writingCalls / (double) run.writingCalls());
            // the unanswered calls at the run's mean service time: a window none of whose calls was answered has none
            // of its own (an outage's window was billed no duration); a run none of whose calls was, the configured one
            return Costs.of(own, share, Math.max(1, periodNanos), scenario.prices(),
                    RunRecorder.billedServiceNanos(spec, runUsage));
        }

        PeriodResult.LimiterPeriod result(LimiterSpec spec, KeyIds keyIds, List<String> pops, Scenario scenario,
                                          CostResult cost) {
            Counts totals = new Counts(sent, accepted, rejected, failed, failedOpen);
            OptionalDouble multiplication = exactAccepted == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(RunRecorder.round(totals.letThrough() / (double) exactAccepted, 4));
            KeyResults k = KeyFigures.of(keys, null, keyIds, spec, scenario.clients());
            Map<String, PeriodResult.RegionLatency> byRegion = new LinkedHashMap<>();
            for (int p = 0; p < latency.length; p++) {
                LatencyTally t = latency[p];
                if (t != null && t.total() > 0) {
                    byRegion.put(pops.get(p), new PeriodResult.RegionLatency(t.total(), t.percentileMs(50),
                            t.percentileMs(99)));
                }
            }
            return new PeriodResult.LimiterPeriod(spec.name(), totals,
                    new ExactComparison(exactAccepted, wronglyAccepted, wronglyRejected), multiplication, k.seen(),
                    k.overLimit(), k.wronglyThrottled(), k.letThroughRatio().max(), byRegion, cost);
        }
    }
}
