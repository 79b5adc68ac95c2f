package io.edgesim.engine;

import io.edgesim.result.LatencyStats;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The added latencies of one limiter in one PoP, to the microsecond, and their percentiles. Counted exactly
 * ({@link ValueTally}) while they take at most {@value #MAX_EXACT} values (round trips without tails take a handful: a
 * constant latency gives p50 = p99 = max, and a threshold at it holds); beyond that in an HdrHistogram of 3
 * significant digits, whose percentiles are the middle of their bucket (within 0.05 %), kept between the exact
 * smallest and largest value. Percentiles are nearest-rank either way: the value at rank ceil(p/100 x n), at least 1,
 * in ascending order.
 */
final class LatencyTally {

    /** The most distinct values counted exactly. */
    static final int MAX_EXACT = 256;

    // while exact; null once the histogram has taken over
    private ValueTally exact = new ValueTally();
    private AbstractHistogram histogram;
    private long total;
    private long minMicros = Long.MAX_VALUE;
    private long maxMicros;

    /** Records one request's latency, rounded to the microsecond (negative counts as 0). */
    void record(long latencyNanos) {
        // half up, without the overflow of (nanos + 500) / 1000 near a long's largest
        long micros = latencyNanos <= 0 ? 0 : latencyNanos / 1_000 + (latencyNanos % 1_000 >= 500 ? 1 : 0);
        total++;
        minMicros = Math.min(minMicros, micros);
        maxMicros = Math.max(maxMicros, micros);
        if (histogram != null) {
            histogram.recordValue(micros);
            return;
        }
        exact.add(micros);
        if (exact.distinct() > MAX_EXACT) {
            // auto-resizing: as exact, bucket for bucket, as a fixed range would be, at the size it needs
            histogram = new IntCountsHistogram(3);
            exact.forEach(histogram::recordValueWithCount);
            exact = null;
        }
    }

    /** How many latencies were recorded. */
    long total() {
        return total;
    }

    /** p50, p90, p99, max and samples, ms to the microsecond; all 0 without a sample. */
    LatencyStats stats() {
        if (total == 0) {
            return new LatencyStats(0, 0, 0, 0, 0);
        }
        return new LatencyStats(percentileMs(50), percentileMs(90), percentileMs(99), maxMicros / 1000.0, total);
    }

    /** The nearest-rank {@code percentile} (0 < percentile <= 100), ms to the microsecond; 0 without a sample. */
    double percentileMs(double percentile) {
        if (total == 0) {
            return 0;
        }
        if (histogram == null) {
            return exact.percentile(percentile) / 1000.0;
        }
        long bucket = histogram.medianEquivalentValue(histogram.getValueAtPercentile(percentile));
        return Math.min(maxMicros, Math.max(minMicros, bucket)) / 1000.0;
    }
}
