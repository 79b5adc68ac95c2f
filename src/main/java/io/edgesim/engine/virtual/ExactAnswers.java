package io.edgesim.engine.virtual;

import io.edgesim.engine.ExactReferences;
import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;

/**
 * The answers of a virtual-engine run's exact references for the block of requests being decided, kept by the
 * request's slot in the block: whether each reference let the request through, the number of the window it counted
 * in, and (in the block's {@link RequestKeys}) the number of its key.
 *
 * <p>Limiters whose references are the same share one count ({@link ExactReferences}), but they may sit in different
 * groups, which run over a block one after the other, and a group that decides by PoP records a batch of blocks
 * later ({@link PopOrderPass}): asking the shared count once per limiter would count each request again. So each
 * reference is decided by one limiter only, the first of it in the order the groups run ({@link #claim}), when that
 * limiter reaches the request: at its arrival on the block path ({@link #decide}), or for the whole block as its group
 * numbers the block's keys when the group decides by PoP ({@link #decideBlock}). Every group reaches a block's
 * requests in arrival order, and the groups run over one block before the next, so each reference counts its
 * requests in arrival order; the limiters of a reference that come later read its answers by slot (the block path),
 * or from the {@link PopBatch}, which copies them. A reference's key is numbered where its deciding limiter has always
 * numbered it, so the run numbers keys in the same order as when each limiter had its own count (a key's plan is that
 * of the first request that numbers it). Not thread-safe.
 */
final class ExactAnswers {

    private final ExactReferences references;
    private final RequestKeys keys;
    // by reference: whether a limiter decides it already
    private final boolean[] claimed;
    // [reference][slot]: what it said about the request and the number of the window the request counted in
    private final boolean[][] allowed;
    private final long[][] windows;
    // what the touch passes read, kept so that the reads are not optimised away
    private long touched;

    /** The answers of {@code references} for blocks of {@code blockSize} requests whose keys {@code keys} numbers. */
    ExactAnswers(ExactReferences references, RequestKeys keys, int blockSize) {
        this.references = references;
        this.keys = keys;
        int n = references.count();
        this.claimed = new boolean[n];
        this.allowed = new boolean[n][blockSize];
        this.windows = new long[n][blockSize];
    }

    /** The index of the reference limiter {@code limiter} is judged against ({@link ExactReferences#reference}). */
    int reference(int limiter) {
        return references.reference(limiter);
    }

    /** How many distinct references the run's limiters have. */
    int count() {
        return references.count();
    }

    /** What reference {@code reference} keys on. */
    KeyKind keyKind(int reference) {
        return references.keyKind(reference);
    }

    /**
     * True for the first call for {@code reference}: the caller's limiter then decides it for every request, the
     * limiters that claim it later read its answers. Call for each limiter in the order the groups run over a block.
     */
    boolean claim(int reference) {
        boolean first = !claimed[reference];
        claimed[reference] = true;
        return first;
    }

    /**
     * Numbers the key of {@code request}, at {@code slot} of the block, under reference {@code reference}, and decides
     * the reference for it; call in arrival order for each request the reference sees.
     */
    void decide(int reference, int slot, Request request) {
        int key = keys.id(slot, request, references.keyKind(reference));
        allowed[reference][slot] = references.allows(reference, key, request.timeNanos(), request.cost());
        windows[reference][slot] = references.window(reference, key, request.timeNanos());
    }

    /**
     * Decides the references {@code decided} for each of the block's first {@code size} requests they see, in arrival
     * order, their keys numbered already; with {@code touchAhead} ({@link RunContext#touchAhead}) the counters of the
     * next few requests are read in one short loop before they are decided, so that their cache misses overlap.
     */
    void decideBlock(int[] decided, Request[] block, int size, boolean touchAhead) {
        for (int slot = 0; slot < size; slot++) {
            if (touchAhead && ReadAhead.starts(slot)) {
                long read = 0;
                for (int ahead = slot, end = ReadAhead.end(slot, size); ahead < end; ahead++) {
                    for (int r : decided) {
                        read += touch(r, ahead);
                    }
                }
                touched += read;
            }
            Request request = block[slot];
            for (int r : decided) {
                if (references.sees(r, request.client())) {
                    decide(r, slot, request);
                }
            }
        }
    }

    /**
     * Reads reference {@code reference}'s counter of the key of the request at {@code slot} when that key is numbered
     * already (else nothing): a loop that reads the counters of several requests before deciding them has the
     * processor fetch them together.
     */
    long touch(int reference, int slot) {
        int key = keys.known(slot, references.keyKind(reference));
        return key >= 0 ? references.touch(reference, key) : 0;
    }

    /** Whether reference {@code reference} let through the request at {@code slot}, which it saw, of this block. */
    boolean allowed(int reference, int slot) {
        return allowed[reference][slot];
    }

    /** The number of reference {@code reference}'s window the request at {@code slot} counted in. */
    long window(int reference, int slot) {
        return windows[reference][slot];
    }

    /** The number of the request at {@code slot}'s key under reference {@code reference}, once decided. */
    int key(int reference, int slot) {
        return keys.numbers(references.keyKind(reference))[slot];
    }

    /**
     * Copies reference {@code reference}'s answers for the block's first {@code count} requests to {@code allowedTo}
     * and {@code windowsTo} from index {@code at} on (those of requests it did not see are stale).
     */
    void copy(int reference, int count, boolean[] allowedTo, long[] windowsTo, int at) {
        System.arraycopy(allowed[reference], 0, allowedTo, at, count);
        System.arraycopy(windows[reference], 0, windowsTo, at, count);
    }
}
