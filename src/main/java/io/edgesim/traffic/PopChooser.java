package io.edgesim.traffic;

import java.util.function.DoubleSupplier;

/**
 * Where the requests of a population's clients land: the index of a PoP among the population's {@code pops}, drawn
 * by weight from the PoPs client {@code client} may use - all of them ({@link PopPicker}) or the few it keeps
 * ({@link KeptPops}). Shared by all the population's clients and immutable.
 */
sealed interface PopChooser permits PopPicker, KeptPops {

    /** A PoP for client {@code client} drawn by weight, {@code uniform} being the draw in [0, 1). */
    int pick(int client, double uniform);

    /**
     * A PoP of client {@code client} other than {@code current} drawn by weight, or {@code current} when the client
     * has no other (then nothing is drawn from {@code uniform}).
     */
    int pickOther(int client, int current, DoubleSupplier uniform);

    /** The code of PoP {@code index}. */
    String code(int index);
}
