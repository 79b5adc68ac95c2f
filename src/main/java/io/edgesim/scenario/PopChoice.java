package io.edgesim.scenario;

import io.edgesim.model.region.Region;

import java.util.List;

/**
 * Which PoP a population's requests land in: PoPs with relative weights, and when the choice is made.
 *
 * @param mode          per request, once per client, or hopping
 * @param pops          PoP codes, each a region of the scenario
 * @param weights       relative weights, one per PoP, none negative, not all zero
 * @param hopEveryNanos for {@link Mode#HOP}: how long a client stays before moving; else unused
 * @param popsPerKey    0: every client chooses among all the PoPs; K from 1 to the number of PoPs with a weight
 *                      above 0: each client keeps K of them, drawn once by weight without replacement, and the mode
 *                      chooses among those
 */
public record PopChoice(Mode mode, List<String> pops, List<Double> weights, long hopEveryNanos, int popsPerKey) {

    /** What a weight may be ({@link Region#MAX_WEIGHT}), for messages. */
    public static final String WEIGHT_ALLOWED = "a weight from 0 to 1e15 (relative to the others)";

    public PopChoice {
        pops = List.copyOf(pops);
        weights = List.copyOf(weights);
        if (pops.isEmpty() || pops.size() != weights.size()) {
            throw new IllegalArgumentException("one weight per PoP is required");
        }
        if (weights.stream().anyMatch(w -> !(w >= 0) || w > Region.MAX_WEIGHT)
                || weights.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
            throw new IllegalArgumentException("weights must be 0 or more and not all 0");
        }
        if (mode == Mode.HOP && hopEveryNanos <= 0) {
            throw new IllegalArgumentException("hop-every must be greater than 0");
        }
        if (popsPerKey < 0 || popsPerKey > weighted(weights)) {
            throw new IllegalArgumentException("pops-per-key must be 0 (all) or from 1 to the PoPs with a weight");
        }
    }

    /** The number of PoPs with a weight above 0: those a client can land in. */
    public static int weighted(List<Double> weights) {
        return (int) weights.stream().filter(w -> w > 0).count();
    }

    /** When the PoP is chosen. */
    public enum Mode {
        /** Each request picks a PoP by weight. */
        PER_REQUEST("per-request"),
        /** Each client picks once by weight and stays (a botnet: many clients, each in one PoP). */
        PER_CLIENT("per-client"),
        /** Each client picks by weight, stays for hopEvery, then moves to another PoP by weight (a mobile client). */
        HOP("hop");

        private final String configName;

        Mode(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        /** The mode named {@code name} in a scenario file, or null when there is none. */
        static Mode byName(String name) {
            for (Mode m : values()) {
                if (m.configName.equals(name)) {
                    return m;
                }
            }
            return null;
        }
    }
}
