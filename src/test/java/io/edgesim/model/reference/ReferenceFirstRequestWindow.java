package io.edgesim.model.reference;

/**
 * fixed-window, anchor first-request (the seed article's Durable Object code): a window opens at the first request
 * that counts something and ends W later; a request after its end finds the count at 0.
 */
final class ReferenceFirstRequestWindow extends ReferenceCounter {

    private final long windowNanos;
    private boolean open;
    private long startNanos;
    private long count;

    ReferenceFirstRequestWindow(long limit, long windowNanos, boolean countAll) {
        super(limit, countAll);
        this.windowNanos = windowNanos;
    }

    private boolean openAt(long nanos) {
        return open && nanos - startNanos < windowNanos;
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return (openAt(nanos) ? count : 0) + cost <= full;
    }

    @Override
    protected void count(long nanos, long cost) {
        if (cost == 0) {
            return;
        }
        if (!openAt(nanos)) {
            open = true;
            startNanos = nanos;
            count = 0;
        }
        count += cost;
    }

    @Override
    protected long remainingAt(long nanos) {
        return full - (openAt(nanos) ? count : 0);
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceFirstRequestWindow c = new ReferenceFirstRequestWindow(full, windowNanos, countsAll());
        c.open = open;
        c.startNanos = startNanos;
        c.count = count;
        return c;
    }

    @Override
    public String toString() {
        return "first-request window{" + (open ? "start " + startNanos + ", count " + count : "none open") + "}";
    }
}
