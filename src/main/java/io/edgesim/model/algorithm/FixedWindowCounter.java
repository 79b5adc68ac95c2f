package io.edgesim.model.algorithm;

/**
 * Counts requests in window floor(t / W), windows aligned to the epoch (scenario time 0); the count resets at each
 * boundary. Allows up to {@code limit} tokens per window.
 */
public final class FixedWindowCounter implements RateCounter {

    private final long limit;
    private final long windowNanos;
    private long windowIndex = Long.MIN_VALUE;
    private long count;

    public FixedWindowCounter(long limit, long windowNanos) {
        this.limit = limit;
        this.windowNanos = windowNanos;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        long index = Math.floorDiv(nowNanos, windowNanos);
        if (index != windowIndex) {
            windowIndex = index;
            count = 0;
        }
        long resetNanos = (index + 1) * windowNanos;
        if (cost > limit) {
            return new Decision(false, limit - count, Long.MAX_VALUE, resetNanos);
        }
        if (count + cost <= limit) {
            count += cost;
            return new Decision(true, limit - count, 0, resetNanos);
        }
        return new Decision(false, limit - count, resetNanos - nowNanos, resetNanos);
    }

    @Override
    public RateCounter copy() {
        FixedWindowCounter c = new FixedWindowCounter(limit, windowNanos);
        c.windowIndex = windowIndex;
        c.count = count;
        return c;
    }
}
