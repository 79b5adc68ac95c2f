package io.edgesim.traffic;

import io.edgesim.model.Seeds;

/**
 * The generator behind {@link java.util.SplittableRandom} (SplitMix64 with its default "golden" gamma) as functions of
 * a {@code long} state the caller keeps: a client holds 8 bytes instead of a 48-byte generator object (two objects),
 * and draws exactly the numbers {@code new SplittableRandom(seed)} would (checked by a test), so scenarios keep their
 * results.
 */
final class SplitMix64 {

    // java.util.SplittableRandom.GOLDEN_GAMMA
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private static final double DOUBLE_UNIT = 0x1.0p-53;

    private SplitMix64() {
    }

    /** The state after one draw from {@code state}. */
    static long advance(long state) {
        return state + GOLDEN_GAMMA;
    }

    /** The double in [0, 1) drawn when the state becomes {@code advancedState} (from {@link #advance}). */
    static double uniform(long advancedState) {
        return (Seeds.mix(advancedState) >>> 11) * DOUBLE_UNIT;
    }
}
