package io.edgesim.result;

/**
 * One region's largest share of a window (see {@link PerWindow}): the most that one key got through in one window
 * in this region alone, against the whole limit.
 *
 * @param maxLetThrough the most one key got through in one window in this region, in tokens (0 when the region let
 *                      nothing through)
 * @param maxFactor     {@code maxLetThrough / limit}, rounded to 4 decimals
 */
public record WindowPeak(long maxLetThrough, double maxFactor) {
}
