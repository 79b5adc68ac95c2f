package io.edgesim.engine;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WideningCountsTest {

    @Test
    void keepsSixteenBitCellsUntilANumberNeedsMoreThenWidensOnceForEveryNumber() {
        WideningCounts counts = new WideningCounts(4);
        counts.set(0, 65_535);
        counts.set(3, 7);
        assertThat(counts.bits()).isEqualTo(16);
        counts.add(0, 1);
        assertThat(counts.bits()).isEqualTo(32);
        assertThat(counts.get(0)).isEqualTo(65_536);
        assertThat(counts.get(3)).isEqualTo(7);
        counts.set(2, Integer.MAX_VALUE);
        assertThat(counts.bits()).isEqualTo(32);
        counts.add(2, 1);
        assertThat(counts.bits()).isEqualTo(64);
        assertThat(counts.get(2)).isEqualTo(Integer.MAX_VALUE + 1L);
        assertThat(counts.get(0)).isEqualTo(65_536);
        assertThat(counts.get(3)).isEqualTo(7);
    }

    @Test
    void readsWhatAPlainLongArrayWouldHoldWhateverTheWidth() {
        WideningCounts counts = new WideningCounts(1);
        long[] plain = new long[5_000];
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 50_000; i++) {
            int at = random.nextInt(plain.length);
            // mostly small numbers, now and then one that needs 32 or 64 bits
            long by = random.nextInt(100) == 0 ? random.nextLong(1L << 40) : random.nextInt(50);
            plain[at] += by;
            counts.add(at, by);
        }
        for (int at = 0; at < plain.length; at++) {
            assertThat(counts.get(at)).as("position %d", at).isEqualTo(plain[at]);
        }
        assertThat(counts.get(plain.length + 10)).isZero();
        assertThat(counts.bits()).isEqualTo(64);
    }

    @Test
    void refusesNegativeNumbers() {
        assertThatThrownBy(() -> new WideningCounts(1).set(0, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
