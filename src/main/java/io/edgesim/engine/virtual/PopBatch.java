package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;
import java.util.Set;

/**
 * The requests that the groups deciding by PoP have yet to decide (see {@code VirtualEngine}), several blocks of them,
 * kept as arrays rather than as the requests: each one's arrival time, cost, PoP index and key numbers, by its index
 * in arrival order. Once full, the batch is taken apart by PoP ({@link #sortByPop}): PoP p's requests are then places
 * {@link #popStart}(p) to {@link #popEnd}(p) - 1, in arrival order, each with its index ({@link #indexAt}), arrival
 * time and cost; {@link #placeOf}(index) is an index's place. A pass over one PoP then reads them in order, and the
 * more requests the batch holds, the more often it finds a key's counters in the processor's caches.
 */
final class PopBatch {

    private static final int KINDS = KeyKind.values().length;

    // room is made as requests come, up to the capacity, so that a short run holds little
    private static final int FIRST_ROOM = 1_024;

    private final int capacity;
    private int size;
    // by index
    private long[] nanos;
    private int[] cost;
    private int[] pop;
    private final int[][] numbers = new int[KINDS][];
    // by place, and the way between the two
    private final int[] start;
    private int[] index;
    private int[] place;
    private long[] placeNanos;
    private int[] placeCost;

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

    /** The most requests the batch takes. */
    int capacity() {
        return capacity;
    }

    /** The requests it holds. */
    int size() {
        return size;
    }

    /** The PoPs its requests come from. */
    int pops() {
        return start.length - 1;
    }

    /** The first place of PoP {@code pop}'s requests, once taken apart by PoP. */
    int popStart(int pop) {
        return start[pop];
    }

    /** The place after the last of PoP {@code pop}'s requests, once taken apart by PoP. */
    int popEnd(int pop) {
        return start[pop + 1];
    }

    /** The index (arrival order) of the request at place {@code at}. */
    int indexAt(int at) {
        return index[at];
    }

    /** The arrival time of the request at place {@code at}. */
    long nanosAt(int at) {
        return placeNanos[at];
    }

    /** The cost of the request at place {@code at}. */
    int costAt(int at) {
        return placeCost[at];
    }

    /** The place of the request of index {@code i}. */
    int placeOf(int i) {
        return place[i];
    }

    /** The arrival time of the request of index {@code i}. */
    long nanos(int i) {
        return nanos[i];
    }

    /** The cost of the request of index {@code i}. */
    int cost(int i) {
        return cost[i];
    }

    /** The PoP index of the request of index {@code i}. */
    int pop(int i) {
        return pop[i];
    }

    /** The key number of kind {@code kind} (one the batch keeps) of the request of index {@code i}. */
    int number(KeyKind kind, int i) {
        return numbers[kind.ordinal()][i];
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


    /** Takes the batch apart by PoP: PoP after PoP, each one's requests in arrival order. */
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

    /** Fills {@code into} with the key numbers of kind {@code kind} (one the batch keeps) by place. */
    void gather(KeyKind kind, int[] into) {
        int[] byIndex = numbers[kind.ordinal()];
        for (int at = 0; at < size; at++) {
            into[at] = byIndex[index[at]];
        }
    }

    /** Empties the batch. */
    void clear() {
        size = 0;
    }
}
