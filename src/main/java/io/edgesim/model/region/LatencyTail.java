package io.edgesim.model.region;

import io.edgesim.model.Seeds;

/**
 * A latency distribution with a tail: a shifted lognormal, {@code floor + exp(mu + sigma * Z)} with Z standard
 * normal. The floor is the part no request escapes (propagation time: light in fibre over the distance), the
 * lognormal part the queueing above it. Fitted to a median and a 99th percentile (and, when given, a 90th, which then
 * fixes the floor too). A distribution whose p99 equals its p50 has no tail: every draw is the median.
 *
 * <p>A draw maps a 64-bit key to a quantile ({@link #atKey}), so the same key gives the same value in every engine
 * and no generator state is shared. Immutable; all values in nanoseconds.
 */
public final class LatencyTail {

    /** The largest (p99 - floor) / (p50 - floor) a fit without a given p90 makes: a floor is lowered to keep it. */
    public static final double MAX_TAIL_RATIO = 10;

    /**
     * The largest (p99 - floor) / (p50 - floor) a fit to a given p90 may have: a p90 nearer the p50 would need a floor
     * so close to the median that the 99.99th percentile lies seconds beyond the 99th (p50 250 ms and p99 400 ms
     * with this stretch put the 99.99th near 2.6 s).
     */
    public static final double MAX_GIVEN_TAIL_RATIO = 100;

    // standard normal quantiles of 0.90 and 0.99
    static final double Z90 = 1.2815515655446004;
    static final double Z99 = 2.3263478740408408;

    private final long p50Nanos;
    private final long p99Nanos;
    private final double floorNanos;
    private final double mu;
    private final double sigma;

    private LatencyTail(long p50Nanos, long p99Nanos, double floorNanos, double mu, double sigma) {
        this.p50Nanos = p50Nanos;
        this.p99Nanos = p99Nanos;
        this.floorNanos = floorNanos;
        this.mu = mu;
        this.sigma = sigma;
    }

    /** No tail: every draw is {@code nanos}. */
    public static LatencyTail constant(long nanos) {
        return new LatencyTail(nanos, nanos, nanos, Double.NEGATIVE_INFINITY, 0);
    }

    /** A service time: a lognormal (floor 0) through {@code median} and {@code p99}; always the median without a tail. */
    public static LatencyTail serviceTime(long medianNanos, long p99Nanos) {
        return p99Nanos == medianNanos || medianNanos <= 0 ? constant(medianNanos) : fit(medianNanos, p99Nanos, 0.0);
    }

    /**
     * The shifted lognormal with median {@code p50}, 99th percentile {@code p99} and the given floor; a floor not
     * below the median is taken as 0 (a plain lognormal), and a floor so close to the median that the part above it
     * would stretch more than {@link #MAX_TAIL_RATIO} times from p50 to p99 is lowered until it does not (a floor
     * a hair below the median would otherwise give draws of many seconds beyond the p99).
     *
     * @throws IllegalArgumentException when p50 is not positive or p99 is below p50
     */
    public static LatencyTail fit(long p50Nanos, long p99Nanos, double floorNanos) {
        if (p50Nanos <= 0 || p99Nanos < p50Nanos) {
            throw new IllegalArgumentException("need 0 < p50 <= p99, got p50 " + p50Nanos + ", p99 " + p99Nanos);
        }
        if (p99Nanos == p50Nanos) {
            return constant(p50Nanos);
        }
        double floor = floorNanos >= 0 && floorNanos < p50Nanos ? floorNanos : 0;
        floor = Math.max(0, Math.min(floor, (MAX_TAIL_RATIO * p50Nanos - p99Nanos) / (MAX_TAIL_RATIO - 1)));
        return shifted(p50Nanos, p99Nanos, floor);
    }

