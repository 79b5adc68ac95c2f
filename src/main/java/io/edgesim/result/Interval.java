package io.edgesim.result;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The mean of a figure over replications and its 95 % confidence interval: mean +- t(0.975, n - 1) * sd / sqrt(n),
 * with sd the sample standard deviation (divided by n - 1) and t Student's quantile. With one value the interval is
 * the value itself (there is no spread to estimate). The interval is symmetric and not clipped: a count near 0 can
 * have a negative lower end. Every figure is rounded to 4 decimals.
 *
 * @param mean     the mean of the values
 * @param ci95Low  the lower end of the interval
 * @param ci95High the upper end
 */
public record Interval(double mean, double ci95Low, double ci95High) {

    /** The mean and 95 % interval of {@code values} (at least one), summed in the order given. */
    public static Interval of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("an interval needs at least one value");
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Interval(round(mean), round(mean), round(mean));
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double halfWidth = StudentT.quantile975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
        return new Interval(round(mean), round(mean - halfWidth), round(mean + halfWidth));
    }

    /** Half the width of the interval, rounded to 4 decimals: the interval is the mean +- this. */
    public double halfWidth() {
        return round((ci95High - ci95Low) / 2);
    }

    private static double round(double value) {
        return BigDecimal.valueOf(value).setScale(4, RoundingMode.HALF_UP).doubleValue();
    }
}
