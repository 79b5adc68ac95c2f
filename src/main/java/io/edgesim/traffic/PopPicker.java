package io.edgesim.traffic;

import io.edgesim.scenario.PopChoice;

import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Weighted choice among all of a population's PoPs, the same for every client (immutable). Zero-weight PoPs are
 * never chosen.
 */
final class PopPicker implements PopChooser {

    // guide slots per PoP: with this many, a draw's slot usually lies within one PoP's share of [0, 1)
    private static final int GUIDE_SLOTS_PER_POP = 16;

    private final String[] pops;
    private final double[] weights;
    private final double[] cumulative;
    // where pick's scan starts for a draw in each of guide.length equal slots of [0, 1) (see pick)
    private final int[] guide;

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
        guide = new int[Integer.highestOneBit(pops.length * GUIDE_SLOTS_PER_POP - 1) << 1];
        for (int slot = 0; slot < guide.length; slot++) {
            guide[slot] = firstAbove((double) slot / guide.length * sum, 0);
        }
    }

    /**
     * Index of a PoP drawn by weight, with {@code uniform} the draw in [0, 1): the first PoP whose cumulative weight
     * is above {@code uniform} times the total (the last PoP if none is, when rounding makes the product the total).
     * Every client chooses alike, so {@code client} is not read.
     *
     * <p>A binary search for that PoP costs a handful of branches that no processor predicts, for every request of a
     * population that picks per request. The guide table tells instead where to start a linear scan: {@code uniform}
     * lies in one of its equal slots, slot {@code s} starting at {@code s / length}, and since multiplying by the
     * total never makes a larger draw smaller, {@code uniform} times the total is at least the slot's start times
     * the total, so the PoP is never before the one the table gives for that start. The scan from there finds the
     * same PoP as the search, in no or one step for all but a few draws.
     */
    @Override
    public int pick(int client, double uniform) {
        double u = uniform * cumulative[cumulative.length - 1];
        // the slot of uniform: exact, the length being a power of two
        return firstAbove(u, guide[(int) (uniform * guide.length)]);
    }

    /** The first index from {@code from} whose cumulative weight is above {@code u}, or the last index. */
    private int firstAbove(double u, int from) {
        int i = from;
        int last = cumulative.length - 1;
        while (i < last && cumulative[i] <= u) {
            i++;
        }
        return i;
    }

    @Override
    public int pickOther(int client, int current, DoubleSupplier uniform) {
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

    @Override
    public String code(int index) {
        return pops[index];
    }
}
