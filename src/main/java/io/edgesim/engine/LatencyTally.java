package io.edgesim.engine;

import io.edgesim.result.LatencyStats;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

import java.util.Arrays;

/**
 * The added latencies of one limiter in one PoP, to the microsecond, and their percentiles. Counted exactly while
 * they take at most {@value #MAX_EXACT} values (round trips without tails take a handful: a constant latency gives p50
 * = p99 = max, and a threshold at it holds); beyond that in an HdrHistogram of 3 significant digits, whose
 * percentiles are the middle of their bucket (within 0.05 %), kept between the exact smallest and largest value.
 * Percentiles are nearest-rank either way: the value at rank ceil(p/100 x n), at least 1, in ascending order.
 */
final class LatencyTally {

    /** The most distinct values counted exactly. */
    static final int MAX_EXACT = 256;
    private static final long EMPTY = -1;

    // open addressing on the value, while exact; null once the histogram has taken over
    private long[] values = filled(new long[8]);
    private long[] counts = new long[8];
    private int distinct;
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
        int mask = values.length - 1;
        int slot = slot(micros, mask);
        while (values[slot] != EMPTY) {
            if (values[slot] == micros) {
                counts[slot]++;
                return;
            }
            slot = (slot + 1) & mask;
        }
        if (distinct == MAX_EXACT) {
            toHistogram();
            histogram.recordValue(micros);
            return;
        }
        values[slot] = micros;
        counts[slot] = 1;
        distinct++;
        if (distinct * 2 > values.length) {
            grow();
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

    /** The nearest-rank {@code percentile} (0 to 100), ms to the microsecond; 0 without a sample. */
    double percentileMs(double percentile) {
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * total));
        if (histogram != null) {
            long bucket = histogram.medianEquivalentValue(histogram.getValueAtPercentile(percentile));
            return Math.min(maxMicros, Math.max(minMicros, bucket)) / 1000.0;
        }
        long[] sorted = new long[distinct];
        int n = 0;
        for (long value : values) {
            if (value != EMPTY) {
                sorted[n++] = value;
            }
        }
        Arrays.sort(sorted);
        long seen = 0;
        for (long value : sorted) {
            seen += counts[find(value)];
            if (seen >= rank) {
                return value / 1000.0;
            }
        }
        return maxMicros / 1000.0;
    }

    private int find(long micros) {
        int mask = values.length - 1;
        int slot = slot(micros, mask);
        while (values[slot] != micros) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldValues = values;
        long[] oldCounts = counts;
        values = filled(new long[oldValues.length * 2]);
        counts = new long[oldValues.length * 2];
        int mask = values.length - 1;
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != EMPTY) {
                int slot = slot(oldValues[i], mask);
                while (values[slot] != EMPTY) {
                    slot = (slot + 1) & mask;
                }
                values[slot] = oldValues[i];
                counts[slot] = oldCounts[i];
            }
        }
    }

    private void toHistogram() {
        // auto-resizing: as exact, bucket for bucket, as a fixed range would be, at the size it needs
        histogram = new IntCountsHistogram(3);
        for (int i = 0; i < values.length; i++) {
            if (values[i] != EMPTY) {
                histogram.recordValueWithCount(values[i], counts[i]);
            }
        }
        values = null;
        counts = null;
    }

    private static int slot(long micros, int mask) {
        long h = micros * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private static long[] filled(long[] array) {
        Arrays.fill(array, EMPTY);
        return array;
    }
}
