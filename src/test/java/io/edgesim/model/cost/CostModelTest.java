package io.edgesim.model.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CostModelTest {

    private static final long DAY = 86_400L * 1_000_000_000L;
    private static final long MONTH = 30 * DAY;

    /** The published Workers Paid prices (MODEL.md), built here because defaults live in reference.conf. */
    private static Prices published() {
        return new Prices(1_000_000, 0.15, 50_000_000, 1.00, 25_000_000_000L, 0.001, 400_000, 12.50, 0.128,
                10_000_000, 0.50, 1_000_000, 5.00, 5.00);
    }

    @Test
    void durableObjectRequestsBeyondTheIncludedMillionCost15CentsPerMillion() {
        Usage usage = new Usage(10_000_000, 10_000_000, 0, 0, 0, 0);

        CostEstimate estimate = CostModel.estimate(usage, MONTH, published());

        assertThat(estimate.usdByItem().get(CostEstimate.DURABLE_OBJECT_REQUESTS)).isCloseTo(1.35, within(1e-9));
        assertThat(estimate.usdByItem().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isZero();
        assertThat(estimate.usdPerMonth()).isCloseTo(1.35, within(1e-9));
    }

    @Test
    void kvReadsBeyondTenMillionCostFiftyCentsPerMillion() {
        CostEstimate estimate = CostModel.estimate(new Usage(0, 0, 0, 0, 20_000_000, 0), MONTH, published());

        assertThat(estimate.usdByItem().get(CostEstimate.KV_READS)).isCloseTo(5.00, within(1e-9));
    }

    @Test
    void zeroUsageCostsNothingButThePlanMinimumStaysApart() {
        CostEstimate estimate = CostModel.estimate(Usage.NONE, DAY, published());

        assertThat(estimate.usdPerMonth()).isZero();
        assertThat(estimate.usdByItem().values()).containsOnly(0.0);
        assertThat(estimate.planMinimumUsd()).isEqualTo(5.00);
        assertThat(estimate.billUsdPerMonth()).isEqualTo(5.00);
    }

    @Test
    void usageOverOneDayIsScaledToAThirtyDayMonth() {
        Usage oneDay = new Usage(0, 0, 0, 0, 0, 100_000);

        CostEstimate estimate = CostModel.estimate(oneDay, DAY, published());

        // 3 M writes a month, 2 M beyond the included million at $5 per million
        assertThat(estimate.monthlyQuantities().get(CostEstimate.KV_WRITES)).isCloseTo(3_000_000, within(1e-6));
        assertThat(estimate.usdByItem().get(CostEstimate.KV_WRITES)).isCloseTo(10.00, within(1e-9));
    }

    @Test
    void durationIsBilledInGigabyteSecondsAt128Megabytes() {
        // two objects busy all month: 2 * 2,592,000 s * 0.128 GB = 663,552 GB-s, 263,552 beyond the included
        Usage usage = new Usage(0, 0, 0, 2 * MONTH, 0, 0);

        CostEstimate estimate = CostModel.estimate(usage, MONTH, published());

        assertThat(estimate.monthlyQuantities().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(663_552, within(1e-6));
        assertThat(estimate.usdByItem().get(CostEstimate.DURABLE_OBJECT_DURATION)).isCloseTo(3.2944, within(1e-9));
    }

    @Test
    void itemsComeInReportOrderAndAddUpToTheTotal() {
        Usage usage = new Usage(2_000_000, 60_000_000, 26_000_000_000L, 0, 11_000_000, 2_000_000);

        CostEstimate estimate = CostModel.estimate(usage, MONTH, published());

        assertThat(estimate.usdByItem().keySet()).containsExactlyElementsOf(CostEstimate.ITEMS);
        assertThat(estimate.monthlyQuantities().keySet()).containsExactlyElementsOf(CostEstimate.ITEMS);
        // beyond the included: 1 M requests x 0.15, 10 M rows written x 1.00, 1,000 M rows read x 0.001,
        // no duration, 1 M KV reads x 0.50, 1 M KV writes x 5.00
        assertThat(estimate.usdPerMonth()).isCloseTo(16.65, within(1e-9));
    }

    @Test
    void refusesANonPositiveDuration() {
        assertThatThrownBy(() -> CostModel.estimate(Usage.NONE, 0, published()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duration");
    }
}
