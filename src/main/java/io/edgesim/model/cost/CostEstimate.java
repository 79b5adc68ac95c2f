package io.edgesim.model.cost;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The monthly cost of one way of counting, item by item. Both maps have the keys of {@link #ITEMS}, in that order.
 *
 * <p>{@code usdPerMonth} is the usage charge only: the sum of the items, each already net of its included amount.
 * The Workers Paid plan's monthly minimum is kept apart in {@code planMinimumUsd}, because it is paid once per
 * account whatever the limiters do; the account's bill is the two added ({@link #billUsdPerMonth()}).
 *
 * @param monthlyQuantities item to quantity per 30-day month: operations, rows, or GB-s for the duration item
 * @param usdByItem         item to USD per month beyond the included amount (0 when within it)
 * @param usdPerMonth       sum of usdByItem, USD
 * @param planMinimumUsd    the plan's monthly minimum, USD, not included in usdPerMonth
 */
public record CostEstimate(Map<String, Double> monthlyQuantities, Map<String, Double> usdByItem, double usdPerMonth,
                           double planMinimumUsd) {

    public static final String DURABLE_OBJECT_REQUESTS = "durable_object_requests";
    public static final String DURABLE_OBJECT_ROWS_WRITTEN = "durable_object_rows_written";
    public static final String DURABLE_OBJECT_ROWS_READ = "durable_object_rows_read";
    public static final String DURABLE_OBJECT_DURATION = "durable_object_duration";
    public static final String KV_READS = "kv_reads";
    public static final String KV_WRITES = "kv_writes";

    /** The billed items, in report order. */
    public static final List<String> ITEMS = List.of(DURABLE_OBJECT_REQUESTS, DURABLE_OBJECT_ROWS_WRITTEN,
            DURABLE_OBJECT_ROWS_READ, DURABLE_OBJECT_DURATION, KV_READS, KV_WRITES);

    public CostEstimate {
        monthlyQuantities = Collections.unmodifiableMap(new LinkedHashMap<>(monthlyQuantities));
        usdByItem = Collections.unmodifiableMap(new LinkedHashMap<>(usdByItem));
    }

    /** What the account pays per month: the plan minimum plus the usage charge, USD. */
    public double billUsdPerMonth() {
        return planMinimumUsd + usdPerMonth;
    }
}
