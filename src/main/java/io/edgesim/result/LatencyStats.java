package io.edgesim.result;

/**
 * Added-latency percentiles of one limiter in one region, milliseconds to the microsecond (nearest rank; exact for up
 * to 256 distinct values, else within HdrHistogram's 3 significant digits), and the number of requests they were read
 * from: a p99 of a few requests is not a p99.
 */
public record LatencyStats(double p50, double p90, double p99, double max, long samples) {
}
