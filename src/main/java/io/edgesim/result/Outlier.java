package io.edgesim.result;

import java.util.Arrays;
import java.util.OptionalInt;

/**
 * The replication furthest from the others on one figure, when it is far enough to be a finding: "seed 7:
 * durable-object latency p99 in SYD 1312 ms, others 402 to 431 ms". The rule (Iglewicz and Hoaglin's modified
 * z-score): with m the median of the n values and MAD the median of |x - m|, a value's robust z is
 * 0.6745 (x - m) / MAD; when MAD is 0 (more than half the runs agree exactly), (x - m) / (1.2533 MeanAD), MeanAD the
 * mean of |x - m|. The furthest run is the one with the largest |z| (the earliest seed on a tie); it is named when
 * |z| > {@link #THRESHOLD} (far for the spread of the runs) and it is more than {@link #MATERIAL} of |m| away from the
 * median (far for the figure itself: 8 keys against 7, or a p99 of 266.9 ms against 266.4, is not a finding), and no
 * other run has its value (three runs at 4 keys among seventeen at 3 are not one run far from the others), with at
 * least {@link #MIN_RUNS} runs, every one with a value. When the median is 0, any other value is material.
 *
 * @param figure    the figure
 * @param seed      the seed of the furthest run
 * @param value     its value
 * @param othersMin the smallest value of the other runs
 * @param othersMax the largest value of the other runs
 * @param robustZ   its robust z-score, rounded to 2 decimals
 */
public record Outlier(Figure figure, long seed, double value, double othersMin, double othersMax, double robustZ) {

    /** The |robust z| above which the furthest run is named. */
    public static final double THRESHOLD = 3.5;

    /** How far from the median, as a share of it, a run must be to be named. */
    public static final double MATERIAL = 0.25;

    /** The fewest runs a furthest one is looked for in: with two, neither is further from the other. */
    public static final int MIN_RUNS = 3;

    /** The index of the run furthest from the others by the rule above, if it passes the threshold. */
    static OptionalInt furthest(double[] values) {
        double[] z = robustZ(values);
        if (z.length == 0) {
            return OptionalInt.empty();
        }
        int furthest = 0;
        for (int i = 1; i < z.length; i++) {
            if (Math.abs(z[i]) > Math.abs(z[furthest])) {
                furthest = i;
            }
        }
        double median = median(values);
        boolean material = Math.abs(values[furthest] - median) > MATERIAL * Math.abs(median);
        double far = values[furthest];
        boolean alone = Arrays.stream(values).filter(v -> v == far).count() == 1;
        return Math.abs(z[furthest]) > THRESHOLD && material && alone ? OptionalInt.of(furthest)
                : OptionalInt.empty();
    }

    /** Each value's robust z-score; empty when there are too few runs, a run without a value, or no spread. */
    static double[] robustZ(double[] values) {
        if (values.length < MIN_RUNS || Arrays.stream(values).anyMatch(Double::isNaN)) {
            return new double[0];
        }
        double median = median(values);
        double[] deviations = Arrays.stream(values).map(v -> Math.abs(v - median)).toArray();
        double mad = median(deviations);
        double scale = mad > 0 ? mad / 0.6745 : 1.253314 * Arrays.stream(deviations).average().orElse(0);
        if (scale == 0) {
            return new double[0];
        }
        return Arrays.stream(values).map(v -> (v - median) / scale).toArray();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
