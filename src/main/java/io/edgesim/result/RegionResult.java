package io.edgesim.result;

import java.util.Optional;

/**
 * One limiter's outcome for the requests that landed in one region.
 *
 * @param perWindow the most one key got through in one window in this region (see {@link PerWindow}); empty when
 *                  the limiter's exact reference has no window (token-bucket, gcra)
 */
public record RegionResult(Counts counts, LatencyStats latencyMs, Optional<WindowPeak> perWindow) {
}
