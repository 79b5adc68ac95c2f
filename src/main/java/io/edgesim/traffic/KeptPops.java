package io.edgesim.traffic;

import io.edgesim.model.Seeds;
import io.edgesim.scenario.PopChoice;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * The PoPs each client of a population keeps ({@code pops-per-key = K}) and the weighted choice among them. Client
 * {@code c} draws its K PoPs once, by the population's weights without replacement (a PoP drawn is set aside, the
 * next drawn by weight among the others), from its own generator {@code Seeds.derive(seed, "pops", name, c)}; they
 * are kept side by side in one {@code int[]} of count x K PoP indices, so a million clients keeping two PoPs each
 * cost 8 MB.
 *
 * <p>A client's requests go to its PoPs in proportion to each PoP's weight divided by the number of clients that
 * kept it, so that each PoP's share of the population's requests is its weight's share: the weights have chosen
 * the PoPs already, and weighing them again would give a heavy PoP about the square of its share (a PoP of 5 % of the
 * weight got 2.7 % of the requests with two PoPs per key, one of 20 % got 24 %), while spreading them evenly would
 * flatten them where clients keep most of the PoPs (two PoPs of weights 3 and 1, both kept by every client, would
 * get half each); a few passes of proportional fitting then bring each PoP's share of the requests to its weight's.
 */
final class KeptPops implements PopChooser {

    private final String[] codes;
    private final double[] weights;
    // each PoP's weight over the number of clients that kept it: what a client's choice among its PoPs weighs
    private final double[] share;
    private final int perClient;
    // passes of fitShares: each brings a PoP's share of the requests closer to its weight's
    private static final int FITTING_PASSES = 8;
    // client c's PoPs (indices into codes) at [c * perClient, (c + 1) * perClient), in the order drawn
    private final int[] kept;

    /**
     * @param choice the population's PoPs and weights, with {@code popsPerKey} from 1 to its PoPs of weight above 0
     * @param count  the number of clients
     * @param seed   the run's seed
     * @param name   the population's name
     */
    KeptPops(PopChoice choice, int count, long seed, String name) {
        codes = choice.pops().toArray(String[]::new);
        weights = choice.weights().stream().mapToDouble(Double::doubleValue).toArray();
        perClient = choice.popsPerKey();
        if (perClient < 1) {
            throw new IllegalArgumentException("no pops-per-key to keep");
        }
        kept = new int[Math.multiplyExact(count, perClient)];
        // the weights of the PoPs not drawn yet: the client's draws set theirs to 0, and only those are put back
        // after it (not the whole array, hundreds of PoPs, for each of a million clients)
        double[] left = weights.clone();
        // the sum of the weights left before a client's first draw, and before its second by the PoP of its first:
        // summed once here, in the order and with the zeros drawn() would sum them in, so they are the same numbers
        // (hundreds of PoPs summed twice for each of a million clients took a second and a half)
        double fullTotal = sum(left);
        double[] totalWithout = perClient < 2 ? null : new double[left.length];
        for (int p = 0; totalWithout != null && p < left.length; p++) {
            left[p] = 0;
            totalWithout[p] = sum(left);
            left[p] = weights[p];
        }
        for (int c = 0; c < count; c++) {
            long state = Seeds.derive(seed, "pops", name, c);
            int from = c * perClient;
            for (int j = 0; j < perClient; j++) {
                state = SplitMix64.advance(state);
                double total = j == 0 ? fullTotal : j == 1 ? totalWithout[kept[from]] : sum(left);
                int pop = drawn(left, total, SplitMix64.uniform(state));
                kept[from + j] = pop;
                left[pop] = 0;
            }
            for (int j = from; j < from + perClient; j++) {
                left[kept[j]] = weights[kept[j]];
            }
        }
        long[] keptBy = new long[weights.length];
        for (int pop : kept) {
            keptBy[pop]++;
        }
        share = new double[weights.length];
        for (int p = 0; p < weights.length; p++) {
            share[p] = keptBy[p] == 0 ? 0 : weights[p] / keptBy[p];
        }
        fitShares(count);
    }

    // Each PoP's weight over its keepers gives each PoP about its weight's share of the requests, not exactly: a
    // heavy PoP's keepers also keep lighter ones, whose shares dilute its own (weights 10 and nine of 1, two PoPs
    // per client: 49.8 % for 52.6 % of the weight). A few passes of proportional fitting close the gap: each pass
    // computes the share of the requests each PoP gets with the shares so far and scales its share by weight / got.
    private void fitShares(int count) {
        double target = 0;
        for (int p = 0; p < weights.length; p++) {
            target += share[p] > 0 ? weights[p] : 0;
        }
        if (perClient == 1 || target <= 0) {
            return;
        }
        double[] got = new double[weights.length];
        for (int pass = 0; pass < FITTING_PASSES; pass++) {
            Arrays.fill(got, 0);
            for (int c = 0; c < count; c++) {
                int from = c * perClient;
                double total = 0;
                for (int j = from; j < from + perClient; j++) {
                    total += share[kept[j]];
                }
                for (int j = from; j < from + perClient && total > 0; j++) {
                    got[kept[j]] += share[kept[j]] / total;
                }
            }
            for (int p = 0; p < weights.length; p++) {
                if (got[p] > 0) {
                    share[p] *= (weights[p] / target) / (got[p] / count);
                }
            }
        }
    }

    private static double sum(double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        return total;
    }

    /**
     * The index drawn by {@code weights}, whose {@link #sum} is {@code total}, with {@code uniform} in [0, 1); the
     * last of weight above 0 if rounding.
     */
    private static int drawn(double[] weights, double total, double uniform) {
        double u = uniform * total;
        int last = -1;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] > 0) {
                last = i;
                u -= weights[i];
                if (u < 0) {
                    return i;
                }
            }
        }
        return last;
    }

    @Override
    public int pick(int client, double uniform) {
        int from = client * perClient;
        if (perClient == 1) {
            return kept[from];
        }
        double total = 0;
        for (int j = from; j < from + perClient; j++) {
            total += share[kept[j]];
        }
        double u = uniform * total;
        int last = from + perClient - 1;
        for (int j = from; j < last; j++) {
            u -= share[kept[j]];
            if (u < 0) {
                return kept[j];
            }
        }
        return kept[last];
    }

    @Override
    public int pickOther(int client, int current, DoubleSupplier uniform) {
        int from = client * perClient;
        double others = 0;
        for (int j = from; j < from + perClient; j++) {
            if (kept[j] != current) {
                others += share[kept[j]];
            }
        }
        if (others <= 0) {
            return current;
        }
        double u = uniform.getAsDouble() * others;
        int last = current;
        for (int j = from; j < from + perClient; j++) {
            if (kept[j] == current) {
                continue;
            }
            last = kept[j];
            u -= share[last];
            if (u < 0) {
                return last;
            }
        }
        return last;
    }

    @Override
    public String code(int index) {
        return codes[index];
    }

    /** The PoPs client {@code client} keeps, in the order drawn (for tests). */
    int[] keptBy(int client) {
        return Arrays.copyOfRange(kept, client * perClient, (client + 1) * perClient);
    }
}
