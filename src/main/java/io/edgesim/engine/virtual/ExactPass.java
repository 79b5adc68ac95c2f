package io.edgesim.engine.virtual;

import io.edgesim.engine.ExactReferences;
import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;

/**
 * The exact references of a virtual-engine run, decided for a whole block of requests in one pass as soon as the
 * block is filled, before any group of limiters runs over it: each distinct reference once per request it sees, in
 * arrival order, its answers (allowed, window number) kept by the request's slot in the block and its key number in
 * the block's {@link RequestKeys}.
 *
 * <p>Why a pass of its own: limiters whose references are the same share one count ({@link ExactReferences}), but they
 * may sit in different groups, which run over the block one after the other, or decide PoP by PoP a batch of blocks
 * later ({@link PopOrderPass}); asking a shared count once per limiter would count each request again. Decided here,
 * a reference's answers are read by slot by the block path ({@link LimiterGroup}) and copied by the
 * {@link PopBatch} for the groups that decide by PoP. An exact count depends on nothing but the requests it sees, so
 * deciding it ahead of the chains changes no answer. Not thread-safe.
 */
final class ExactPass {

    // with many keys (RunContext.touchAhead), the requests whose counters a touch pass reads before they are decided
    private static final int AHEAD = 16;

    private final ExactReferences references;
    private final RequestKeys keys;
    // by reference: whether it sees every client (its keys are then numbered in one sweep)
    private final boolean[] seesAll;
    // [reference][slot]: whether it saw the request, what it said and the number of the window it counted in
    private final boolean[][] seen;
    private final boolean[][] allowed;
    private final long[][] windows;
    // what the touch passes read, kept so that the reads are not optimised away
    private long touched;

    /** The answers of {@code references} for blocks of {@code blockSize} requests whose keys {@code keys} numbers. */
    ExactPass(ExactReferences references, RequestKeys keys, int blockSize) {
        this.references = references;
        this.keys = keys;
        int n = references.count();
        this.seesAll = new boolean[n];
        this.seen = new boolean[n][blockSize];
        this.allowed = new boolean[n][blockSize];
        this.windows = new long[n][blockSize];
        for (int r = 0; r < n; r++) {
            seesAll[r] = references.seesAll(r);
            Arrays.fill(seen[r], seesAll[r]);
        }
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

    /** Whether reference {@code reference} let through the request at {@code slot}, which it saw, of this block. */
    boolean allowed(int reference, int slot) {
        return allowed[reference][slot];
    }

    /** The number of reference {@code reference}'s window the request at {@code slot} counted in. */
    long window(int reference, int slot) {
        return windows[reference][slot];
    }

    /** The number of the request at {@code slot}'s key under reference {@code reference}. */
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

    /**
     * Numbers the keys of the block's first {@code size} requests under every reference that sees them, reference
     * after reference, then decides each reference for each request it sees, in arrival order; with
     * {@code touchAhead} ({@link RunContext#touchAhead}) the counters of the next few requests are read in one short
     * loop before they are decided, so that their cache misses overlap.
     */
    void decide(Request[] block, int size, boolean touchAhead) {
        int n = references.count();
        for (int r = 0; r < n; r++) {
            numberKeys(r, block, size);
        }
        for (int slot = 0; slot < size; slot++) {
            if (touchAhead && (slot & (AHEAD - 1)) == 0) {
                touch(slot, Math.min(size, slot + AHEAD));
            }
            Request request = block[slot];
            for (int r = 0; r < n; r++) {
                if (seen[r][slot]) {
                    int key = key(r, slot);
                    allowed[r][slot] = references.allows(r, key, request.timeNanos(), request.cost());
                    windows[r][slot] = references.window(r, key, request.timeNanos());
                }
            }
        }
    }

    // notes which requests reference r sees and numbers their keys of its kind
    private void numberKeys(int r, Request[] block, int size) {
        KeyKind kind = references.keyKind(r);
        if (seesAll[r]) {
            keys.loadAll(kind, block, size);
            return;
        }
        for (int slot = 0; slot < size; slot++) {
            seen[r][slot] = references.sees(r, block[slot].client());
            if (seen[r][slot]) {
                keys.id(slot, block[slot], kind);
            }
        }
    }

    private void touch(int from, int to) {
        long read = 0;
        for (int slot = from; slot < to; slot++) {
            for (int r = 0; r < seen.length; r++) {
                if (seen[r][slot]) {
                    read += references.touch(r, key(r, slot));
                }
            }
        }
        touched += read;
    }
}
