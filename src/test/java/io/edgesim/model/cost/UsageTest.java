package io.edgesim.model.cost;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
}
