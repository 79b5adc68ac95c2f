package io.edgesim.traffic;

/**
 * A binary min-heap of source indices keyed by (next time, index), in two primitive arrays, so merging ten thousand
 * clients costs no allocation per request. Equal times come out in index order: the fixed tie-break that makes the
 * merged stream deterministic.
 */
final class SourceHeap {

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
        times[size] = timeNanos;
        sources[size] = source;
        siftUp(size++);
    }

    /** The source with the earliest next time (lowest index among equals). */
    int top() {
        return sources[0];
    }

    /** Gives the top source a new time and restores the order. */
    void replaceTop(long timeNanos) {
        times[0] = timeNanos;
        siftDown(0);
    }

    void removeTop() {
        size--;
        times[0] = times[size];
        sources[0] = sources[size];
        if (size > 0) {
            siftDown(0);
        }
    }

    private boolean before(int a, int b) {
        return times[a] < times[b] || (times[a] == times[b] && sources[a] < sources[b]);
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(i, parent)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int child = left + 1 < size && before(left + 1, left) ? left + 1 : left;
            if (!before(child, i)) {
                return;
            }
            swap(i, child);
            i = child;
        }
    }

    private void swap(int a, int b) {
        long t = times[a];
        times[a] = times[b];
        times[b] = t;
        int s = sources[a];
        sources[a] = sources[b];
        sources[b] = s;
    }
}
