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
 * cost 8 MB. A choice among a client's PoPs weighs them as the population does.
 */
final class KeptPops implements PopChooser {

    private final String[] codes;
    private final double[] weights;
    private final int perClient;
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
        double[] left = new double[weights.length];
        for (int c = 0; c < count; c++) {
            long state = Seeds.derive(seed, "pops", name, c);
            System.arraycopy(weights, 0, left, 0, weights.length);
            for (int j = 0; j < perClient; j++) {
                state = SplitMix64.advance(state);
                int pop = drawn(left, SplitMix64.uniform(state));
                kept[c * perClient + j] = pop;
                left[pop] = 0;
            }
        }
    }

    /** The index drawn by {@code weights} with {@code uniform} in [0, 1); the last of weight above 0 if rounding. */
    private static int drawn(double[] weights, double uniform) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
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
            total += weights[kept[j]];
        }
        double u = uniform * total;
        int last = from + perClient - 1;
        for (int j = from; j < last; j++) {
            u -= weights[kept[j]];
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
                others += weights[kept[j]];
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
            u -= weights[last];
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
