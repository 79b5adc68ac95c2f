package io.edgesim.result;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The mean of a figure over replications with its 95 % expanded percentile-bootstrap interval, and the median and
 * range of the values. The interval: {@link #RESAMPLES} times, draw n values with replacement from the n values and
 * take their mean; sort those means; the ends are the a and 1 - a points (the means at positions floor(a B) and
 * ceil((1 - a) B) - 1, counted from 0). The plain percentile bootstrap takes a = 2.5 %, and covers the mean of a
 * skewed figure too rarely at small n (about 86 % of the time at n = 10); the expanded one (Hesterberg) widens it to
 * a = 1 - Phi(sqrt(n / (n - 1)) t(0.975, n - 1)), Phi the normal distribution function (a = 1.6 % at n = 20, 0.9 %
 * at n = 10). Every end is the mean of some of the values, so the interval never leaves [min, max]: a count is never
 * negative, a share stays in [0, 1], whatever the skew. The draws come from a generator seeded by the caller, so the
 * same values and seed give the same interval. With one value, or values all equal, the interval is the value
 * itself; with two, their range. Every figure is rounded to 8 decimals (a share of 50,000 keys over 10 runs moves in
 * steps of 0.000002; 4 decimals made a threshold or a comparison of it move in steps of 0.01 points).
 *
 * @param mean     the mean of the values
 * @param ci95Low  the lower end of the interval
 * @param ci95High the upper end
 * @param median   the median of the values (the mean of the middle two for an even count)
 * @param min      the smallest value
 * @param max      the largest value
 */
public record Interval(double mean, double ci95Low, double ci95High, double median, double min, double max) {

    /** How many bootstrap resamples an interval is read from. */
    public static final int RESAMPLES = 2000;

    /** The mean, interval, median and range of {@code values} (at least one), resampled with {@code seed}. */
    public static Interval of(double[] values, long seed) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("an interval needs at least one value");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double mean = mean(values);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        if (sorted[0] == sorted[n - 1]) {
            return rounded(mean, mean, mean, median, sorted[0], sorted[n - 1]);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            means[b] = sum / n;
        }
        Arrays.sort(means);
        double tail = tail(n);
        double low = means[(int) Math.floor(tail * RESAMPLES)];
        double high = means[(int) Math.ceil((1 - tail) * RESAMPLES) - 1];
        return rounded(mean, low, high, median, sorted[0], sorted[n - 1]);
    }

    /**
     * True when the mean says little on its own: it differs from the median by more than 5 % of the larger of the
     * two (in magnitude), as when one run is far from the others. Reports then show the median and range beside it.
     */
    public boolean skewed() {
        return Math.abs(mean - median) > 0.05 * Math.max(Math.abs(mean), Math.abs(median));
    }

    /** The share a of the resampled means left out at each end for n values (at least 2). */
    static double tail(int n) {
        return 1 - normalCdf(StrictMath.sqrt(n / (n - 1.0)) * StudentT.quantile975(n - 1));
    }

    // Phi(x) for x >= 0: Abramowitz and Stegun 7.1.26, within 1.5e-7; StrictMath, so every JVM gives the same bits
    private static double normalCdf(double x) {
        double z = x / StrictMath.sqrt(2);
        double t = 1 / (1 + 0.3275911 * z);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
                + t * 1.061405429))));
        return 1 - 0.5 * poly * StrictMath.exp(-z * z);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static Interval rounded(double mean, double low, double high, double median, double min, double max) {
        return new Interval(round(mean), round(low), round(high), round(median), round(min), round(max));
    }

    private static double round(double value) {
        return BigDecimal.valueOf(value).setScale(8, RoundingMode.HALF_UP).doubleValue();
    }
}
