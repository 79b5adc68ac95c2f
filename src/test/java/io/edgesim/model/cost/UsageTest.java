package io.edgesim.model.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class UsageTest {

    @Test
    void aStretchOfTheRunGetsTheObjectItemsInProportionToItsCallsToObjects() {
        // the run: 1,000 calls to objects, 900 reached them (900 rows read, 600 written, 1.8 s of service); the
        // stretch made 250 of the calls: a quarter of each
        Invocations run = new Invocations(1_200, 1_000, 0, 0);
        Invocations stretch = new Invocations(300, 250, 0, 0);
        Usage measured = new Usage(900, 600, 900, 1_800_000_000L, 0, 0);

        assertThat(measured.shareOf(run, stretch)).isEqualTo(new Usage(225, 150, 225, 450_000_000L, 0, 0));
    }

    @Test
    void theKvItemsFollowTheKvReads() {
        // 400 reads attempted, 300 answered, 40 writes; the stretch made 100 of the reads (and no object calls)
        Invocations run = new Invocations(400, 0, 400, 0);
        Invocations stretch = new Invocations(100, 0, 100, 0);

        assertThat(new Usage(0, 0, 0, 0, 300, 40).shareOf(run, stretch)).isEqualTo(new Usage(0, 0, 0, 0, 75, 10));
    }

    @Test
    void aStretchWithNoCallsGetsNothingAndSoDoesAnItemTheRunMadeNoCallsFor() {
        Usage measured = new Usage(900, 600, 900, 1_800_000_000L, 30, 3);

        assertThat(measured.shareOf(new Invocations(10, 10, 10, 0), Invocations.NONE)).isEqualTo(Usage.NONE);
        assertThat(measured.shareOf(Invocations.NONE, Invocations.NONE)).isEqualTo(Usage.NONE);
    }

    @Test
    void theCallsThatNeverReachedAnObjectStayInTheStretchThatMadeThem() {
        // billed for the stretch's own calls: its share of the reached ones, and the rest billed as served
        Invocations run = new Invocations(1_000, 1_000, 0, 0);
        Invocations stretch = new Invocations(400, 400, 0, 0);
        Usage measured = new Usage(800, 500, 800, 800_000_000L, 0, 0);

        Usage billed = measured.shareOf(run, stretch).billedFor(stretch);

        assertThat(billed.durableObjectRequests()).isEqualTo(400);
        assertThat(measured.shareOf(run, stretch).unansweredObjectCalls(stretch)).isEqualTo(80);
    }

    @Test
    void aKvCallThatFailedUnansweredIsBilledAReadAndAWrite() {
        // 100 KV calls, 60 answered (60 reads, 40 of them wrote): the 40 KV never answered are billed as a read and a
        // write each, the most a call costs
        Usage measured = new Usage(0, 0, 0, 0, 60, 40);

        Usage billed = measured.billedFor(new Invocations(100, 0, 100, 0));

        assertThat(billed.kvReads()).isEqualTo(100);
        assertThat(billed.kvWrites()).isEqualTo(80);
        assertThat(measured.billedFor(new Invocations(60, 0, 60, 0))).isEqualTo(measured);
    }

    @Test
    void twoStretchesAtTheSameRateGetTheSameSharePerCallUnrounded() {
        // region-outage: 2,400 calls, 1,700 rows written; 20 s made 800 of the calls and 40 s 1,600 - a third and two
        // thirds of the rows, 566.67 and 1,133.33 (rounded, 567 and 1,133 billed two periods differently)
        Invocations run = new Invocations(2_400, 2_400, 0, 0);
        Usage measured = new Usage(2_400, 1_700, 2_400, 0, 0, 0);
        Usage outage = measured.shareOf(run, new Invocations(800, 800, 0, 0));
        Usage outside = measured.shareOf(run, new Invocations(1_600, 1_600, 0, 0));

        assertThat(outage.rowsWritten()).isCloseTo(1_700 / 3.0, within(1e-9));
        assertThat(outside.rowsWritten()).isCloseTo(2 * 1_700 / 3.0, within(1e-9));
        // the published prices with nothing included, so that every item is charged
        Prices prices = new Prices(0, 0.30, 0, 0.02, 1, 0, 0.15, 0, 1.00, 0, 0.001, 0, 12.50, 0.128, 0, 0.50, 0, 5.00,
                0, 5.00);
        double outageMonthly = CostModel.estimate(new Invocations(800, 800, 0, 0), outage, 20_000_000_000L, prices)
                .usdPerMonth();
        double outsideMonthly = CostModel.estimate(new Invocations(1_600, 1_600, 0, 0), outside, 40_000_000_000L,
                prices).usdPerMonth();
        assertThat(outageMonthly).isPositive().isCloseTo(outsideMonthly, within(1e-6));
    }
}
