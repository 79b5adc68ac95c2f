package io.edgesim.engine.virtual;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.StageSpec;

import java.util.Arrays;

/**
 * How a group of limiters whose stages are all {@link PopLocalTier}s decides a {@link PopBatch}: one PoP's requests
 * after another, each PoP's in arrival order, so that only that PoP's tables are in use; then, in arrival order, the
 * recorder, with the answers of the exact references ({@link ExactAnswers}: those its members decide are decided as it
 * numbers each block's keys). Since no state is shared between PoPs, this gives the decisions and counts that arrival
 * order gives. Keeps per member what the second pass needs of the first, by index or by place in the batch.
 */
final class PopOrderPass {

    private static final Outcome[] OUTCOMES = Outcome.values();

    /** What a member with {@code stages} stages keeps per request of the batch, in bytes. */
    static long bytesPerRequest(int stages) {
        // whether it sees it, each stage's key number, outcome, failed open, refusing stage, latency, retry-after
        return 1 + 4L * stages + 1 + 1 + 2 + 8 + 8;
    }

    final int[] members;
    private final LimiterRun[] limiters;
    private final PopBatch batch;
    private final RunContext run;
    // [member][stage][pop]
    private final PopLocalTier[][][] tiers;
    // [member][index]
    private final boolean[][] sees;
    // the one kind of key of the group when every member sees every client and keys on it alone, else null
    private final KeyKind oneKind;
    // the exact references its members decide (ExactAnswers#claim)
    private final int[] decidedReferences;
    // [member][stage][place]: the stage's key numbers
    private final int[][][] stageKeys;
    // [member][place]: the chain's outcome (its ordinal), whether it failed open, the stage that refused it (-1:
    // none), its latency and its retry-after
    private final byte[][] outcomes;
    private final boolean[][] failedOpen;
    private final short[][] refusingStages;
    private final long[][] latencies;
    private final long[][] retryAfters;
    // per member, while the recorder wants a first refusal: the 429 of the batch's first rejection and its index
    private final RateLimitResponse[] firstRefusals;
    private final int[] firstRefusalIndex;
    // what the touch passes read (ReadAhead)
    private long touched;

    /**
     * @param members the indexes of the group's limiters in {@code limiters}, all of whose stages are
     *                {@link PopLocalTier}s
     */
    PopOrderPass(int[] members, LimiterRun[] limiters, PopBatch batch, RunContext run) {
        this.members = members;
        this.limiters = limiters;
        this.batch = batch;
        this.run = run;
        int n = members.length;
        int capacity = batch.room();
        this.tiers = new PopLocalTier[n][][];
        this.stageKeys = new int[n][][];
        for (int g = 0; g < n; g++) {
            LimiterRun limiter = limiters[members[g]];
            tiers[g] = new PopLocalTier[limiter.stages.length][];
            stageKeys[g] = new int[limiter.stages.length][capacity];
            for (int s = 0; s < limiter.stages.length; s++) {
                tiers[g][s] = new PopLocalTier[limiter.local[s].length];
                for (int p = 0; p < limiter.local[s].length; p++) {
                    tiers[g][s][p] = (PopLocalTier) limiter.local[s][p];
                }
            }
        }
        this.sees = new boolean[n][capacity];
        this.oneKind = oneKind(members);
        this.decidedReferences = Arrays.stream(members).filter(l -> limiters[l].decidesReference)
                .map(l -> limiters[l].reference).toArray();
        if (oneKind != null) {
            for (boolean[] memberSees : sees) {
                Arrays.fill(memberSees, true);
            }
        }
        this.outcomes = new byte[n][capacity];
        this.failedOpen = new boolean[n][capacity];
        this.refusingStages = new short[n][capacity];
        this.latencies = new long[n][capacity];
        this.retryAfters = new long[n][capacity];
        this.firstRefusals = new RateLimitResponse[n];
        this.firstRefusalIndex = new int[n];
        Arrays.fill(firstRefusalIndex, Integer.MAX_VALUE);
    }

    /** Makes room for as many requests as the batch now has room for, keeping who sees what. */
    void resize() {
        int room = batch.room();
        for (int g = 0; g < members.length; g++) {
            sees[g] = Arrays.copyOf(sees[g], room);
            if (oneKind != null) {
                Arrays.fill(sees[g], true);
            }
            for (int s = 0; s < stageKeys[g].length; s++) {
                stageKeys[g][s] = new int[room];
            }
            outcomes[g] = new byte[room];
            failedOpen[g] = new boolean[room];
            refusingStages[g] = new short[room];
            latencies[g] = new long[room];
            retryAfters[g] = new long[room];
        }
    }

    private KeyKind oneKind(int[] members) {
        KeyKind kind = null;
        for (int l : members) {
            LimiterRun limiter = limiters[l];
            if (!limiter.spec.clients().isEmpty()) {
                return null;
            }
            for (KeyKind k : limiter.keyKinds) {
                if (kind != null && k != kind) {
                    return null;
                }
                kind = k;
            }
        }
        return kind;
    }

    /**
     * Takes the block's first {@code size} requests, which the batch is about to take: numbers their keys in the order
     * request after request would, notes who sees what, and decides the exact references its members decide
     * ({@link ExactAnswers}) for them.
     */
    void takeBlock(int size) {
        numberKeys(size);
        if (decidedReferences.length > 0) {
            run.exact.decideBlock(decidedReferences, run.block, size, run.touchAhead());
        }
    }

