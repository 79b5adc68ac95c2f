package io.edgesim.engine.virtual;

import java.util.Arrays;

/**
 * A min-heap of events keyed by (time, order), with the keys in primitive arrays; the caller numbers the events in the
 * order it adds them, so events due at the same time come out in that order, which keeps runs deterministic (the keys
 * are unique, so the order out is the same for any correct heap). Four children per node rather than two: half as
 * deep, and a node's children sit next to each other in memory. {@link EventQueue} keeps here the events it has no
 * bucket for.
 *
 * @param <T> the event payload
 */
final class EventHeap<T> {

    private static final int ARITY = 4;

    private long[] times = new long[64];
    private long[] orders = new long[64];
    private Object[] payloads = new Object[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Time of the earliest event; only when not empty. */
    long peekTime() {
        return times[0];
    }

    /** Order of the earliest event; only when not empty. */
    long peekOrder() {
        return orders[0];
    }

    /** Adds an event; {@code order} is unique (the caller's count of the events it added). */
    void add(long time, long order, T payload) {
        if (size == times.length) {
            int capacity = size * 2;
            times = Arrays.copyOf(times, capacity);
            orders = Arrays.copyOf(orders, capacity);
            payloads = Arrays.copyOf(payloads, capacity);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) / ARITY;
            if (!before(time, order, times[parent], orders[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, order, payload);
    }

    /** Removes and returns the earliest event; only when not empty. */
    @SuppressWarnings("unchecked")
    T poll() {
        T top = (T) payloads[0];
        int last = --size;
        long time = times[last];
        long order = orders[last];
        Object payload = payloads[last];
        payloads[last] = null;
        if (size == 0) {
            return top;
        }
        int i = 0;
        while (true) {
            int first = ARITY * i + 1;
            if (first >= size) {
                break;
            }
            int end = Math.min(first + ARITY, size);
            int least = first;
            for (int c = first + 1; c < end; c++) {
                if (before(times[c], orders[c], times[least], orders[least])) {
                    least = c;
                }
            }
            if (!before(times[least], orders[least], time, order)) {
                break;
            }
            move(least, i);
            i = least;
        }
        set(i, time, order, payload);
        return top;
    }

    static boolean before(long timeA, long orderA, long timeB, long orderB) {
        return timeA < timeB || (timeA == timeB && orderA < orderB);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        orders[to] = orders[from];
        payloads[to] = payloads[from];
    }

    private void set(int i, long time, long order, Object payload) {
        times[i] = time;
        orders[i] = order;
        payloads[i] = payload;
    }
}
