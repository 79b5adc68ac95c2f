package io.edgesim.model.reference;

/**
 * gcra (redis-cell): emission interval T = 1 / rate, tolerance burst x T; a request of cost n at now computes
 * TAT' = max(TAT, now) + n x T and passes iff TAT' - now <= burst x T, then TAT = TAT'. Times are held in units of
 * 1 / unitsPerNano ns ({@link Rate}), where T is exactly unitsPerToken units.
 */
final class ReferenceGcra extends ReferenceCounter {

    private final double ratePerSecond;
    private final Rate rate;
    // the theoretical arrival time, in units; none before the first counted request (TAT = now then)
    private Long tatUnits;

    ReferenceGcra(double ratePerSecond, long burst) {
        super(burst, false);
        this.ratePerSecond = ratePerSecond;
        this.rate = Rate.of(ratePerSecond);
    }

    private long nowUnits(long nanos) {
        return Math.multiplyExact(nanos, rate.unitsPerNano());
    }

    // max(TAT, now) - now, in units
    private long aheadUnits(long nanos) {
        return tatUnits == null ? 0 : Math.max(0, tatUnits - nowUnits(nanos));
    }

    @Override
    protected boolean passesAt(long nanos, long cost) {
        return aheadUnits(nanos) + cost * rate.unitsPerToken() <= full * rate.unitsPerToken();
    }

    @Override
    protected void count(long nanos, long cost) {
        tatUnits = nowUnits(nanos) + aheadUnits(nanos) + cost * rate.unitsPerToken();
    }

    @Override
    protected long remainingAt(long nanos) {
        // floor((burst x T - (TAT - now)) / T)
        return Math.floorDiv(full * rate.unitsPerToken() - aheadUnits(nanos), rate.unitsPerToken());
    }

    @Override
    protected ReferenceCounter copyState() {
        ReferenceGcra c = new ReferenceGcra(ratePerSecond, full);
        c.tatUnits = tatUnits;
        return c;
    }

    @Override
    public String toString() {
        return "gcra{TAT " + (tatUnits == null ? "none" : tatUnits + " units (" + rate.unitsPerNano() + " a ns)")
                + "}";
    }
}
