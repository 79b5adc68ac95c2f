package io.edgesim.engine.cluster.actors;

import io.edgesim.engine.ChainOutcome;
import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the coordinator records the end of each request's chain, as every member's run host sends it
 * ({@link #recordForwarded}), and the chains of a PoP whose member went away ({@link #popLost}): the run's one
 * {@link RunRecorder} and decision listener, behind a lock (neither is thread-safe, and outcomes come from every
 * member), with counters the progress bar and the end of the run read without it.
 */
public final class OutcomeSink {

    /** The error of a request whose PoP's node went away before its chain ended. */
    public static final String POP_LOST_ERROR = "pop-lost";
    /**
     * The error of a request whose chain never ended after a node went away: it was waiting on that node (for an
     * object homed there, without a timeout to end the wait).
     */
    public static final String NODE_LOST_ERROR = "node-lost";

    private final List<LimiterSpec> limiters;
    private final RunRecorder recorder;
    private final DecisionListener listener;
    // told of every chain after the recorder (live traffic answers its clients there)
    private final ChainSink ends;
    // chains handed to a PoP and not yet recorded, by request id and limiter; and the PoPs whose node is gone
    private final Map<Long, Pending> pending = new HashMap<>();
    private final boolean[] lostPops;
    // whether some node went away during the run (with PoPs or not)
    private boolean nodeLost;
    private volatile long recorded;
    private volatile long accepted;

    /**
     * @param keys the numbering of keys of the {@code Admissions} that admit the run's requests: the recorder counts
     *             each key under its number there, and names it from there when the run is finished
     * @param ends told of every chain once it is recorded, under this sink's lock ({@link ChainSink#NONE}: no one)
     */
    public OutcomeSink(Scenario scenario, String engine, DecisionListener listener, KeyIds keys, ChainSink ends) {
        this.limiters = scenario.limiters();
        this.recorder = new RunRecorder(scenario, engine, keys);
        this.listener = listener;
        this.ends = ends;
        this.lostPops = new boolean[scenario.pops().size()];
    }

    private record Pending(int pop, Request request, Admission admission) {
    }

    private long pendingKey(Request request, int limiter) {
        return request.id() * limiters.size() + limiter;
    }

    /** True when the node of the PoP with index {@code pop} is gone ({@link #popLost}). */
    public synchronized boolean lost(int pop) {
        return lostPops[pop];
    }

    /**
     * Notes that {@code request}'s chains, one per admission, are handed to the PoP with index {@code pop}, so that
     * they are failed if its node goes away first; false (nothing noted) when that node is already gone.
     */
    public synchronized boolean expect(int pop, Request request, List<Admission> admissions) {
        if (lostPops[pop]) {
            return false;
        }
        for (Admission admission : admissions) {
            pending.put(pendingKey(request, admission.limiter()), new Pending(pop, request, admission));
        }
        return true;
    }

    /**
     * The node of the PoP with index {@code pop} is gone: every chain handed to it and not recorded is recorded as
     * failed closed there ({@link #POP_LOST_ERROR}), and {@link #expect} refuses it from now on.
     */
    public synchronized void popLost(int pop) {
        lostPops[pop] = true;
        nodeLost = true;
        fail(pending.entrySet().stream().filter(e -> e.getValue().pop() == pop).sorted(Map.Entry.comparingByKey())
                .toList(), POP_LOST_ERROR);
    }

    /** A node went away during the run, holding PoPs ({@link #popLost} too) or only the homes of objects. */
    public synchronized void nodeLost() {
        nodeLost = true;
    }

    /** True when some node went away during the run ({@link #nodeLost}, {@link #popLost}). */
    public synchronized boolean anyNodeLost() {
        return nodeLost;
    }

    /**
     * Records each chain of {@code lost} as failed closed, with {@code error}: where its PoP went away, at the first
     * stage; where a node went away, at the first remote stage (the one it waited on; an object or origin homed on
     * that node), the stages before it passed. Its latency is not known: no sample.
     */
    private void fail(List<Map.Entry<Long, Pending>> lost, String error) {
        for (Map.Entry<Long, Pending> e : lost) {
            Pending p = e.getValue();
            LimiterSpec spec = limiters.get(p.admission().limiter());
            int failedAt = error.equals(NODE_LOST_ERROR) ? firstRemoteStage(spec) : 0;
            ChainProgress progress = new ChainProgress(spec.stages().size());
            for (int stage = 0; stage < failedAt; stage++) {
                progress.answer().of(new Decision(true, 0, 0, p.request().timeNanos()), 0);
                progress.apply(spec.stages().get(stage).key().extract(p.request()));
            }
            progress.answer().failed(false, new Decision(false, 0, 0, p.request().timeNanos()),
                    RunRecorder.UNKNOWN_LATENCY, error);
            progress.apply(spec.stages().get(failedAt).key().extract(p.request()));
            record(p.pop(), p.request(), p.admission(), progress, 0, 0);
        }
    }

    // the first stage that calls out of the PoP (0 when none does)
    private static int firstRemoteStage(LimiterSpec spec) {
        for (int stage = 0; stage < spec.stages().size(); stage++) {
            if (spec.stages().get(stage).kind().remote()) {
                return stage;
            }
        }
        return 0;
    }

    // records a finished chain (see ChainOutcome)
    private void record(int pop, Request request, Admission admission, ChainProgress progress, long touched,
                        long failedOver) {
        int limiter = admission.limiter();
        // both callers hold a pending chain: one recorded as lost is no longer pending, and a report of it is ignored
        pending.remove(pendingKey(request, limiter));
        ChainOutcome.record(recorder, listener, limiter, limiters.get(limiter), pop, request, request.timeNanos(),
                admission.exactKey(), admission.exactAllowed(), admission.exactWindow(), progress);
        if (touched != 0) {
            recorder.recordFaults(limiter, touched, failedOver, progress.outcome(), progress.failedOpen());
        }
        if (progress.outcome() == Outcome.ACCEPTED) {
            accepted++;
        }
        ends.record(pop, request, admission, progress, touched, failedOver);
        recorded++;
        notifyAll();
    }

    /**
     * Records a chain its PoP's host reported (in this process or another): of the request with id
     * {@code requestId} through limiter {@code limiter}, handed to the PoP with index {@code pop} ({@link #expect});
     * the rest as {@link #record}. A chain this sink does not expect (already recorded as lost) is ignored.
     */
    public synchronized void recordForwarded(int pop, long requestId, int limiter, ChainProgress.Snapshot snapshot,
                                             long touched, long failedOver) {
        Pending p = pending.get(requestId * limiters.size() + limiter);
        if (p == null) {
            return;
        }
        ChainProgress progress = ChainProgress.restore(limiters.get(limiter).stages().size(), snapshot);
        record(pop, p.request(), p.admission(), progress, touched, failedOver);
    }

    /** Chains recorded so far that ended accepted. */
    public long accepted() {
        return accepted;
    }

    /**
     * Waits until {@code expected} chains are recorded. When a node went away during the run ({@link #nodeLost}),
     * chains still pending after a stall were waiting on it and never end: they are recorded as failed closed
     * ({@link #NODE_LOST_ERROR}) and the wait is over.
     *
     * @param stall the longest wait without any chain being recorded
     * @throws IllegalStateException when a stall outlasts {@code stall} and no node went away
     */
    public synchronized void awaitRecorded(long expected, Duration stall) throws InterruptedException {
        long lastCount = recorded;
        long lastProgressNanos = System.nanoTime();
        while (recorded < expected) {
            long waitedNanos = System.nanoTime() - lastProgressNanos;
            if (waitedNanos >= stall.toNanos() && nodeLost) {
                fail(pending.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList(), NODE_LOST_ERROR);
                if (recorded >= expected) {
                    return;
                }
            }
            if (waitedNanos >= stall.toNanos()) {
                throw new IllegalStateException((expected - recorded) + " of " + expected
                        + " decisions did not complete: nothing completed for " + stall.toSeconds() + " s");
            }
            wait(Math.max(1, (stall.toNanos() - waitedNanos) / 1_000_000));
            if (recorded != lastCount) {
                lastCount = recorded;
                lastProgressNanos = System.nanoTime();
            }
        }
    }

    /** The run's result over {@code durationNanos} of scenario time (see {@link RunRecorder#finish}); once every chain is recorded. */
    public synchronized RunResult finish(List<Usage> tierUsage, List<Map<String, Map<String, Long>>> stageStats,
                                         List<List<HotObjects>> hotObjects, long durationNanos) {
        return recorder.finish(tierUsage, stageStats, hotObjects, durationNanos);
    }
}
