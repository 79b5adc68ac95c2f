package io.edgesim.result;

/** One limiter's outcome for the requests that landed in one region. */
public record RegionResult(Counts counts, LatencyStats latencyMs) {
}
