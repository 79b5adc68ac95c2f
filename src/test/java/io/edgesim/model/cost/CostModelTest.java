package io.edgesim.model.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CostModelTest {

    private static final long DAY = 86_400L * 1_000_000_000L;
    private static final long MONTH = 30 * DAY;

    /**
     * The published Workers Paid prices (docs/model.md, "The bill"), built here because defaults live in
     * reference.conf; {@code cpuMsPerRequest} is the one figure Cloudflare does not publish.
     */
    private static Prices published(double cpuMsPerRequest) {
        return new Prices(10_000_000, 0.30, 30_000_000, 0.02, cpuMsPerRequest,
                1_000_000, 0.15, 50_000_000, 1.00, 25_000_000_000L, 0.001, 400_000, 12.50, 0.128,
                10_000_000, 0.50, 1_000_000, 5.00, 0, 5.00);
    }

    private static Prices published() {
        return published(1);
    }

    private static double usd(CostEstimate estimate, String item) {
        return estimate.usdByItem().get(item);
    }

    @Test
    void durableObjectRequestsBeyondTheIncludedMillionCost15CentsPerMillion() {
        Invocations calls = new Invocations(0, 10_000_000, 0, 0);

        CostEstimate estimate = CostModel.estimate(calls, Usage.NONE, MONTH, published());

        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(1.35, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isZero();
        assertThat(estimate.usdPerMonth()).isCloseTo(1.35, within(1e-9));
    }

    @Test
    void aCallThatNeverReachedItsObjectIsBilledAsAServedOne() {
        // 3 M calls in the month, of which 2 M reached an object: 2 M served (2 M rows read, 1.5 M written, 2 ms of
        // service each, 4,000 s). The 1 M lost on the way are billed as served: +1 M requests, +1 M rows read,
        // +1 M rows written (the most a served call writes), +1 M x the mean 2 ms = +2,000 s of duration.
        Invocations calls = new Invocations(0, 3_000_000, 0, 0);
        Usage reached = new Usage(2_000_000, 1_500_000, 2_000_000, 4_000L * 1_000_000_000L, 0, 0);

        CostEstimate estimate = CostModel.estimate(calls, reached, MONTH, published());

        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isEqualTo(3_000_000);
        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_ROWS_READ)).isEqualTo(3_000_000);
        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isEqualTo(2_500_000);
        // 6,000 s x 0.128 GB
        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(768, within(1e-6));
        // 2 M requests beyond the included 1 M x $0.15
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(0.30, within(1e-9));
        assertThat(estimate.unansweredObjectCalls()).isEqualTo(1_000_000);
    }

    @Test
    void aKvReadThatFailedIsBilledAsARead() {
        // 30 M reads attempted, 10 M answered (KV down for the rest): 20 M beyond the included 10 M x $0.50
        CostEstimate estimate = CostModel.estimate(new Invocations(0, 0, 30_000_000, 0),
                new Usage(0, 0, 0, 0, 10_000_000, 0), MONTH, published());

        assertThat(usd(estimate, CostEstimate.KV_READS)).isCloseTo(10.00, within(1e-9));
    }

    @Test
    void workerRequestsBeyondTenMillionCost30CentsPerMillionAndTheirCpuTwoCentsPerMillionMs() {
        // 40 M invocations at 2 ms: 30 M requests beyond the included 10 M x $0.30 = $9.00;
        // 80 M CPU ms, 50 M beyond the included 30 M x $0.02 = $1.00
        Invocations calls = new Invocations(40_000_000, 0, 0, 0);

        CostEstimate estimate = CostModel.estimate(calls, Usage.NONE, MONTH, published(2));

        assertThat(estimate.monthlyQuantities().get(CostEstimate.WORKER_CPU_MS)).isEqualTo(80_000_000);
        assertThat(usd(estimate, CostEstimate.WORKER_REQUESTS)).isCloseTo(9.00, within(1e-9));
        assertThat(usd(estimate, CostEstimate.WORKER_CPU_MS)).isCloseTo(1.00, within(1e-9));
    }

    @Test
    void theRateLimitingBindingCostsNothingHoweverOftenItIsCalled() {
        CostEstimate estimate = CostModel.estimate(new Invocations(0, 0, 0, 500_000_000), Usage.NONE, MONTH,
                published());

        assertThat(estimate.monthlyQuantities().get(CostEstimate.RATE_LIMITING_BINDING)).isEqualTo(500_000_000);
        assertThat(usd(estimate, CostEstimate.RATE_LIMITING_BINDING)).isZero();
    }

    @Test
    void kvReadsBeyondTenMillionCostFiftyCentsPerMillion() {
        CostEstimate estimate = CostModel.estimate(new Invocations(0, 0, 20_000_000, 0),
                new Usage(0, 0, 0, 0, 20_000_000, 0), MONTH, published());

        assertThat(usd(estimate, CostEstimate.KV_READS)).isCloseTo(5.00, within(1e-9));
    }

    @Test
    void zeroUsageCostsNothingButThePlanMinimumStaysApart() {
        CostEstimate estimate = CostModel.estimate(Invocations.NONE, Usage.NONE, DAY, published());

        assertThat(estimate.usdPerMonth()).isZero();
        assertThat(estimate.usdByItem().values()).containsOnly(0.0);
        assertThat(estimate.planMinimumUsd()).isEqualTo(5.00);
        assertThat(estimate.billUsdPerMonth()).isEqualTo(5.00);
    }

    @Test
    void usageOverOneDayIsScaledToAThirtyDayMonth() {
        Usage oneDay = new Usage(0, 0, 0, 0, 0, 100_000);

        CostEstimate estimate = CostModel.estimate(Invocations.NONE, oneDay, DAY, published());

        // 3 M writes a month, 2 M beyond the included million at $5 per million
        assertThat(estimate.monthlyQuantities().get(CostEstimate.KV_WRITES)).isCloseTo(3_000_000, within(1e-6));
        assertThat(usd(estimate, CostEstimate.KV_WRITES)).isCloseTo(10.00, within(1e-9));
    }

    @Test
    void durationIsBilledInGigabyteSecondsAt128MegabytesEachMillionBegunWhole() {
        // two objects busy all month: 2 * 2,592,000 s * 0.128 GB = 663,552 GB-s, 263,552 beyond the included,
        // rounded up to a million GB-s x $12.50
        Usage usage = new Usage(0, 0, 0, 2 * MONTH, 0, 0);

        CostEstimate estimate = CostModel.estimate(Invocations.NONE, usage, MONTH, published());

        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(663_552, within(1e-6));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_DURATION)).isCloseTo(12.50, within(1e-9));
    }

    @Test
    void theDurableObjectPricingPagesExamplesRoundTheComputeItemsUpAndTheRowsNot() {
        // Durable Objects pricing, example 1: 1.5 M requests, 0.5 M beyond the included million, billed as a
        // million: $0.15. Example 4: 552,960 GB-s, 152,960 beyond the included 400,000, billed as a million: $12.50.
        // Rows are billed pro rata: 50.5 M written, 0.5 M beyond the included 50 M x $1.00 = $0.50.
        Invocations calls = new Invocations(0, 1_500_000, 0, 0);
        double activeNanos = 552_960 / 0.128 * 1e9;
        Usage usage = new Usage(1_500_000, 50_500_000, 1_500_000, activeNanos, 0, 0);

        CostEstimate estimate = CostModel.estimate(calls, usage, MONTH, published());

        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(0.15, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_DURATION)).isCloseTo(12.50, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isCloseTo(0.50, within(1e-9));
    }

    @Test
    void aWholeMillionBeyondTheIncludedIsNotRoundedToTheNext() {
        // 1,000 calls in a run of 1/3,000 of a month: 3 M a month, 2 M beyond, whatever the doubles make of the
        // scaling; and one call more begins a third million
        CostEstimate whole = CostModel.estimate(new Invocations(0, 1_000, 0, 0), new Usage(1_000, 0, 0, 0, 0, 0),
                MONTH / 3_000, published());
        CostEstimate more = CostModel.estimate(new Invocations(0, 1_001, 0, 0), new Usage(1_001, 0, 0, 0, 0, 0),
                MONTH / 3_000, published());

        assertThat(usd(whole, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(0.30, within(1e-9));
        assertThat(usd(more, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(0.45, within(1e-9));
        assertThat(CostModel.roundedUpToMillions(0)).isZero();
        assertThat(CostModel.roundedUpToMillions(-5)).isZero();
        assertThat(CostModel.roundedUpToMillions(1)).isEqualTo(1);
        assertThat(CostModel.roundedUpToMillions(2_000_000.000_000_4)).isEqualTo(2);
        // a large month: 112,625 calls in 17 s are 17,172 M a month, 17,171 M beyond the included million, though
        // the doubles make it 1.7172000000000002e10
        CostEstimate large = CostModel.estimate(new Invocations(0, 112_625, 0, 0),
                new Usage(112_625, 0, 0, 0, 0, 0), 17_000_000_000L, published());
        assertThat(usd(large, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(17_171 * 0.15, within(1e-6));
    }

    @Test
    void aSmallDurableObjectLimiterBilledLineByLineFromThePublishedPrices() {
        // One hour of a Durable Object limiter: 100 requests a second reach the Worker (360,000 in the hour), a
        // WAF blocked none; each is one call to the object; 300,000 accepted (one row written each), every served
        // request reads one row; each served for 1 ms (360 s of duration); no KV, no binding.
        long hour = 3_600L * 1_000_000_000L;
        Invocations calls = new Invocations(360_000, 360_000, 0, 0);
        Usage objects = new Usage(360_000, 300_000, 360_000, 360L * 1_000_000_000L, 0, 0);

        CostEstimate estimate = CostModel.estimate(calls, objects, hour, published());

        // to a month: x 720 (30 days of 24 hours)
        // Worker requests: 360,000 x 720 = 259.2 M; 249.2 M beyond 10 M x $0.30      = $74.76
        // CPU at 1 ms:     259.2 M ms;                229.2 M beyond 30 M x $0.02     = $4.584
        // DO requests:     259.2 M;                   258.2 M beyond, rounded up to
        //                                             259 M, x $0.15                  = $38.85
        // rows written:    300,000 x 720 = 216 M;     166 M beyond 50 M x $1.00       = $166.00
        // rows read:       259.2 M, within the 25,000 M included                      = $0
        // duration:        360 s x 720 x 0.128 GB = 33,177.6 GB-s, within 400,000     = $0
        // usage $284.194; with the $5 plan minimum, a bill of $289.194
        assertThat(usd(estimate, CostEstimate.WORKER_REQUESTS)).isCloseTo(74.76, within(1e-9));
        assertThat(usd(estimate, CostEstimate.WORKER_CPU_MS)).isCloseTo(4.584, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(38.85, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isCloseTo(166.00, within(1e-9));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_ROWS_READ)).isZero();
        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(33_177.6, within(1e-6));
        assertThat(usd(estimate, CostEstimate.DURABLE_OBJECT_DURATION)).isZero();
        assertThat(usd(estimate, CostEstimate.KV_READS)).isZero();
        assertThat(estimate.usdPerMonth()).isCloseTo(284.194, within(1e-9));
        assertThat(estimate.billUsdPerMonth()).isCloseTo(289.194, within(1e-9));
    }

    @Test
    void itemsComeInReportOrderWithTheirIncludedAmountsAndAddUpToTheTotal() {
        Invocations calls = new Invocations(11_000_000, 2_000_000, 11_000_000, 0);
        Usage usage = new Usage(2_000_000, 60_000_000, 26_000_000_000L, 0, 11_000_000, 2_000_000);

        CostEstimate estimate = CostModel.estimate(calls, usage, MONTH, published());

        assertThat(estimate.usdByItem().keySet()).containsExactlyElementsOf(CostEstimate.ITEMS);
        assertThat(estimate.monthlyQuantities().keySet()).containsExactlyElementsOf(CostEstimate.ITEMS);
        assertThat(estimate.includedQuantities().keySet()).containsExactlyElementsOf(CostEstimate.ITEMS);
        assertThat(estimate.includedQuantities().get(CostEstimate.WORKER_REQUESTS)).isEqualTo(10_000_000);
        assertThat(estimate.includedQuantities().get(CostEstimate.WORKER_CPU_MS)).isEqualTo(30_000_000);
        // beyond the included: 1 M Worker requests x 0.30, CPU 11 M ms within 30 M, 1 M DO requests x 0.15,
        // 10 M rows written x 1.00, 1,000 M rows read x 0.001, no duration, 1 M KV reads x 0.50,
        // 1 M KV writes x 5.00
        assertThat(estimate.usdPerMonth()).isCloseTo(16.95, within(1e-9));
    }

    @Test
    void refusesANonPositiveDuration() {
        assertThatThrownBy(() -> CostModel.estimate(Invocations.NONE, Usage.NONE, 0, published()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duration");
    }
}
