package io.edgesim.model.reference;

import java.math.BigDecimal;

/**
 * A rate of tokens per second written as a decimal, p / 10^s, in whole units so that the rate counters are exact: one
 * token is {@code unitsPerToken = 10^s x 10^9} units and one nanosecond brings {@code unitsPerNano = p} units.
 * Refuses a rate with more than 9 decimals (the tests use short decimals).
 */
record Rate(long unitsPerNano, long unitsPerToken) {

    static Rate of(double ratePerSecond) {
        BigDecimal rate = BigDecimal.valueOf(ratePerSecond).stripTrailingZeros();
        int decimals = Math.max(0, rate.scale());
        if (decimals > 9) {
            throw new IllegalArgumentException("the reference takes rates of at most 9 decimals, not " + ratePerSecond);
        }
        return new Rate(rate.movePointRight(decimals).longValueExact(),
                BigDecimal.TEN.pow(decimals).longValueExact() * 1_000_000_000L);
    }
}
