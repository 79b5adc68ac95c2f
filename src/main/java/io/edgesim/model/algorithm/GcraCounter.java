package io.edgesim.model.algorithm;

/**
 * The generic cell rate algorithm in its theoretical-arrival-time (TAT) form, with the redis-cell semantics:
 * emission interval {@code T = 1 / ratePerSecond}, {@code burst = max_burst + 1} (redis-cell's "limit"), delay
 * variation tolerance {@code burst * T}. A request of cost n computes {@code TAT' = max(TAT, now) + n * T} and
 * passes iff {@code TAT' - now <= burst * T} (equality passes: redis-cell refuses only when now is strictly before
 * {@code TAT' - burst * T}); then TAT becomes TAT'. A refused request leaves TAT unchanged.
 *
 * <p>Edge cases: the first request sees TAT = now (a full allowance of {@code burst}); cost 0 always passes and
 * changes nothing; cost above the burst can never pass (retry-after {@code Long.MAX_VALUE}); T need not be a whole
 * number of nanoseconds: TAT is held to a fraction of a nanosecond (see {@link ExactRate}), so spacing is exact.
 * With these semantics GCRA decides exactly as {@link TokenBucketCounter} with the same rate and burst (the known
 * equivalence; TAT - now is the bucket's missing tokens times T), which the tests check.
 *
 * <p>Decisions: {@code remaining = floor((burst * T - (TAT - now)) / T)}; retry-after is
 * {@code TAT' - burst * T - now}, rounded up to the nanosecond; {@code resetNanos} is TAT (rounded up), when the
 * full allowance is back, or now if it is. State: TAT as nanoseconds plus a sub-nanosecond remainder, besides
 * the configuration (five longs in all).
 */
public final class GcraCounter implements FlatCounter {

    // shared by a counter and its copies, so that a million keys carry one configuration and not a million
    private final Config config;
    private long tatNanos = Long.MIN_VALUE;
    /** The fraction of a nanosecond past tatNanos, in units of 1 / unitsPerNano ns; in [0, unitsPerNano). */
    private long tatFractionUnits;

    /** A counter emitting one token per 1 / {@code ratePerSecond} s with {@code burst} tokens of tolerance. */
    public GcraCounter(double ratePerSecond, long burst) {
        this(new Config(ExactRate.of(ratePerSecond, burst), burst));
    }

    private GcraCounter(Config config) {
        this.config = config;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        boolean allowed = acquire(nowNanos, cost);
        // after the call: TAT' - now when allowed, TAT - now (unchanged) when not
        long aheadUnits = unitsAhead(nowNanos);
        long retryAfterNanos = allowed ? 0 : cost > config.burst ? Long.MAX_VALUE
                : ExactMath.ceilDiv(aheadUnits + cost * config.unitsPerToken - config.burst * config.unitsPerToken,
                        config.unitsPerNano);
        return decision(allowed, nowNanos, aheadUnits, retryAfterNanos);
    }

    @Override
    public boolean acquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        if (cost > config.burst) {
            return false;
        }
        long unitsPerNano = config.unitsPerNano;
        long newAheadUnits = unitsAhead(nowNanos) + cost * config.unitsPerToken;
        if (newAheadUnits <= config.burst * config.unitsPerToken) {
            tatNanos = nowNanos + newAheadUnits / unitsPerNano;
            tatFractionUnits = newAheadUnits % unitsPerNano;
            return true;
        }
        return false;
    }

    /** max(TAT, now) - now, in units of 1 / unitsPerNano ns. */
    private long unitsAhead(long nowNanos) {
        if (tatNanos < nowNanos) {
            return 0;
        }
        return (tatNanos - nowNanos) * config.unitsPerNano + tatFractionUnits;
    }

    private Decision decision(boolean allowed, long nowNanos, long aheadUnits, long retryAfterNanos) {
        long remaining = config.burst - ExactMath.ceilDiv(aheadUnits, config.unitsPerToken);
        long resetNanos = nowNanos + ExactMath.ceilDiv(aheadUnits, config.unitsPerNano);
        return new Decision(allowed, remaining, retryAfterNanos, resetNanos);
    }

    @Override
    public int stateLongs() {
        return 2;
    }

    @Override
    public void load(long[] state, int at) {
        tatNanos = FlatCounter.value(state[at]);
        tatFractionUnits = state[at + 1];
    }

    @Override
    public void store(long[] state, int at) {
        state[at] = FlatCounter.stored(tatNanos);
        state[at + 1] = tatFractionUnits;
    }

    @Override
    public RateCounter copy() {
        GcraCounter c = new GcraCounter(config);
        c.tatNanos = tatNanos;
        c.tatFractionUnits = tatFractionUnits;
        return c;
    }

    private record Config(long burst, long unitsPerNano, long unitsPerToken) {

        Config(ExactRate rate, long burst) {
            this(burst, rate.unitsPerNano(), rate.unitsPerToken());
        }
    }
}