    private void numberKeys(int size) {
        if (oneKind != null) {
            // every member sees every request and keys on one kind: request after request numbers that kind
            // of each in turn
            run.keys.loadAll(oneKind, run.block, size);
            return;
        }
        int first = batch.size();
        for (int i = 0; i < size; i++) {
            Request request = run.block[i];
            for (int g = 0; g < members.length; g++) {
                int l = members[g];
                boolean seen = limiters[l].spec.sees(request.client());
                sees[g][first + i] = seen;
                if (seen) {
                    run.keys.id(i, request, run.exact.keyKind(limiters[l].reference));
                }
            }
            for (int g = 0; g < members.length; g++) {
                if (sees[g][first + i]) {
                    for (StageSpec stage : limiters[members[g]].stages) {
                        run.keys.id(i, request, stage.key());
                    }
                }
            }
        }
    }

    /** Decides the batch (taken apart by PoP) and counts the outcomes. */
    void decideAndCount() {
        for (int g = 0; g < members.length; g++) {
            StageSpec[] stages = limiters[members[g]].stages;
            for (int s = 0; s < stages.length; s++) {
                batch.gather(stages[s].key(), stageKeys[g][s]);
            }
        }
        boolean touchAhead = run.touchAhead();
        for (int p = 0, pops = batch.pops(); p < pops; p++) {
            decidePop(p, touchAhead);
        }
        count(touchAhead);
    }

    private void decidePop(int pop, boolean touchAhead) {
        for (int at = batch.popStart(pop), end = batch.popEnd(pop); at < end; at++) {
            if (touchAhead && ReadAhead.starts(at - batch.popStart(pop))) {
                touchTiers(pop, at, ReadAhead.end(at, end));
            }
            int index = batch.indexAt(at);
            long nanos = batch.nanosAt(at);
            for (int g = 0; g < members.length; g++) {
                if (!sees[g][index]) {
                    continue;
                }
                LimiterRun limiter = limiters[members[g]];
                ChainProgress progress = limiter.inPopFlight.progress;
                progress.reset();
                while (!progress.done()) {
                    int s = progress.nextStage();
                    tiers[g][s][pop].decide(stageKeys[g][s][at], nanos, batch.costAt(at), progress.answer());
                    progress.apply(null);
                }
                Outcome outcome = progress.outcome();
                outcomes[g][at] = (byte) outcome.ordinal();
                failedOpen[g][at] = progress.failedOpen();
                refusingStages[g][at] = (short) progress.refusingStage();
                latencies[g][at] = progress.latencyNanos();
                retryAfters[g][at] = progress.retryAfterNanos();
                // the recorder keeps the 429 of the first rejection in arrival order
                if (outcome == Outcome.REJECTED && index < firstRefusalIndex[g]
                        && run.recorder.wantsRefusal(limiter.index)) {
                    firstRefusalIndex[g] = index;
                    firstRefusals[g] = progress.rejection(limiter.spec.name(), limiter.spec,
                            run.keyIds.plan(stageKeys[g][progress.refusingStage()][at]),
                            nanos + progress.latencyNanos());
                }
            }
        }
    }

    // reads the rows that recording requests from to to - 1 will use, in a loop short enough for the processor to
    // have all their cache misses in flight at once
    private void touch(KeyKind[] exactKinds, int from, int to) {
        long read = 0;
        for (int i = from; i < to; i++) {
            for (int g = 0; g < members.length; g++) {
                if (sees[g][i]) {
                    read += run.recorder.touch(members[g], batch.pop(i), batch.number(exactKinds[g], i));
                }
            }
        }
        touched += read;
    }

    // reads the tiers' states that deciding PoP pop's requests at places from to to - 1 starts from
    private void touchTiers(int pop, int from, int to) {
        long read = 0;
        for (int at = from; at < to; at++) {
            int index = batch.indexAt(at);
            for (int g = 0; g < members.length; g++) {
                if (sees[g][index]) {
                    for (int s = 0; s < tiers[g].length; s++) {
                        read += tiers[g][s][pop].touch(stageKeys[g][s][at]);
                    }
                }
            }
        }
        touched += read;
    }

    // the recorder, request after request, with the exact references' answers
    private void count(boolean touchAhead) {
        KeyKind[] exactKinds = new KeyKind[members.length];
        for (int g = 0; g < members.length; g++) {
            exactKinds[g] = run.exact.keyKind(limiters[members[g]].reference);
        }
        int size = batch.size();
        for (int i = 0; i < size; i++) {
            if (touchAhead && ReadAhead.starts(i)) {
                touch(exactKinds, i, ReadAhead.end(i, size));
            }
            int at = batch.placeOf(i);
            long nanos = batch.nanos(i);
            int cost = batch.cost(i);
            int pop = batch.pop(i);
            for (int g = 0; g < members.length; g++) {
                if (!sees[g][i]) {
                    continue;
                }
                int l = members[g];
                int r = limiters[l].reference;
                int exactKey = batch.number(exactKinds[g], i);
                boolean exactAllowed = batch.exactAllowed(r, i);
                long exactWindow = batch.exactWindow(r, i);
                if (i == firstRefusalIndex[g]) {
                    run.recorder.keepRefusal(l, nanos, run.popNames[pop], firstRefusals[g]);
                    firstRefusals[g] = null;
                    firstRefusalIndex[g] = Integer.MAX_VALUE;
                }
                run.recorder.record(l, pop, nanos, exactKey, cost, OUTCOMES[outcomes[g][at]],
                        failedOpen[g][at], latencies[g][at], refusingStages[g][at], exactAllowed,
                        exactWindow, retryAfters[g][at], 0);
            }
        }
    }
}
