package io.edgesim.engine.virtual;

import io.edgesim.model.key.KeyIds;

/**
 * When and how far the engine's passes read ahead. With a million keys, each request's per-key state (its exact
 * count, tallies, tiers' rows, its key number by source) is a cache miss, and a pass deciding request after request
 * waits for each in turn: the processor's out-of-order window holds about a request and a half of a pass's work. So a
 * pass first reads ("touches") what the next {@link #REQUESTS} requests start from, in one short loop whose reads do
 * not depend on each other, and the processor has their misses in flight together; the decisions then find their
 * state in the caches. With fewer keys than {@link #KEYS} the state stays in the caches and the extra loop only costs
 * time (docs/benchmarks.md, "Reading the next requests' state ahead"). The touches read, never write
 * ({@code PopTier#touch}, {@code RemoteTier#touch}); what they read is summed into a field of the pass so that the
 * reads are not optimised away.
 */
final class ReadAhead {

    /** From this many keys numbered on, the passes read ahead. */
    static final int KEYS = 1 << 16;
    /** The requests a touch loop reads ahead. */
    static final int REQUESTS = 16;

    private ReadAhead() {
    }

    /** Whether a run that has numbered {@code keys} so far reads ahead. */
    static boolean worthIt(KeyIds keys) {
        return keys.size() >= KEYS;
    }

    /** Whether the request at {@code i} (from 0) of a pass starts a new stretch to read ahead. */
    static boolean starts(int i) {
        return (i & (REQUESTS - 1)) == 0;
    }

    /** The end (exclusive) of the stretch starting at {@code i} in a pass of {@code size} requests. */
    static int end(int i, int size) {
        return Math.min(size, i + REQUESTS);
    }
}
