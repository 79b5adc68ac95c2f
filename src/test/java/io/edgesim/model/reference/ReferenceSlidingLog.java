package io.edgesim.model.reference;

import java.util.ArrayList;
import java.util.List;

/** sliding-log: every counted token's time; a token counted at s counts at t while t - s < W. */
final class ReferenceSlidingLog extends ReferenceCounter {

    private final long windowNanos;
    private final List<Long> tokenTimes = new ArrayList<>();

    ReferenceSlidingLog(long limit, long windowNanos, boolean countAll) {
        super(limit, countAll);
        this.windowNanos = windowNanos;
    }

    private long countAt(long nanos) {
        long counted = 0;
        for (long s : tokenTimes) {
            if (nanos - s < windowNanos) {
                counted++;
            }
        }
        return counted;
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return countAt(nanos) + cost <= full;
    }

    @Override
    protected void count(long nanos, long cost) {
        tokenTimes.removeIf(s -> nanos - s >= windowNanos);
        for (long i = 0; i < cost; i++) {
            tokenTimes.add(nanos);
        }
    }

    @Override
    protected long remainingAt(long nanos) {
        return full - countAt(nanos);
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceSlidingLog c = new ReferenceSlidingLog(full, windowNanos, countsAll());
        c.tokenTimes.addAll(tokenTimes);
        return c;
    }

    @Override
    public String toString() {
        return "sliding-log{token times " + tokenTimes + "}";
    }
}
