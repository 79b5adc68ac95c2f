package io.edgesim.traffic;

import io.edgesim.scenario.PopChoice;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeptPopsTest {

    private static final List<String> POPS = List.of("FRA", "AMS", "SYD", "LHR");

    private static KeptPops kept(int perClient, int count, Double... weights) {
        List<String> pops = weights.length == POPS.size() ? POPS
                : java.util.stream.IntStream.range(0, weights.length).mapToObj(i -> "P" + (10 + i)).toList();
        return new KeptPops(new PopChoice(PopChoice.Mode.PER_REQUEST, pops, List.of(weights), 0, perClient), count,
                7, "p");
    }

    @Test
    void eachClientKeepsDistinctPopsOfWeightAboveZero() {
        KeptPops kept = kept(3, 1000, 1.0, 2.0, 0.0, 4.0);

        for (int c = 0; c < 1000; c++) {
            assertThat(kept.keptBy(c)).doesNotHaveDuplicates().doesNotContain(2).hasSize(3);
        }
    }

    @Test
    void keepingOnePopFollowsTheWeightsAcrossClients() {
        KeptPops kept = kept(1, 40_000, 4.0, 2.0, 1.0, 1.0);

        int[] clients = new int[4];
        for (int c = 0; c < 40_000; c++) {
            clients[kept.keptBy(c)[0]]++;
        }
        assertThat(clients[0] / 40_000.0).isBetween(0.49, 0.51);
        assertThat(clients[1] / 40_000.0).isBetween(0.24, 0.26);
        assertThat(clients[2] / 40_000.0).isBetween(0.115, 0.135);
    }

    @Test
    void aHeavierPopIsKeptByMoreClients() {
        KeptPops kept = kept(2, 10_000, 1.0, 2.0, 4.0, 8.0);

        int[] clients = new int[4];
        for (int c = 0; c < 10_000; c++) {
            Arrays.stream(kept.keptBy(c)).forEach(p -> clients[p]++);
        }
        assertThat(clients).isSorted();
        assertThat(clients[3]).isGreaterThan(clients[0] * 4);
    }

    @Test
    void eachPopGetsAboutItsWeightsShareOfTheRequests() {
        // scenarios/customers.conf's weights (of 20), two PoPs per client, each request to one of them
        double[] weights = {3, 3, 4, 2, 3, 2, 2, 1};
        KeptPops kept = new KeptPops(new PopChoice(PopChoice.Mode.PER_REQUEST,
                List.of("FRA", "LHR", "IAD", "DFW", "SJC", "NRT", "SIN", "SYD"),
                Arrays.stream(weights).boxed().toList(), 0, 2), 20_000, 7, "free");
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        int[] requests = new int[weights.length];
        for (int c = 0; c < 20_000; c++) {
            for (int r = 0; r < 10; r++) {
                requests[kept.pick(c, random.nextDouble())]++;
            }
        }
        // weighing the kept PoPs again gave SYD (5 % of the weight) 2.8 % and IAD (20 %) 24 %; now each within half a
        // point of its weight's share
        for (int p = 0; p < weights.length; p++) {
            assertThat(requests[p] / 200_000.0).as("PoP " + p).isCloseTo(weights[p] / 20,
                    org.assertj.core.data.Offset.offset(0.005));
        }
    }

    @Test
    void aHeavyPopAmongLightOnesGetsItsWeightsShareToo() {
        // weights 10 and nine of 1, two PoPs per client: weight over keepers alone gave the heavy one 49.8 % for
        // 52.6 % of the weight; the fitted shares give it its own
        KeptPops kept = kept(2, 20_000, 10.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0);
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        int[] requests = new int[10];
        for (int c = 0; c < 20_000; c++) {
            for (int r = 0; r < 10; r++) {
                requests[kept.pick(c, random.nextDouble())]++;
            }
        }
        assertThat(requests[0] / 200_000.0).isCloseTo(10 / 19.0, org.assertj.core.data.Offset.offset(0.005));
        assertThat(requests[9] / 200_000.0).isCloseTo(1 / 19.0, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    void picksOnlyAmongTheClientsPopsByTheirWeightsOverTheirKeepers() {
        KeptPops kept = kept(2, 100, 1.0, 1.0, 1.0, 1.0);
        int[] own = kept.keptBy(42);

        int[] picked = new int[4];
        for (int k = 0; k < 10_000; k++) {
            picked[kept.pick(42, (k + 0.5) / 10_000)]++;
        }
        // only its own two, each about half (equal weights; each PoP kept by about half the clients)
        assertThat(picked[own[0]] + picked[own[1]]).isEqualTo(10_000);
        assertThat(picked[own[0]]).isBetween(3_500, 6_500);
    }

    @Test
    void movesToTheClientsOtherPopOnly() {
        KeptPops kept = kept(2, 100, 1.0, 1.0, 1.0, 1.0);
        int[] own = kept.keptBy(3);

        assertThat(kept.pickOther(3, own[0], () -> 0.99)).isEqualTo(own[1]);
        assertThat(kept.pickOther(3, own[1], () -> 0.0)).isEqualTo(own[0]);
    }

    @Test
    void aClientKeepingOnePopNeverMoves() {
        KeptPops kept = kept(1, 10, 1.0, 1.0, 1.0, 1.0);
        int own = kept.keptBy(5)[0];

        assertThat(kept.pickOther(5, own, () -> {
            throw new AssertionError("nothing to draw");
        })).isEqualTo(own);
        assertThat(kept.pick(5, 0.7)).isEqualTo(own);
    }

    @Test
    void sameSeedKeepsTheSamePops() {
        KeptPops first = kept(2, 50, 1.0, 2.0, 3.0, 4.0);
        KeptPops again = kept(2, 50, 1.0, 2.0, 3.0, 4.0);

        for (int c = 0; c < 50; c++) {
            assertThat(again.keptBy(c)).containsExactly(first.keptBy(c));
        }
    }
}
