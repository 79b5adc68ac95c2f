package io.edgesim.model.algorithm;

import java.math.BigDecimal;

/** Formatting of nanosecond durations and numbers for tables and messages. */
public final class Durations {

    public static final long NANOS_PER_MILLI = 1_000_000L;
    public static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Durations() {
    }

    /** "60s", "1.5s", "250ms", "1d", "2h", "10m". */
    public static String format(long nanos) {
        if (nanos % (86_400L * NANOS_PER_SECOND) == 0 && nanos > 0) {
            return nanos / (86_400L * NANOS_PER_SECOND) + "d";
        }
        if (nanos % (3_600L * NANOS_PER_SECOND) == 0 && nanos > 0) {
            return nanos / (3_600L * NANOS_PER_SECOND) + "h";
        }
        if (nanos >= NANOS_PER_SECOND) {
            return formatNumber(nanos / (double) NANOS_PER_SECOND) + "s";
        }
        if (nanos >= NANOS_PER_MILLI) {
            return formatNumber(nanos / (double) NANOS_PER_MILLI) + "ms";
        }
        return nanos + "ns";
    }

    /** A number without trailing zeros: 10, 2.5, 0.125. */
    public static String formatNumber(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    public static double toMillis(long nanos) {
        return nanos / (double) NANOS_PER_MILLI;
    }
}
