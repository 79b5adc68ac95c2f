package io.edgesim.model.cost;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The monthly bill of one way of counting, item by item. The three maps have the keys of {@link #ITEMS}, in that
 * order.
 *
 * <p>{@code usdPerMonth} is the usage charge only: the sum of the items, each already net of its included amount.
 * The Workers Paid plan's monthly minimum is kept apart in {@code planMinimumUsd}, because it is paid once per
 * account whatever the limiters do; the account's bill is the two added ({@link #billUsdPerMonth()}).
 *
 * @param monthlyQuantities item to quantity per 30-day month: requests, CPU milliseconds, operations, rows, or GB-s
 *                          for the duration item
 * @param includedQuantities item to the quantity the plan includes per month (billed only beyond it)
 * @param usdByItem         item to USD per month beyond the included amount (0 when within it)
 * @param usdPerMonth       sum of usdByItem, USD
 * @param planMinimumUsd    the plan's monthly minimum, USD, not included in usdPerMonth
 * @param unansweredObjectCalls calls to Durable Objects in the run (not scaled) that never reached their object,
 *                          billed as served ones
 */
public record CostEstimate(Map<String, Double> monthlyQuantities, Map<String, Double> includedQuantities,
                           Map<String, Double> usdByItem, double usdPerMonth, double planMinimumUsd,
                           long unansweredObjectCalls) {

    public static final String WORKER_REQUESTS = "worker_requests";
    public static final String WORKER_CPU_MS = "worker_cpu_ms";
    public static final String DURABLE_OBJECT_REQUESTS = "durable_object_requests";
    public static final String DURABLE_OBJECT_ROWS_WRITTEN = "durable_object_rows_written";
    public static final String DURABLE_OBJECT_ROWS_READ = "durable_object_rows_read";
    public static final String DURABLE_OBJECT_DURATION = "durable_object_duration";
    public static final String KV_READS = "kv_reads";
    public static final String KV_WRITES = "kv_writes";
    public static final String RATE_LIMITING_BINDING = "rate_limiting_binding_calls";

    /** The billed items, in report order. */
    public static final List<String> ITEMS = List.of(WORKER_REQUESTS, WORKER_CPU_MS, DURABLE_OBJECT_REQUESTS,
            DURABLE_OBJECT_ROWS_WRITTEN, DURABLE_OBJECT_ROWS_READ, DURABLE_OBJECT_DURATION, KV_READS, KV_WRITES,
            RATE_LIMITING_BINDING);

    public CostEstimate {
        monthlyQuantities = Collections.unmodifiableMap(new LinkedHashMap<>(monthlyQuantities));
        includedQuantities = Collections.unmodifiableMap(new LinkedHashMap<>(includedQuantities));
        usdByItem = Collections.unmodifiableMap(new LinkedHashMap<>(usdByItem));
    }

    /** What the account pays per month: the plan minimum plus the usage charge, USD. */
    public double billUsdPerMonth() {
        return planMinimumUsd + usdPerMonth;
    }
}
