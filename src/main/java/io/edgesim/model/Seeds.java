package io.edgesim.model;

import java.util.SplittableRandom;

/**
 * Derives independent, reproducible random sources from the run's seed and a name, so that adding a limiter or a
 * PoP does not shift the random draws of the others, and both engines draw the same numbers for the same thing.
 */
public final class Seeds {

    private Seeds() {
    }

    /** A generator for the thing named by {@code parts} (e.g. "isolate", limiter name, stage index, PoP). */
    public static SplittableRandom random(long seed, Object... parts) {
        return new SplittableRandom(derive(seed, parts));
    }

    /** A 64-bit seed mixed from {@code seed} and the string forms of {@code parts} (FNV-1a, then SplitMix64). */
    public static long derive(long seed, Object... parts) {
        long h = 0xcbf29ce484222325L ^ seed;
        for (Object part : parts) {
            String s = String.valueOf(part);
            for (int i = 0; i < s.length(); i++) {
                h ^= s.charAt(i);
                h *= 0x100000001b3L;
            }
            h ^= 0x1f;
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    /** SplitMix64's finalizer: a 64-bit value whose every bit depends on every bit of {@code z}. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
