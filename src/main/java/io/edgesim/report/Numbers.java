package io.edgesim.report;

import io.edgesim.result.LimiterResult;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Number formatting for reports: fixed decimals, no locale, no exponent. */
final class Numbers {

    private Numbers() {
    }

    static String fixed(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    static String ms(double value) {
        return fixed(value, value >= 100 ? 1 : 2);
    }

    /** {@code value} rounded half up to {@code decimals}, without trailing zeros: "1312", "3.91", "0.5". */
    static String upTo(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /** A number of seconds without trailing zeros: "60", "0.5". */
    static String seconds(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** A figure averaged over replications: 1 decimal from 100 on, else 2. */
    static String mean(double value) {
        return fixed(value, Math.abs(value) >= 100 ? 1 : 2);
    }

    /** {@code count} as a percentage of {@code of} (more than 0): "1.7%", "<0.1%" for a share too small to show. */
    static String share(long count, long of) {
        double percent = 100.0 * count / of;
        return count > 0 && percent < 0.05 ? "<0.1%" : fixed(percent, 1) + "%";
    }

    static String usd(double value) {
        return "$" + fixed(value, 2);
    }

    /**
     * A limiter's multiplication with 2 decimals and {@code suffix} ("3.00x"), or, when the exact count accepted
     * nothing, why there is none: "unbounded" (requests were let through) or "n/a" (none were either).
     */
    static String multiplication(LimiterResult limiter, String suffix) {
        if (limiter.multiplication().isPresent()) {
            return fixed(limiter.multiplication().getAsDouble(), 2) + suffix;
        }
        return limiter.multiplicationUnbounded() ? "unbounded" : "n/a";
    }
}
