package io.edgesim.traffic;

/**
 * A client's rate over its active time: {@code startPerSecond} at the start, changing linearly to
 * {@code endPerSecond} at the end of {@code spanSeconds}. Arrivals are placed by inverting the cumulative rate
 * Λ(u) = r0·u + (r1 − r0)·u² / (2·span): the k-th constant arrival sits where Λ = phase + k, and Poisson arrivals
 * where Λ crosses a running sum of unit exponentials, which is exact for a ramped rate as well.
 *
 * @param startPerSecond rate at the start, greater than 0
 * @param endPerSecond   rate at the end, 0 or more
 * @param spanSeconds    length of the active time, greater than 0
 */
record RateProfile(double startPerSecond, double endPerSecond, double spanSeconds) {

    /** Expected number of requests over the whole span. */
    double total() {
        return (startPerSecond + endPerSecond) / 2 * spanSeconds;
    }

    /**
     * Seconds from the start at which the cumulative rate reaches {@code cumulative}, or NaN when it never does
     * within the span.
     */
    double secondsAt(double cumulative) {
        if (cumulative >= total()) {
            return Double.NaN;
        }
        double halfSlope = (endPerSecond - startPerSecond) / (2 * spanSeconds);
        if (halfSlope == 0) {
            return cumulative / startPerSecond;
        }
        double discriminant = startPerSecond * startPerSecond + 4 * halfSlope * cumulative;
        if (discriminant < 0) {
            return Double.NaN;
        }
        // the root of halfSlope·u² + r0·u − Λ = 0 written without cancellation
        return 2 * cumulative / (startPerSecond + Math.sqrt(discriminant));
    }
}
