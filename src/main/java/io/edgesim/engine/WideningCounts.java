package io.edgesim.engine;

import java.util.Arrays;

/**
 * A growable array of numbers from 0 to {@code Long.MAX_VALUE}, kept in the narrowest of 16-, 32- and 64-bit cells
 * that holds every number written so far: 2 bytes a number while all are below 65,536, then 4, then 8. A write that
 * does not fit moves every number to the wider cells once (as HdrHistogram's short, int and long count arrays do, but
 * chosen as it goes). Positions never written read 0. Not thread-safe.
 */
final class WideningCounts {

    private static final long MAX_16 = 0xFFFF;

    // exactly one of the three is not null
    private char[] cells16;
    private int[] cells32;
    private long[] cells64;

    /** @param capacity the positions to start with (grows on a write beyond them) */
    WideningCounts(int capacity) {
        cells16 = new char[capacity];
    }

    /** The positions there is room for; reading one beyond gives 0. */
    int capacity() {
        return cells16 != null ? cells16.length : cells32 != null ? cells32.length : cells64.length;
    }

    long get(int at) {
        if (at >= capacity()) {
            return 0;
        }
        return cells16 != null ? cells16[at] : cells32 != null ? cells32[at] : cells64[at];
    }

    /** Writes {@code value} (0 or more) at {@code at} (0 or more), growing and widening as needed. */
    void set(int at, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("a count is 0 or more, was " + value);
        }
        if (at >= capacity()) {
            grow(at + 1);
        }
        if (cells16 != null) {
            if (value <= MAX_16) {
                cells16[at] = (char) value;
                return;
            }
            widenTo32();
        }
        if (cells32 != null) {
            if (value <= Integer.MAX_VALUE) {
                cells32[at] = (int) value;
                return;
            }
            widenTo64();
        }
        cells64[at] = value;
    }

    /** Adds {@code by} (0 or more) to the number at {@code at}. */
    void add(int at, long by) {
        set(at, get(at) + by);
    }

    /** Bits per number now: 16, 32 or 64. */
    int bits() {
        return cells16 != null ? 16 : cells32 != null ? 32 : 64;
    }

    private void grow(int atLeast) {
        int length = Math.max(atLeast, 2 * capacity());
        if (cells16 != null) {
            cells16 = Arrays.copyOf(cells16, length);
        } else if (cells32 != null) {
            cells32 = Arrays.copyOf(cells32, length);
        } else {
            cells64 = Arrays.copyOf(cells64, length);
        }
    }

    private void widenTo32() {
        cells32 = new int[cells16.length];
        for (int i = 0; i < cells16.length; i++) {
            cells32[i] = cells16[i];
        }
        cells16 = null;
    }

    private void widenTo64() {
        cells64 = new long[cells32.length];
        for (int i = 0; i < cells32.length; i++) {
            cells64[i] = cells32[i];
        }
        cells32 = null;
    }
}
