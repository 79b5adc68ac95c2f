package io.edgesim.engine.virtual;

import java.util.Arrays;

/**
 * The engine's events (requests reaching a remote tier, replies reaching their PoP) in order of (time, insertion
 * order): events due at the same time come out in the order they were added, which keeps runs deterministic.
 *
 * <p>Most events are due within a round trip, a few hundred milliseconds after the event that adds them, and come out
 * in nearly the order they go in. So the {@value #BUCKETS} time slots of 2^{@value #SLOT_SHIFT} ns (about 1 ms, half a
 * second in all) from the latest event taken each keep their events in a small array sorted by (time, order), usually
 * by appending; taking the earliest event is taking the head of the first slot that has any. (A heap of every event
 * compares, at each of its levels, keys that the processor cannot predict, twice per remote request.) Events beyond
 * the slots, and any added before the latest event taken, wait in an {@link EventHeap}; the earliest event is the
 * earlier of the two heads. Not thread-safe.
 *
 * @param <T> the event payload
 */
final class EventQueue<T> {

    static final int SLOT_SHIFT = 20;
    static final int BUCKETS = 512;
    private static final int MASK = BUCKETS - 1;
    // the most events an insertion into a slot moves; beyond, the event goes to the heap
    static final int MAX_MOVES = 16;
    // the longest arrays an emptied slot keeps for its next events
    private static final int KEPT_SLOT_LENGTH = 1_024;

    // per slot, its events from head to tail - 1, sorted by (time, order); arrays made when first needed
    private final long[][] times = new long[BUCKETS][];
    private final long[][] orders = new long[BUCKETS][];
    private final Object[][] payloads = new Object[BUCKETS][];
    private final int[] heads = new int[BUCKETS];
    private final int[] tails = new int[BUCKETS];
    private final EventHeap<T> later = new EventHeap<>();
    // the slots kept are numbers (time >> SLOT_SHIFT) base to base + BUCKETS - 1: base is the latest event taken's
    // (set by the first event added until one is taken); no event kept in them is earlier
    private long base;
    private boolean based;
    // the number of the first slot with events, while any has some
    private long first;
    private int inSlots;
    private long nextOrder;

    boolean isEmpty() {
        return inSlots == 0 && later.isEmpty();
    }

    int size() {
        return inSlots + later.size();
    }

    /** Time of the earliest event; only when not empty. */
    long peekTime() {
        if (fromSlots()) {
            int b = (int) first & MASK;
            return times[b][heads[b]];
        }
        return later.peekTime();
    }

    void add(long time, T payload) {
        long order = nextOrder++;
        long slot = time >> SLOT_SHIFT;
        if (!based) {
            base = slot;
            based = true;
        }
        if (slot < base || slot - base >= BUCKETS) {
            later.add(time, order, payload);
            return;
        }
        if (inSlots == 0 || slot < first) {
            first = slot;
        }
        int b = (int) slot & MASK;
        if (times[b] == null) {
            times[b] = new long[8];
            orders[b] = new long[8];
            payloads[b] = new Object[8];
        }
        // its place in the slot: after every event before it, looked for from the tail (it is usually the latest);
        // one that would move more than MAX_MOVES events goes to the heap instead (a burst arriving in many orders)
        int head = heads[b];
        int tail = tails[b];
        int place = tail;
        while (place > head && EventHeap.before(time, order, times[b][place - 1], orders[b][place - 1])) {
            if (tail - place == MAX_MOVES) {
                later.add(time, order, payload);
                return;
            }
            place--;
        }
        if (tail == times[b].length) {
            if (2 * head >= tail) {
                // half the array or more free at the front: the events move up to it (only then, so that a slot
                // taken from and added to in turn does not move all its events for each event added)
                int live = tail - head;
                System.arraycopy(times[b], head, times[b], 0, live);
                System.arraycopy(orders[b], head, orders[b], 0, live);
                System.arraycopy(payloads[b], head, payloads[b], 0, live);
                Arrays.fill(payloads[b], live, tail, null);
                heads[b] = 0;
                place -= head;
                tail = live;
            } else {
                times[b] = Arrays.copyOf(times[b], 2 * tail);
                orders[b] = Arrays.copyOf(orders[b], 2 * tail);
                payloads[b] = Arrays.copyOf(payloads[b], 2 * tail);
            }
        }
        int moved = tail - place;
        System.arraycopy(times[b], place, times[b], place + 1, moved);
        System.arraycopy(orders[b], place, orders[b], place + 1, moved);
        System.arraycopy(payloads[b], place, payloads[b], place + 1, moved);
        times[b][place] = time;
        orders[b][place] = order;
        payloads[b][place] = payload;
        tails[b] = tail + 1;
        inSlots++;
    }

    /** Removes and returns the earliest event; only when not empty. */
    @SuppressWarnings("unchecked")
    T poll() {
        if (!fromSlots()) {
            base = Math.max(base, later.peekTime() >> SLOT_SHIFT);
            return later.poll();
        }
        base = first;
        int b = (int) first & MASK;
        int head = heads[b];
        T payload = (T) payloads[b][head];
        payloads[b][head] = null;
        inSlots--;
        if (++head < tails[b]) {
            heads[b] = head;
        } else {
            heads[b] = 0;
            tails[b] = 0;
            if (times[b].length > KEPT_SLOT_LENGTH) {
                // a burst's arrays go with it: the slots are reused every half second, and each would otherwise keep
                // room for the largest burst it ever held
                times[b] = null;
                orders[b] = null;
                payloads[b] = null;
            }
            // on to the next slot with events, if any
            if (inSlots > 0) {
                do {
                    first++;
                    b = (int) first & MASK;
                } while (heads[b] == tails[b]);
            }
        }
        return payload;
    }

    // whether the earliest event is the first slot's head rather than the later events' earliest
    private boolean fromSlots() {
        if (inSlots == 0) {
            return false;
        }
        if (later.isEmpty()) {
            return true;
        }
        int b = (int) first & MASK;
        int head = heads[b];
        return EventHeap.before(times[b][head], orders[b][head], later.peekTime(), later.peekOrder());
    }
}
