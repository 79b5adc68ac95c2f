package io.edgesim.model.cost;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns the usage a run measured into a monthly bill at Workers Paid prices.
 *
 * <p>Assumption: a month is 30 days, and the rate the run measured holds all month (usage over the run's duration
 * is scaled linearly). Each item is then charged {@code max(0, monthly - included) / 1e6 * price per million}; the
 * duration item is in GB-s: active seconds times the billed memory. Pure function; prices come from the caller.
 */
public final class CostModel {

    /** Length of the month costs are quoted for: 30 days, in nanoseconds (an assumption, see the class comment). */
    public static final long MONTH_NANOS = 30L * 86_400L * 1_000_000_000L;

    private static final double PER_MILLION = 1e6;
    private static final double NANOS_PER_SECOND = 1e9;

    private CostModel() {
    }

    /**
     * The monthly cost of {@code usage} measured over {@code durationNanos} of scenario time (must be positive).
     */
    public static CostEstimate estimate(Usage usage, long durationNanos, Prices prices) {
        if (durationNanos <= 0) {
            throw new IllegalArgumentException("duration must be greater than 0 to scale usage to a month, was "
                    + durationNanos + " ns");
        }
        double toMonth = MONTH_NANOS / (double) durationNanos;
        double gbSeconds = usage.activeNanos() / NANOS_PER_SECOND * prices.billedMemoryGb();
        Map<String, Double> quantities = new LinkedHashMap<>();
        Map<String, Double> usd = new LinkedHashMap<>();
        charge(quantities, usd, CostEstimate.DURABLE_OBJECT_REQUESTS, usage.durableObjectRequests() * toMonth,
                prices.durableObjectRequestsIncluded(), prices.durableObjectRequestsPerMillion());
        charge(quantities, usd, CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN, usage.rowsWritten() * toMonth,
                prices.rowsWrittenIncluded(), prices.rowsWrittenPerMillion());
        charge(quantities, usd, CostEstimate.DURABLE_OBJECT_ROWS_READ, usage.rowsRead() * toMonth,
                prices.rowsReadIncluded(), prices.rowsReadPerMillion());
        charge(quantities, usd, CostEstimate.DURABLE_OBJECT_DURATION, gbSeconds * toMonth,
                prices.durationGbSecondsIncluded(), prices.durationPerMillionGbSeconds());
        charge(quantities, usd, CostEstimate.KV_READS, usage.kvReads() * toMonth,
                prices.kvReadsIncluded(), prices.kvReadsPerMillion());
        charge(quantities, usd, CostEstimate.KV_WRITES, usage.kvWrites() * toMonth,
                prices.kvWritesIncluded(), prices.kvWritesPerMillion());
        double total = usd.values().stream().mapToDouble(Double::doubleValue).sum();
        return new CostEstimate(quantities, usd, total, prices.planMinimum());
    }

    private static void charge(Map<String, Double> quantities, Map<String, Double> usd, String item,
                               double monthly, double included, double usdPerMillion) {
        quantities.put(item, monthly);
        usd.put(item, Math.max(0, monthly - included) / PER_MILLION * usdPerMillion);
    }
}
