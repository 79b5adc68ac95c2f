package io.edgesim.model.cost;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns what a run measured into a monthly bill at Workers Paid prices: the Workers' {@link Invocations} (requests,
 * and CPU time at {@link Prices#cpuMsPerRequest()} each: CPU, not wall time, so a request that waits out a timeout
 * costs what any other does) and the tiers' {@link Usage} (the objects' rows and duration, KV operations).
 *
 * <p>Assumption: a month is 30 days, and the rate the run measured holds all month (usage over the run's duration
 * is scaled linearly). Each item is then charged {@code max(0, monthly - included) / 1e6 * price per million}, except
 * the Durable Objects' compute items (requests, duration), whose amount beyond the included one is first rounded up
 * to a whole million, as their pricing page says ({@link #roundedUpToMillions}); the duration item is in GB-s:
 * active seconds times the billed memory. A call to a Durable Object that never reached it,
 * and a KV call that failed (KV down), are billed as answered ones, and a KV write refused for the write rate as an
 * accepted one ({@link Usage#billedFor}), so that an outage never makes an option look cheaper. Each
 * limiter is priced as if alone on the account: it gets every included amount. Pure function; prices come from the
 * caller.
 */
public final class CostModel {

    /** Length of the month costs are quoted for: 30 days, in nanoseconds (an assumption, see the class comment). */
    public static final long MONTH_NANOS = 30L * 86_400L * 1_000_000_000L;

    /**
     * The setting a scenario's note names when the run, scaled to a month, bills its clients' bursts more often than
     * their cadence (one burst every minute in a 10 s run: six times); a report repeats that note beside the bill.
     */
    public static final String BURSTS_NOTE_SETTING = "duration";

    private static final double PER_MILLION = 1e6;
    private static final double NANOS_PER_SECOND = 1e9;

    private CostModel() {
    }

    /**
     * The monthly bill of {@code invocations} and {@code measured} usage, as billed ({@link Usage#billedFor}), over
     * {@code durationNanos} of scenario time (must be positive).
     */
    public static CostEstimate estimate(Invocations invocations, Usage measured, long durationNanos, Prices prices) {
        return estimate(invocations, measured, durationNanos, prices, measured.meanServiceNanos());
    }

    /**
     * The same, with each call that never reached its object billed at {@code meanServiceNanos} of duration (a
     * stretch of the run whose calls all went unanswered has no service time of its own: the run's).
     */
    public static CostEstimate estimate(Invocations invocations, Usage measured, long durationNanos, Prices prices,
                                        double meanServiceNanos) {
        if (durationNanos <= 0) {
            throw new IllegalArgumentException("duration must be greater than 0 to scale usage to a month, was "
                    + durationNanos + " ns");
        }
        double toMonth = MONTH_NANOS / (double) durationNanos;
        Usage billed = measured.billedFor(invocations, meanServiceNanos);
        double gbSeconds = billed.activeNanos() / NANOS_PER_SECOND * prices.billedMemoryGb();
        Bill bill = new Bill();
        bill.charge(CostEstimate.WORKER_REQUESTS, invocations.workerRequests() * toMonth,
                prices.workerRequestsIncluded(), prices.workerRequestsPerMillion());
        bill.charge(CostEstimate.WORKER_CPU_MS, invocations.workerRequests() * prices.cpuMsPerRequest() * toMonth,
                prices.cpuMsIncluded(), prices.cpuMsPerMillion());
        bill.chargeRoundedUp(CostEstimate.DURABLE_OBJECT_REQUESTS, billed.durableObjectRequests() * toMonth,
                prices.durableObjectRequestsIncluded(), prices.durableObjectRequestsPerMillion());
        bill.charge(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN, billed.rowsWritten() * toMonth,
                prices.rowsWrittenIncluded(), prices.rowsWrittenPerMillion());
        bill.charge(CostEstimate.DURABLE_OBJECT_ROWS_READ, billed.rowsRead() * toMonth,
                prices.rowsReadIncluded(), prices.rowsReadPerMillion());
        bill.chargeRoundedUp(CostEstimate.DURABLE_OBJECT_DURATION, gbSeconds * toMonth,
                prices.durationGbSecondsIncluded(), prices.durationPerMillionGbSeconds());
        bill.charge(CostEstimate.KV_READS, billed.kvReads() * toMonth,
                prices.kvReadsIncluded(), prices.kvReadsPerMillion());
        bill.charge(CostEstimate.KV_WRITES, billed.kvWrites() * toMonth,
                prices.kvWritesIncluded(), prices.kvWritesPerMillion());
        bill.charge(CostEstimate.RATE_LIMITING_BINDING, invocations.bindingCalls() * toMonth, 0,
                prices.bindingCallsPerMillion());
        double total = bill.usd.values().stream().mapToDouble(Double::doubleValue).sum();
        return new CostEstimate(bill.quantities, bill.included, bill.usd, total, prices.planMinimum(),
                measured.unansweredObjectCalls(invocations));
    }

    /**
     * The millions billed for {@code beyond} units beyond the included amount of a Durable Object compute item
     * (requests, GB-s): "billable usage is rounded up to the next billable unit before the corresponding rate is
     * applied. For example, 500,000 GB-s of billable compute duration is rounded up to 1,000,000 GB-s" (Durable
     * Objects pricing, "Compute billing"). An amount within a billionth (relative) of a whole number of millions is
     * that number: a month scaled from a run is a product of doubles, whose error grows with the amount, and
     * 2,000,000 must not become 3, nor 17,171 millions 17,172.
     */
    static double roundedUpToMillions(double beyond) {
        if (beyond <= 0) {
            return 0;
        }
        double millions = beyond / PER_MILLION;
        return Math.max(0, Math.ceil(millions - 1e-9 * Math.max(1, millions)));
    }

    // the items as they are charged, in report order
    private static final class Bill {
        final Map<String, Double> quantities = new LinkedHashMap<>();
        final Map<String, Double> included = new LinkedHashMap<>();
        final Map<String, Double> usd = new LinkedHashMap<>();

        // pro rata: the Workers items, the objects' rows, KV
        void charge(String item, double monthly, double includedAmount, double usdPerMillion) {
            quantities.put(item, monthly);
            included.put(item, includedAmount);
            usd.put(item, Math.max(0, monthly - includedAmount) / PER_MILLION * usdPerMillion);
        }

        // a Durable Object compute item: each million beyond the included amount begun is billed whole
        void chargeRoundedUp(String item, double monthly, double includedAmount, double usdPerMillion) {
            quantities.put(item, monthly);
            included.put(item, includedAmount);
            usd.put(item, roundedUpToMillions(monthly - includedAmount) * usdPerMillion);
        }
    }
}
