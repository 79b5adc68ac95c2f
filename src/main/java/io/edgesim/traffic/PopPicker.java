package io.edgesim.traffic;

import io.edgesim.scenario.PopChoice;

import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Weighted choice among a population's PoPs, shared by all its clients (immutable). Zero-weight PoPs are never
 * chosen.
 */
final class PopPicker {

    private final String[] pops;
    private final double[] weights;
    private final double[] cumulative;

    PopPicker(PopChoice choice) {
        List<String> codes = choice.pops();
        pops = codes.toArray(String[]::new);
        weights = choice.weights().stream().mapToDouble(Double::doubleValue).toArray();
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
    }

    /** Index of a PoP drawn by weight, with {@code uniform} the draw in [0, 1). */
    int pick(double uniform) {
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

    /**
     * Index of a PoP other than {@code current} drawn by weight, or {@code current} when no other can be chosen (then
     * nothing is drawn from {@code uniform}).
     */
    int pickOther(int current, DoubleSupplier uniform) {
        double others = cumulative[cumulative.length - 1] - weights[current];
        if (others <= 0) {
            return current;
        }
        double u = uniform.getAsDouble() * others;
        int last = current;
        for (int i = 0; i < weights.length; i++) {
            if (i == current || weights[i] <= 0) {
                continue;
            }
            last = i;
            u -= weights[i];
            if (u < 0) {
                return i;
            }
        }
        return last;
    }

    String code(int index) {
        return pops[index];
    }
}
