package io.edgesim.result;

/** Added-latency percentiles of one limiter in one region, milliseconds (HdrHistogram, 3 significant digits). */
public record LatencyStats(double p50, double p90, double p99, double max) {
}
