package io.edgesim.traffic;

/**
 * A min-heap of source indices keyed by (next time, index), in two primitive arrays, so merging ten thousand (or a
 * million) clients costs no allocation per request. Equal times come out in index order: the fixed tie-break that
 * makes the merged stream deterministic (the keys are unique, so the order out is the same for any correct heap).
 *
 * <p>Four children per node rather than two: the tree is half as deep, and a node's children sit next to each other
 * in memory, so taking the top of a large heap reads about half as many cache lines.
 */
final class SourceHeap {

    private static final int ARITY = 4;

    private final long[] times;
    private final int[] sources;
    private int size;

    SourceHeap(int capacity) {
        times = new long[capacity];
        sources = new int[capacity];
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(int source, long timeNanos) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) / ARITY;
            if (!before(timeNanos, source, times[parent], sources[parent])) {
                break;
            }
            times[i] = times[parent];
            sources[i] = sources[parent];
            i = parent;
        }
        times[i] = timeNanos;
        sources[i] = source;
    }

    /** The source with the earliest next time (lowest index among equals). */
    int top() {
        return sources[0];
    }

    /** Gives the top source a new time and restores the order. */
    void replaceTop(long timeNanos) {
        siftDown(timeNanos, sources[0]);
    }

    void removeTop() {
        size--;
        if (size > 0) {
            siftDown(times[size], sources[size]);
        }
    }

    private static boolean before(long timeA, int sourceA, long timeB, int sourceB) {
        return timeA < timeB || (timeA == timeB && sourceA < sourceB);
    }

    /** Puts (time, source) at the root and moves it down to its place. */
    private void siftDown(long time, int source) {
        int i = 0;
        while (true) {
            int first = ARITY * i + 1;
            if (first >= size) {
                break;
            }
            int last = Math.min(first + ARITY, size);
            int least = first;
            for (int c = first + 1; c < last; c++) {
                if (before(times[c], sources[c], times[least], sources[least])) {
                    least = c;
                }
            }
            if (!before(times[least], sources[least], time, source)) {
                break;
            }
            times[i] = times[least];
            sources[i] = sources[least];
            i = least;
        }
        times[i] = time;
        sources[i] = source;
    }
}
