package io.edgesim.model.reference;

import java.util.HashMap;
import java.util.Map;

/**
 * sliding-window, Cloudflare's approximation: with the counts of epoch-aligned windows, the rate at elapsed e into
 * window k is count(k - 1) x (W - e) / W + count(k); compared times W, in whole numbers, so nothing is rounded.
 */
final class ReferenceSlidingWindow extends ReferenceCounter {

    private final long windowNanos;
    private final Map<Long, Long> countByWindow = new HashMap<>();

    ReferenceSlidingWindow(long limit, long windowNanos, boolean countAll) {
        super(limit, countAll);
        this.windowNanos = windowNanos;
    }

    // the estimate at nanos, times W
    private long estimateTimesWindow(long nanos) {
        long window = Math.floorDiv(nanos, windowNanos);
        long elapsed = nanos - window * windowNanos;
        return Math.addExact(Math.multiplyExact(countByWindow.getOrDefault(window - 1, 0L), windowNanos - elapsed),
                Math.multiplyExact(countByWindow.getOrDefault(window, 0L), windowNanos));
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return estimateTimesWindow(nanos) + cost * windowNanos <= full * windowNanos;
    }

    @Override
    protected void count(long nanos, long cost) {
        long window = Math.floorDiv(nanos, windowNanos);
        countByWindow.merge(window, cost, Long::sum);
        countByWindow.keySet().removeIf(w -> w < window - 1);
    }

    @Override
    protected long remainingAt(long nanos) {
        // limit - ceil(estimate): the cost-1 requests that fit
        return full - (estimateTimesWindow(nanos) + windowNanos - 1) / windowNanos;
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceSlidingWindow c = new ReferenceSlidingWindow(full, windowNanos, countsAll());
        c.countByWindow.putAll(countByWindow);
        return c;
    }

    @Override
    public String toString() {
        return "sliding-window{counts by window " + countByWindow + "}";
    }
}
