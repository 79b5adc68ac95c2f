package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.tier.PopLocalTier;

import java.util.List;

/**
 * Limiters that depend on each other (see {@link LimiterGroups}), with their events: runs through a block of
 * requests before the next group does, taking each request and every event due before it in time order.
 *
 * <p>A group whose stages are all {@link PopLocalTier}s (in a run {@link VirtualEngine.Order#BY_GROUP}) hands its
 * requests to its {@link PopOrderPass} instead: it only numbers the block's keys, notes who sees what and decides the
 * exact references its members decide, and decides the {@link PopBatch} PoP by PoP once it is full.
 *
 * <p>Of the limiters that share an exact reference, the first in the order the groups run decides it for every
 * request ({@link ExactAnswers#claim}); the others read its answers.
 */
final class LimiterGroup {

    final int[] members;
    // null unless the group decides PoP by PoP
    final PopOrderPass byPop;
    private final LimiterRun[] limiters;
    private final RunContext run;
    private final EventQueue<Flight> queue = new EventQueue<>();
    // what the touch passes read (ReadAhead)
    private long touched;

    /**
     * @param members the indexes of its limiters in {@code limiters}
     * @param batch   the batch to decide PoP by PoP, or null for a group that goes block by block
     */
    LimiterGroup(List<Integer> members, LimiterRun[] limiters, RunContext run, PopBatch batch) {
        this.members = members.stream().mapToInt(Integer::intValue).toArray();
        this.limiters = limiters;
        this.run = run;
        for (int m : this.members) {
            limiters[m].queue = queue;
            limiters[m].decidesReference = run.exact.claim(limiters[m].reference);
        }
        this.byPop = batch == null ? null : new PopOrderPass(this.members, limiters, batch, run);
    }

    /** Decides the block's first {@code size} requests, with every event due before each; then all when last. */
    void run(int size, boolean last) {
        if (byPop != null) {
            byPop.takeBlock(size);
            return;
        }
        Request[] block = run.block;
        boolean touchAhead = run.touchAhead();
        for (int i = 0; i < size; i++) {
            if (touchAhead && ReadAhead.starts(i)) {
                touch(i, ReadAhead.end(i, size));
            }
            long arrival = block[i].timeNanos();
            while (!queue.isEmpty() && queue.peekTime() <= arrival) {
                long time = queue.peekTime();
                queue.poll().arrive(time);
            }
            arrive(i);
        }
        if (last) {
            while (!queue.isEmpty()) {
                long time = queue.peekTime();
                queue.poll().arrive(time);
            }
        }
    }

    // reads, for the block's requests from to to - 1 whose keys are numbered already, what their exact counts (those
    // its members decide), stages and recording start from, in one short loop: the processor then has their cache
    // misses in flight at once, where request after request would have them one after the other
    private void touch(int from, int to) {
        long read = 0;
        for (int slot = from; slot < to; slot++) {
            Request request = run.block[slot];
            int pop = run.blockPops[slot];
            for (int l : members) {
                LimiterRun limiter = limiters[l];
                if (!limiter.spec.sees(request.client())) {
                    continue;
                }
                int exactKey = run.keys.known(slot, run.exact.keyKind(limiter.reference));
                if (exactKey >= 0) {
                    read += run.recorder.touch(l, pop, exactKey);
                    if (limiter.decidesReference) {
                        read += run.exact.touch(limiter.reference, slot);
                    }
                }
                for (int s = 0; s < limiter.stages.length; s++) {
                    int key = run.keys.known(slot, limiter.stages[s].key());
                    if (key >= 0) {
                        read += limiter.remote[s] != null ? limiter.remote[s].touch(key)
                                : limiter.local[s][pop].touch(key);
                    }
                }
            }
        }
        touched += read;
    }

    private void arrive(int slot) {
        Request request = run.block[slot];
        int pop = run.blockPops[slot];
        // the exact counts first, all together: they depend on nothing else, and their memory reads overlap better in
        // one short loop than spread between the chains; a reference another limiter decides was decided already
        for (int l : members) {
            LimiterRun limiter = limiters[l];
            if (limiter.decidesReference && limiter.spec.sees(request.client())) {
                run.exact.decide(limiter.reference, slot, request);
            }
        }
        for (int l : members) {
            LimiterRun limiter = limiters[l];
            if (limiter.spec.sees(request.client())) {
                // a chain that stays in the PoP is decided at once: one flight per limiter serves every request
                int r = limiter.reference;
                Flight flight = limiter.takeFlight();
                flight.start(request, slot, pop, run.exact.allowed(r, slot), run.exact.key(r, slot),
                        run.exact.window(r, slot), run.blockFailovers == null ? -1 : run.blockFailovers[slot]);
                flight.proceed(request.timeNanos());
            }
        }
    }
}
