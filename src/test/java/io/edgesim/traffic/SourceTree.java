package io.edgesim.traffic;

import java.util.function.IntToLongFunction;

/**
 * The plain reference for {@link SourceCalendar}: the merge main used before it, kept to check the calendar's order
 * against on seeded workloads (as {@code model/reference} does for the tiers).
 *
 * <p>The merge of the sources by (next time, index): a tournament tree of losers over source indices, in one primitive
 * array, so merging ten thousand (or a million) clients costs no allocation per request. Equal times come out in
 * index order: the fixed tie-break that makes the merged stream deterministic. The keys are unique, so the order out
 * is the one any correct priority queue on (time, index) gives (a 4-ary heap did this before, request for request).
 *
 * <p>Why a loser tree rather than a heap: the merge only ever gives the source just taken a new time, and the new
 * time of a Poisson client falls anywhere among the others, so a heap sifts it most of the way down, comparing every
 * child of every node on the way (about 27 comparisons for 10,000 sources in a 4-ary heap), and each comparison on
 * random times is a branch the processor mispredicts about half the time. A loser tree replays one match per level
 * instead, from the source's leaf up to the root (14 for 10,000 sources), along a path known in advance, and each
 * match is written without a branch (below), so nothing is mispredicted.
 *
 * <p>Layout: the tree is complete over {@code leaves}, the number of sources rounded up to a power of two (the extra
 * leaves are sources that are done). Node 1 is the root, node {@code v}'s children are {@code 2v} and
 * {@code 2v + 1}, and source {@code s} is leaf {@code leaves + s}, so the leaves of a node's left subtree have lower
 * indices than those of its right one. Each inner node holds the loser of the match between the winners of its two
 * subtrees; the overall winner (the top) is kept apart. When the top gets a new time, the winner of every subtree on
 * its path may change but that of every other subtree does not: at each node on the path, the candidate coming up
 * plays the loser stored there, which is the other subtree's winner.
 */
final class SourceTree {

    private final int leaves;
    // the loser of each inner node's match, node v (1..leaves-1) at 2v (its time) and 2v + 1 (its source); entries
    // 0 and 1 are unused. Time and source side by side: a replay reads one cache line per level, not two (with a
    // million sources the lower levels are far beyond the caches)
    private final long[] losers;
    private long topNanos;
    private int top;

    /**
     * A tree over sources {@code 0..count-1}, {@code firstNanos} giving each source's first time (0 or more, or
     * {@link Source#DONE}).
     */
    SourceTree(int count, IntToLongFunction firstNanos) {
        leaves = count <= 1 ? 1 : Integer.highestOneBit(count - 1) << 1;
        losers = new long[2 * leaves];
        // the matches level by level from the leaves up; the winners of a level, left to right, are compacted to the
        // front of these two arrays (entry k of the level above is written after entries 2k and 2k + 1 are read)
        long[] winnerNanos = new long[leaves];
        int[] winners = new int[leaves];
        for (int s = 0; s < leaves; s++) {
            winnerNanos[s] = s < count ? requireNotNegative(firstNanos.applyAsLong(s)) : Sources.DONE;
            winners[s] = s;
        }
        for (int width = leaves; width > 1; width >>>= 1) {
            int firstNode = width >>> 1;
            for (int k = 0; k < firstNode; k++) {
                int left = 2 * k;
                // the left side wins ties: its sources have the lower indices
                int win = winnerNanos[left + 1] < winnerNanos[left] ? left + 1 : left;
                int lose = win ^ 1;
                losers[2 * (firstNode + k)] = winnerNanos[lose];
                losers[2 * (firstNode + k) + 1] = winners[lose];
                winnerNanos[k] = winnerNanos[win];
                winners[k] = winners[win];
            }
        }
        topNanos = winnerNanos[0];
        top = winners[0];
    }

    /** True when every source is done. */
    boolean isEmpty() {
        return topNanos == Sources.DONE;
    }

    /** The source with the earliest next time (lowest index among equals). */
    int top() {
        return top;
    }

    /**
     * Gives the top source a new time (0 or more, or {@link Source#DONE} when it is done) and replays its matches up
     * to the root.
     *
     * <p>Each match is branch-free: the stored loser wins when it is earlier, or equally early and on the left
     * (the candidate came up from the right child, an odd node), that is when {@code stored - fromRight < time}.
     * With both times in [0, {@code Long.MAX_VALUE}] that difference cannot overflow, so its sign bit, spread over
     * a whole word, is a mask that is all ones exactly when the two swap; the swap itself is done with that mask.
     */
    void replaceTop(long timeNanos) {
        long time = requireNotNegative(timeNanos);
        int source = top;
        for (int child = leaves + source, node = child >>> 1; node > 0; child = node, node >>>= 1) {
            long storedNanos = losers[2 * node];
            int stored = (int) losers[2 * node + 1];
            long swap = (storedNanos - (child & 1) - time) >> 63;
            long nanosDiff = (storedNanos ^ time) & swap;
            int sourceDiff = (stored ^ source) & (int) swap;
            losers[2 * node] = storedNanos ^ nanosDiff;
            losers[2 * node + 1] = stored ^ sourceDiff;
            time ^= nanosDiff;
            source ^= sourceDiff;
        }
        topNanos = time;
        top = source;
    }

    // the branch-free match holds for times of 0 or more only; every source starts at 0 or later
    private static long requireNotNegative(long timeNanos) {
        if (timeNanos < 0) {
            throw new IllegalArgumentException("a source's time must not be negative, was " + timeNanos);
        }
        return timeNanos;
    }
}
