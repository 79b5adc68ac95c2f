package io.edgesim.engine;

import java.util.Arrays;

/**
 * The locations (PoPs) each key reached: one bit per PoP per key number, {@code ceil(pops / 64)} longs a key, grown
 * to the largest key number seen. A million keys over 64 PoPs or fewer cost 8 MB, over 330 PoPs 48 MB. Not
 * thread-safe.
 */
final class LocationsReached {

    private final int wordsPerKey;
    private long[] bits;

    /** @param pops the number of PoPs, numbered from 0 */
    LocationsReached(int pops) {
        wordsPerKey = Math.max(1, (pops + 63) >>> 6);
        bits = new long[16 * wordsPerKey];
    }

    /** Records that key number {@code key} reached PoP number {@code pop}. */
    void add(int key, int pop) {
        int at = key * wordsPerKey + (pop >>> 6);
        if (at >= bits.length) {
            bits = Arrays.copyOf(bits, Math.max(at + wordsPerKey, 2 * bits.length));
        }
        bits[at] |= 1L << pop;
    }

    /** Reads the word of key number {@code key} that {@link #add} with {@code pop} writes. */
    long touch(int key, int pop) {
        int at = key * wordsPerKey + (pop >>> 6);
        return at < bits.length ? bits[at] : 0;
    }

    /** How many PoPs key number {@code key} reached (0 for a key never seen). */
    int count(int key) {
        int from = key * wordsPerKey;
        int n = 0;
        for (int i = from; i < from + wordsPerKey && i < bits.length; i++) {
            n += Long.bitCount(bits[i]);
        }
        return n;
    }
}
