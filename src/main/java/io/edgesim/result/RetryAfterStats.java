package io.edgesim.result;

/**
 * What rejected clients were told to wait: the {@code Retry-After} header values, whole seconds as the header
 * carries them (rounded up, at least 1), counted exactly. Percentiles are nearest-rank (the smallest value that at
 * least p % of the values do not exceed), so each is a value some client was told.
 *
 * @param p50   the median Retry-After over the rejections that carried one; 0 when none did
 * @param p90   the 90th percentile, likewise
 * @param max   the largest, likewise
 * @param never rejections that carried no Retry-After because the request can never pass (its cost is above what
 *              the counter can ever allow); they are not in the percentiles
 * @param samples the rejections that carried a Retry-After: what the percentiles were read from
 */
public record RetryAfterStats(long p50, long p90, long max, long never, long samples) {
}
