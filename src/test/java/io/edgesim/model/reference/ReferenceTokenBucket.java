package io.edgesim.model.reference;

/**
 * token-bucket (golang.org/x/time/rate): {@code burst} tokens, full at first, refilled at the rate up to the burst; a
 * request of cost n passes with n tokens in the bucket and takes them. Tokens are held in whole units ({@link Rate}).
 */
final class ReferenceTokenBucket extends ReferenceCounter {

    private final double ratePerSecond;
    private final Rate rate;
    private final long capacityUnits;
    private long unitsAtLast;
    private long lastNanos;
    private boolean started;

    ReferenceTokenBucket(double ratePerSecond, long burst) {
        super(burst, false);
        this.ratePerSecond = ratePerSecond;
        this.rate = Rate.of(ratePerSecond);
        this.capacityUnits = Math.multiplyExact(burst, rate.unitsPerToken());
        this.unitsAtLast = capacityUnits;
    }

    private long unitsAt(long nanos) {
        if (!started) {
            return capacityUnits;
        }
        long elapsed = nanos - lastNanos;
        // a gap that refills the whole bucket, checked before multiplying so that nothing overflows
        if (elapsed >= capacityUnits / rate.unitsPerNano() + 1) {
            return capacityUnits;
        }
        return Math.min(capacityUnits, unitsAtLast + elapsed * rate.unitsPerNano());
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return cost * rate.unitsPerToken() <= unitsAt(nanos);
    }

    @Override
    protected void count(long nanos, long cost) {
        unitsAtLast = unitsAt(nanos) - cost * rate.unitsPerToken();
        lastNanos = nanos;
        started = true;
    }

    @Override
    protected long remainingAt(long nanos) {
        return unitsAt(nanos) / rate.unitsPerToken();
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceTokenBucket c = new ReferenceTokenBucket(ratePerSecond, full);
        c.unitsAtLast = unitsAtLast;
        c.lastNanos = lastNanos;
        c.started = started;
        return c;
    }

    @Override
    public String toString() {
        return "token-bucket{" + (started ? unitsAtLast + " units (of " + rate.unitsPerToken() + " a token) at "
                + lastNanos : "full, untouched") + "}";
    }
}
