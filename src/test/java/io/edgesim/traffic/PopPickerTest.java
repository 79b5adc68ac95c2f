package io.edgesim.traffic;

import io.edgesim.scenario.PopChoice;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

class PopPickerTest {

    @Test
    void picksByWeight() {
        PopPicker picker = picker(1.0, 0.0, 3.0);

        assertThat(picker.pick(0, 0.0)).isZero();
        assertThat(picker.pick(0, 0.2499)).isZero();
        assertThat(picker.pick(0, 0.25)).isEqualTo(2);
        assertThat(picker.pick(0, Math.nextDown(1.0))).isEqualTo(2);
        assertThat(picker.code(2)).isEqualTo("P2");
    }

    @Test
    void aBoundaryOneStepAboveASlotStartBelongsToTheLowerPop() {
        // the first PoP's share ends one double above 0.5, where a slot of the guide starts
        PopPicker picker = picker(Math.nextUp(0.5), 0.5 - 0x1.0p-53);

        assertThat(picker.pick(0, 0.5)).isZero();
        assertThat(picker.pick(0, Math.nextUp(0.5))).isEqualTo(1);
    }

    /**
     * The guided scan against a binary search for the first cumulative weight above the draw, the way PoPs were
     * picked before (scenarios keep their results only if every draw picks the same PoP): random weights with zeros
     * anywhere (first, last, runs of them), one PoP or many, and draws at random, at both ends of [0, 1), at the
     * guide's slot boundaries and at each PoP's boundary, with their neighbouring doubles.
     */
    @Test
    void picksWhatABinarySearchPicks() {
        SplittableRandom random = new SplittableRandom(3);
        long checked = 0;
        for (int run = 0; run < 600; run++) {
            int count = 1 + random.nextInt(run % 10 == 0 ? 300 : 13);
            double[] weights = new double[count];
            for (int i = 0; i < count; i++) {
                int kind = random.nextInt(6);
                weights[i] = kind == 0 ? 0 : kind == 1 ? 1 : kind == 2 ? random.nextInt(5) : random.nextDouble() * 100;
            }
            if (run % 7 == 0) {
                // equal weights: slot starts fall exactly on PoP boundaries
                Arrays.fill(weights, 1.0);
            }
            if (Arrays.stream(weights).sum() == 0) {
                weights[random.nextInt(count)] = 0.5;
            }
            PopPicker picker = picker(weights);
            double[] cumulative = cumulative(weights);
            double total = cumulative[count - 1];

            List<Double> draws = new ArrayList<>(List.of(0.0, Math.nextDown(1.0)));
            for (int slot = 0; slot <= 16 * 512; slot++) {
                draws.add(slot / 8192.0);
            }
            for (double c : cumulative) {
                draws.add(c / total);
            }
            for (int k = 0; k < 200; k++) {
                draws.add((random.nextLong() >>> 11) * 0x1.0p-53);
            }
            for (double draw : draws) {
                for (double d : new double[]{Math.nextDown(draw), draw, Math.nextUp(draw)}) {
                    if (d >= 0 && d < 1 && picker.pick(0, d) != binarySearch(cumulative, d)) {
                        fail("weights %s, draw %s: picked %d, not %d", Arrays.toString(weights), d, picker.pick(0, d),
                                binarySearch(cumulative, d));
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000_000);
    }

    private static int binarySearch(double[] cumulative, double uniform) {
        double u = uniform * cumulative[cumulative.length - 1];
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static double[] cumulative(double[] weights) {
        double[] cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
        return cumulative;
    }

    private static PopPicker picker(double... weights) {
        List<String> pops = new ArrayList<>();
        List<Double> boxed = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            pops.add("P" + i);
            boxed.add(weights[i]);
        }
        return new PopPicker(new PopChoice(PopChoice.Mode.PER_REQUEST, pops, boxed, 0, 0));
    }
}
