package io.edgesim.model.reference;

/** fixed-window, anchor epoch: the count of window floor(t / W), 0 in any other window. */
final class ReferenceFixedWindow extends ReferenceCounter {

    private final long windowNanos;
    private long window = Long.MIN_VALUE;
    private long count;

    ReferenceFixedWindow(long limit, long windowNanos, boolean countAll) {
        super(limit, countAll);
        this.windowNanos = windowNanos;
    }

    private long countAt(long nanos) {
        return Math.floorDiv(nanos, windowNanos) == window ? count : 0;
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return countAt(nanos) + cost <= full;
    }

    @Override
    protected void count(long nanos, long cost) {
        count = countAt(nanos) + cost;
        window = Math.floorDiv(nanos, windowNanos);
    }

    @Override
    protected long remainingAt(long nanos) {
        return full - countAt(nanos);
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceFixedWindow c = new ReferenceFixedWindow(full, windowNanos, countsAll());
        c.window = window;
        c.count = count;
        return c;
    }

    @Override
    public String toString() {
        return "fixed-window{window " + window + ", count " + count + "}";
    }
}
