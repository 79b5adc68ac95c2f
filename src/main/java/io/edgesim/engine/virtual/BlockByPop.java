package io.edgesim.engine.virtual;

import io.edgesim.model.Request;

import java.util.Arrays;

/**
 * The block being decided, taken apart by PoP for the groups that decide one PoP after another (see
 * {@code VirtualEngine}): PoP p's requests are places {@link #start}[p] to {@link #start}[p + 1] - 1, in arrival
 * order, each with its slot in the block ({@link #slot}), arrival time and cost (and key numbers,
 * {@link #gather}), so that a pass over one PoP reads these arrays in order and nothing else of the requests.
 * {@link #place}[slot] is a slot's place. Built at most once per block, when a group first needs it.
 */
final class BlockByPop {

    final int[] start;
    final int[] slot;
    final int[] place;
    final long[] nanos;
    final int[] cost;
    private long builtFor = -1;
    private int size;

    BlockByPop(int pops, int blockSize) {
        this.start = new int[pops + 1];
        this.slot = new int[blockSize];
        this.place = new int[blockSize];
        this.nanos = new long[blockSize];
        this.cost = new int[blockSize];
    }

    /**
     * Takes apart the first {@code size} requests of {@code block}, whose PoP indices are {@code pops}, unless it
     * did so already for {@code generation} (the block's number).
     */
    void build(long generation, Request[] block, int[] pops, int size) {
        if (builtFor == generation) {
            return;
        }
        builtFor = generation;
        this.size = size;
        Arrays.fill(start, 0);
        for (int i = 0; i < size; i++) {
            start[pops[i] + 1]++;
        }
        for (int p = 1; p < start.length; p++) {
            start[p] += start[p - 1];
        }
        // a counting sort: next free place per PoP, kept in the slots of the PoP after it until the end
        int[] next = new int[start.length - 1];
        System.arraycopy(start, 0, next, 0, next.length);
        for (int i = 0; i < size; i++) {
            int at = next[pops[i]]++;
            slot[at] = i;
            place[i] = at;
            Request request = block[i];
            nanos[at] = request.timeNanos();
            cost[at] = request.cost();
        }
    }

    /** Fills {@code into} with the values of {@code bySlot} (indexed by slot) by place. */
    void gather(int[] bySlot, int[] into) {
        for (int at = 0; at < size; at++) {
            into[at] = bySlot[slot[at]];
        }
    }
}
