package io.edgesim.model.algorithm;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A refill rate as an exact fraction, so that rate-based counters never drift. A rate of {@code num / 10^s} tokens
 * per second (the decimal the setting was written as) is held in integer units: one token is
 * {@code unitsPerToken = 10^s * 1e9} units and one nanosecond refills {@code unitsPerNano = num} units. With an
 * integer rate a unit is exactly one nano-token.
 *
 * <p>Invariant: {@code 2 * burst * unitsPerToken} fits in a long, so a full bucket plus a request of up to
 * {@code burst} tokens never overflows. A rate with more decimals than that allows (or than 9) is rounded to the
 * nearest representable one; that only happens for rates with many significant digits or huge bursts.
 *
 * @param unitsPerNano  units one nanosecond refills (> 0)
 * @param unitsPerToken units in one token (> 0); the emission interval is unitsPerToken / unitsPerNano ns
 */
record ExactRate(long unitsPerNano, long unitsPerToken) {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int MAX_DECIMALS = 9;

    /** The exact (or nearest representable) form of {@code ratePerSecond} for a bucket of {@code burst} tokens. */
    static ExactRate of(double ratePerSecond, long burst) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be greater than 0, was " + ratePerSecond);
        }
        ExactMath.requirePositive("burst", burst);
        if (ratePerSecond == Math.rint(ratePerSecond) && ratePerSecond < Long.MAX_VALUE
                && burst <= Long.MAX_VALUE / (2 * NANOS_PER_SECOND)) {
            return new ExactRate((long) ratePerSecond, NANOS_PER_SECOND);
        }
        BigDecimal rate = BigDecimal.valueOf(ratePerSecond).stripTrailingZeros();
        for (int decimals = Math.min(MAX_DECIMALS, Math.max(0, rate.scale())); decimals >= 0; decimals--) {
            long unitsPerToken = BigDecimal.TEN.pow(decimals).longValueExact() * NANOS_PER_SECOND;
            BigInteger num = rate.movePointRight(decimals).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
            boolean capacityFits = Math.multiplyHigh(burst, 2 * unitsPerToken) == 0 && burst * 2 * unitsPerToken > 0;
            if (capacityFits && num.signum() > 0 && num.bitLength() < Long.SIZE - 1) {
                return new ExactRate(num.longValueExact(), unitsPerToken);
            }
        }
        throw new IllegalArgumentException("rate " + ratePerSecond + "/s with burst " + burst
                + " cannot be represented; use a burst below " + Long.MAX_VALUE / (2 * NANOS_PER_SECOND));
    }

    /**
     * The time, rounded up to the nanosecond, in which {@code tokens} tokens refill; exact for
     * {@code tokens <= burst} of the bucket this rate was made for (that much always fits in a long).
     */
    long nanosToRefill(long tokens) {
        return ExactMath.ceilDiv(tokens * unitsPerToken, unitsPerNano);
    }
}
