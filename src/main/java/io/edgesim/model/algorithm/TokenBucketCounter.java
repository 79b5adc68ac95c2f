package io.edgesim.model.algorithm;

/**
 * A token bucket with the golang.org/x/time/rate {@code AllowN} semantics: capacity {@code burst} tokens, refilled
 * continuously at {@code ratePerSecond}, full at the start. A request of cost n passes iff {@code n <= burst} and
 * the bucket holds at least n tokens, which it then takes; a refused request changes nothing.
 *
 * <p>Exact: the state is the number of units missing from a full bucket at the last call (see {@link ExactRate};
 * for an integer rate a unit is one nano-token), so refills are integer and a long run never drifts.
 *
 * <p>Decisions: {@code remaining} is the whole tokens left; a refusal waits exactly until n tokens have refilled,
 * or forever when n exceeds the burst; {@code resetNanos} is when the bucket is full again (now if it is).
 * State: the last time and the missing units, besides the configuration (five longs in all).
 */
public final class TokenBucketCounter implements FlatCounter {

    // shared by a counter and its copies, so that a million keys carry one configuration and not a million
    private final Config config;
    private long lastNanos = Long.MIN_VALUE;
    private long missingUnits;

    /** A full bucket of {@code burst} tokens refilled at {@code ratePerSecond}; both must be positive. */
    public TokenBucketCounter(double ratePerSecond, long burst) {
        this(new Config(ExactRate.of(ratePerSecond, burst), burst));
    }

    private TokenBucketCounter(Config config) {
        this.config = config;
    }

    @Override
    public Decision tryAcquire(long nowNanos, long cost) {
        boolean allowed = acquire(nowNanos, cost);
        long retryAfterNanos = allowed ? 0 : cost > config.burst ? Long.MAX_VALUE
                : ExactMath.ceilDiv(missingUnits + cost * config.unitsPerToken - config.burst * config.unitsPerToken,
                        config.unitsPerNano);
        return decision(allowed, nowNanos, retryAfterNanos);
    }

    @Override
    public boolean acquire(long nowNanos, long cost) {
        ExactMath.requireCost(cost);
        refill(nowNanos);
        long burst = config.burst;
        long unitsPerToken = config.unitsPerToken;
        if (cost > burst) {
            return false;
        }
        long wantedUnits = missingUnits + cost * unitsPerToken;
        if (wantedUnits <= burst * unitsPerToken) {
            missingUnits = wantedUnits;
            return true;
        }
        return false;
    }

    private void refill(long nowNanos) {
        if (missingUnits > 0 && nowNanos > lastNanos) {
            long elapsedNanos = nowNanos - lastNanos;
            long unitsPerNano = config.unitsPerNano;
            missingUnits = elapsedNanos >= ExactMath.ceilDiv(missingUnits, unitsPerNano) ? 0
                    : missingUnits - elapsedNanos * unitsPerNano;
        }
        lastNanos = Math.max(lastNanos, nowNanos);
    }

    private Decision decision(boolean allowed, long nowNanos, long retryAfterNanos) {
        long remaining = config.burst - ExactMath.ceilDiv(missingUnits, config.unitsPerToken);
        long resetNanos = nowNanos + ExactMath.ceilDiv(missingUnits, config.unitsPerNano);
        return new Decision(allowed, remaining, retryAfterNanos, resetNanos);
    }

    @Override
    public int stateLongs() {
        return 2;
    }

    @Override
    public void load(long[] state, int at) {
        lastNanos = FlatCounter.value(state[at]);
        missingUnits = state[at + 1];
    }

    @Override
    public void store(long[] state, int at) {
        state[at] = FlatCounter.stored(lastNanos);
        state[at + 1] = missingUnits;
    }

    @Override
    public RateCounter copy() {
        TokenBucketCounter c = new TokenBucketCounter(config);
        c.lastNanos = lastNanos;
        c.missingUnits = missingUnits;
        return c;
    }

    private record Config(long burst, long unitsPerNano, long unitsPerToken) {

        Config(ExactRate rate, long burst) {
            this(burst, rate.unitsPerNano(), rate.unitsPerToken());
        }
    }
}