    /**
     * The shifted lognormal through p50, p90 and p99: the floor is the one that puts the p90 where given (its part
     * above the floor may stretch up to {@link #MAX_GIVEN_TAIL_RATIO} times from p50 to p99).
     *
     * @throws IllegalArgumentException when no such floor fits: see {@link #p90Range}
     */
    public static LatencyTail fitWithP90(long p50Nanos, long p90Nanos, long p99Nanos) {
        double[] range = p90Range(p50Nanos, p99Nanos);
        if (!(p50Nanos < p99Nanos && p90Nanos >= range[0] && p90Nanos <= range[1])) {
            throw new IllegalArgumentException("p90 " + p90Nanos + " outside [" + range[0] + ", " + range[1] + "]");
        }
        // p90(floor) falls from range[1] at floor 0 to range[0] at the highest floor: bisect
        double low = 0;
        double high = highestFloor(p50Nanos, p99Nanos);
        for (int i = 0; i < 200; i++) {
            double mid = (low + high) / 2;
            if (p90For(p50Nanos, p99Nanos, mid) > p90Nanos) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return shifted(p50Nanos, p99Nanos, low);
    }

    /**
     * The p90s a shifted lognormal with this p50 and p99 can be fitted to ({@link #fitWithP90}), {@code [lowest,
     * highest]}: from the one whose part above its floor stretches {@link #MAX_GIVEN_TAIL_RATIO} times from p50 to
     * p99 up to that of a plain lognormal (floor 0).
     */
    public static double[] p90Range(long p50Nanos, long p99Nanos) {
        return new double[] {p90For(p50Nanos, p99Nanos, highestFloor(p50Nanos, p99Nanos)),
                p90For(p50Nanos, p99Nanos, 0)};
    }

    // the floor F at which (p99 - F) / (p50 - F) is MAX_GIVEN_TAIL_RATIO (0 if even a plain lognormal stretches more)
    private static double highestFloor(double p50, double p99) {
        return Math.max(0, (MAX_GIVEN_TAIL_RATIO * p50 - p99) / (MAX_GIVEN_TAIL_RATIO - 1));
    }

    private static LatencyTail shifted(long p50Nanos, long p99Nanos, double floor) {
        double mu = StrictMath.log(p50Nanos - floor);
        double sigma = StrictMath.log((p99Nanos - floor) / (p50Nanos - floor)) / Z99;
        return new LatencyTail(p50Nanos, p99Nanos, floor, mu, sigma);
    }

    private static double p90For(double p50, double p99, double floor) {
        double k = Z90 / Z99;
        return floor + StrictMath.pow(p50 - floor, 1 - k) * StrictMath.pow(p99 - floor, k);
    }

    /** The median, nanoseconds. */
    public long p50Nanos() {
        return p50Nanos;
    }

    /** The 99th percentile, nanoseconds. */
    public long p99Nanos() {
        return p99Nanos;
    }

    /** The floor (no draw is below it), nanoseconds. */
    public double floorNanos() {
        return floorNanos;
    }

    /** The mean of the draws, nanoseconds: the floor plus the lognormal's {@code exp(mu + sigma^2 / 2)}. */
    public double meanNanos() {
        return sigma == 0 ? p50Nanos : floorNanos + StrictMath.exp(mu + sigma * sigma / 2);
    }

    /** Whether draws vary at all. */
    public boolean hasTail() {
        return sigma > 0;
    }

    /** The value at quantile {@code u} in (0, 1). */
    public long quantile(double u) {
        if (sigma == 0) {
            return p50Nanos;
        }
        return Math.round(floorNanos + StrictMath.exp(mu + sigma * NormalQuantile.of(u)));
    }

    /** The draw for {@code key}: the quantile at a uniform number mixed from the key. */
    public long atKey(long key) {
        return sigma == 0 ? p50Nanos : quantile(uniform(key));
    }

    /** A uniform number in (0, 1) mixed from {@code key} (SplitMix64's finalizer, 53 bits, never 0). */
    public static double uniform(long key) {
        return ((Seeds.mix(key + 0x9e3779b97f4a7c15L) >>> 11) + 0.5) * 0x1.0p-53;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "p50 %.3f ms, p99 %.3f ms, floor %.3f ms", p50Nanos / 1e6,
                p99Nanos / 1e6, floorNanos / 1e6);
    }
}
