package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;
import java.util.Set;

/**
 * The requests that the groups deciding by PoP have yet to decide (see {@code VirtualEngine}), several blocks of them,
 * kept as arrays rather than as the requests: each one's arrival time, cost, PoP index and key numbers, by its index
 * in arrival order. Once full, the batch is taken apart by PoP ({@link #sortByPop}): PoP p's requests are then places
 * {@link #start}[p] to {@link #start}[p + 1] - 1, in arrival order, each with its index ({@link #index}), arrival
 * time and cost; {@link #place}[index] is an index's place. A pass over one PoP then reads these arrays in order,
 * and the more requests the batch holds, the more often it finds a key's counters in the processor's caches.
 */
final class PopBatch {

    private static final int KINDS = KeyKind.values().length;

    // room is made as requests come, up to the capacity, so that a short run holds little
    private static final int FIRST_ROOM = 1_024;

    final int capacity;
    int size;
    // by index
    long[] nanos;
    int[] cost;
    int[] pop;
    private final int[][] numbers = new int[KINDS][];
    // by place, and the way between the two
    final int[] start;
    int[] index;
    int[] place;
    long[] placeNanos;
    int[] placeCost;

    /** Room for {@code capacity} requests in {@code pops} PoPs, keeping their key numbers of {@code kinds}. */
    PopBatch(int pops, int capacity, Set<KeyKind> kinds) {
        this.capacity = capacity;
        int room = Math.min(capacity, FIRST_ROOM);
        this.nanos = new long[room];
        this.cost = new int[room];
        this.pop = new int[room];
        for (KeyKind kind : kinds) {
            numbers[kind.ordinal()] = new int[room];
        }
        this.start = new int[pops + 1];
        this.index = new int[room];
        this.place = new int[room];
        this.placeNanos = new long[room];
        this.placeCost = new int[room];
    }

    /** The requests the arrays have room for now (up to {@link #capacity}). */
    int room() {
        return nanos.length;
    }

    /**
     * Makes room for {@code more} requests after the ones held (at most up to the capacity: call only when they fit,
     * see {@link #wouldOverflow}); true when the arrays were replaced, so that what is kept beside them must grow too.
     */
    boolean makeRoom(int more) {
        int needed = size + more;
        if (needed <= room()) {
            return false;
        }
        int room = (int) Math.min(capacity, Math.max(needed, 2L * room()));
        nanos = Arrays.copyOf(nanos, room);
        cost = Arrays.copyOf(cost, room);
        pop = Arrays.copyOf(pop, room);
        for (int k = 0; k < KINDS; k++) {
            if (numbers[k] != null) {
                numbers[k] = Arrays.copyOf(numbers[k], room);
            }
        }
        index = new int[room];
        place = new int[room];
        placeNanos = new long[room];
        placeCost = new int[room];
        return true;
    }

    /** What the batch keeps per request, in bytes, when it keeps {@code kinds} kinds of key numbers. */
    static long bytesPerRequest(int kinds) {
        // arrival, cost, PoP and key numbers by index; index and place; arrival and cost by place
        return 8 + 4 + 4 + 4L * kinds + 4 + 4 + 8 + 4;
    }

    /** True when {@code more} requests would not fit. */
    boolean wouldOverflow(int more) {
        return size + more > capacity;
    }

    /**
     * Adds the first {@code count} requests of {@code block}, of PoP indices {@code pops}, with their key numbers
     * from {@code keys} (those of requests whose key of a kind was not numbered are stale and must not be read).
     */
    void append(Request[] block, int[] pops, int count, RequestKeys keys) {
        for (int k = 0; k < KINDS; k++) {
            if (numbers[k] != null) {
                System.arraycopy(keys.numbers(KeyKind.values()[k]), 0, numbers[k], size, count);
            }
        }
        System.arraycopy(pops, 0, pop, size, count);
        for (int i = 0; i < count; i++) {
            Request request = block[i];
            nanos[size + i] = request.timeNanos();
            cost[size + i] = request.cost();
        }
        size += count;
    }

    /** The key numbers of kind {@code kind} (one the batch keeps) by index. */
    int[] numbers(KeyKind kind) {
        return numbers[kind.ordinal()];
    }

    /** Takes the batch apart by PoP: fills {@link #start}, {@link #index}, {@link #place} and the arrays by place. */
    void sortByPop() {
        Arrays.fill(start, 0);
        for (int i = 0; i < size; i++) {
            start[pop[i] + 1]++;
        }
        for (int p = 1; p < start.length; p++) {
            start[p] += start[p - 1];
        }
        int[] next = Arrays.copyOf(start, start.length - 1);
        for (int i = 0; i < size; i++) {
            int at = next[pop[i]]++;
            index[at] = i;
            place[i] = at;
            placeNanos[at] = nanos[i];
            placeCost[at] = cost[i];
        }
    }

    /** Fills {@code into} with the values of {@code byIndex} by place. */
    void gather(int[] byIndex, int[] into) {
        for (int at = 0; at < size; at++) {
            into[at] = byIndex[index[at]];
        }
    }

    /** Empties the batch. */
    void clear() {
        size = 0;
    }
}
