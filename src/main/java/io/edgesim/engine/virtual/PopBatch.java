package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;
import java.util.Set;

/**
 * The requests that the groups deciding by PoP have yet to decide (see {@code VirtualEngine}), several blocks of them,
 * kept as arrays rather than as the requests: each one's arrival time, cost, PoP index, key numbers and the answers of
 * the exact references its groups are judged against ({@link ExactAnswers}), by its index in arrival order. Once
 * full, the batch is taken apart by PoP ({@link #sortByPop}): PoP p's requests are then places
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
    // [reference][index], null for a reference the batch does not keep: whether it let the request through, and the
    // number of its window the request counted in
    private final boolean[][] exactAllowed;
    private final long[][] exactWindows;
    // by place, and the way between the two
    private final int[] start;
    private int[] index;
    private int[] place;
    private long[] placeNanos;
    private int[] placeCost;

    /**
     * Room for {@code capacity} requests in {@code pops} PoPs, keeping their key numbers of {@code kinds} and the
     * answers of the exact references numbered {@code references} (of the run's {@code referenceCount}).
     */
    PopBatch(int pops, int capacity, Set<KeyKind> kinds, Set<Integer> references, int referenceCount) {
        this.capacity = capacity;
        int room = Math.min(capacity, FIRST_ROOM);
        this.nanos = new long[room];
        this.cost = new int[room];
        this.pop = new int[room];
        for (KeyKind kind : kinds) {
            numbers[kind.ordinal()] = new int[room];
        }
        this.exactAllowed = new boolean[referenceCount][];
        this.exactWindows = new long[referenceCount][];
        for (int r : references) {
            exactAllowed[r] = new boolean[room];
            exactWindows[r] = new long[room];
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

    /** Whether exact reference {@code reference} (one the batch keeps) let the request of index {@code i} through. */
    boolean exactAllowed(int reference, int i) {
        return exactAllowed[reference][i];
    }

    /** The number of exact reference {@code reference}'s window the request of index {@code i} counted in. */
    long exactWindow(int reference, int i) {
        return exactWindows[reference][i];
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
        for (int r = 0; r < exactAllowed.length; r++) {
            if (exactAllowed[r] != null) {
                exactAllowed[r] = Arrays.copyOf(exactAllowed[r], room);
                exactWindows[r] = Arrays.copyOf(exactWindows[r], room);
            }
        }
        index = new int[room];
        place = new int[room];
        placeNanos = new long[room];
        placeCost = new int[room];
        return true;
    }

    /**
     * What the batch keeps per request, in bytes, when it keeps {@code kinds} kinds of key numbers and the answers of
     * {@code references} exact references.
     */
    static long bytesPerRequest(int kinds, int references) {
        // arrival, cost, PoP, key numbers and exact answers by index; index and place; arrival and cost by place
        return 8 + 4 + 4 + 4L * kinds + (1 + 8L) * references + 4 + 4 + 8 + 4;
    }

    /** True when {@code more} requests would not fit. */
    boolean wouldOverflow(int more) {
        return size + more > capacity;
    }

    /**
     * Adds the first {@code count} requests of {@code block}, of PoP indices {@code pops}, with their key numbers
     * from {@code keys} and their exact references' answers from {@code exact} (those of requests whose key of a kind
     * was not numbered, or that a reference did not see, are stale and must not be read).
     */
    void append(Request[] block, int[] pops, int count, RequestKeys keys, ExactAnswers exact) {
        for (int k = 0; k < KINDS; k++) {
            if (numbers[k] != null) {
                System.arraycopy(keys.numbers(KeyKind.values()[k]), 0, numbers[k], size, count);
            }
        }
        for (int r = 0; r < exactAllowed.length; r++) {
            if (exactAllowed[r] != null) {
                exact.copy(r, count, exactAllowed[r], exactWindows[r], size);
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
