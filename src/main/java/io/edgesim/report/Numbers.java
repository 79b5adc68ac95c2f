package io.edgesim.report;

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

    static String usd(double value) {
        return "$" + fixed(value, 2);
    }
}
