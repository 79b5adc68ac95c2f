package io.edgesim.model.key;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeySlotsTest {

    @Test
    void eachKeyKeepsItsOwnLongsThroughGrowthAsAMapOfArraysWould() {
        KeySlots slots = new KeySlots(3, 0);
        Map<Integer, long[]> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 50_000; i++) {
            // numbers that share a stride, and a wide spread, both
            int id = random.nextBoolean() ? 64 * random.nextInt(2_000) : random.nextInt(1_000_000);
            long[] mine = expected.computeIfAbsent(id, k -> new long[3]);
            int at = slots.longsAt(slots.slot(id));
            long[] data = slots.data();
            for (int j = 0; j < 3; j++) {
                assertThat(data[at + j]).as("key %d long %d", id, j).isEqualTo(mine[j]);
            }
            int j = random.nextInt(3);
            data[at + j] = mine[j] = random.nextLong();
        }
        assertThat(slots.size()).isEqualTo(expected.size());
        for (Map.Entry<Integer, long[]> e : expected.entrySet()) {
            int at = slots.longsAt(slots.slot(e.getKey()));
            assertThat(Arrays.copyOfRange(slots.data(), at, at + 3)).isEqualTo(e.getValue());
        }
    }

    @Test
    void aNewKeyStartsAtZeroAndClearForgetsEveryKey() {
        KeySlots slots = new KeySlots(1, 0);
        int at = slots.longsAt(slots.slot(0));
        assertThat(slots.data()[at]).isZero();
        slots.data()[at] = 7;
        assertThat(slots.longsAt(slots.slot(0))).isEqualTo(at);
        assertThat(slots.data()[at]).isEqualTo(7);

        slots.clear();
        assertThat(slots.size()).isZero();
        assertThat(slots.data()[slots.longsAt(slots.slot(0))]).isZero();
        assertThat(slots.size()).isEqualTo(1);
    }

    @Test
    void aKeyHasAtLeastOneLong() {
        assertThatThrownBy(() -> new KeySlots(0, 0)).hasMessageContaining("1 or more");
    }

    @Test
    void eachKeysReferencesFollowItThroughGrowth() {
        KeySlots slots = new KeySlots(1, 2);
        for (int id = 0; id < 1_000; id++) {
            int slot = slots.slot(id);
            assertThat(slots.objects()[slots.objectsAt(slot)]).isNull();
            slots.objects()[slots.objectsAt(slot)] = "a" + id;
            slots.objects()[slots.objectsAt(slot) + 1] = "b" + id;
            slots.data()[slots.longsAt(slot)] = id;
        }
        for (int id = 0; id < 1_000; id++) {
            int slot = slots.slot(id);
            assertThat(slots.objects()[slots.objectsAt(slot)]).isEqualTo("a" + id);
            assertThat(slots.objects()[slots.objectsAt(slot) + 1]).isEqualTo("b" + id);
            assertThat(slots.data()[slots.longsAt(slot)]).isEqualTo(id);
        }
        slots.clear();
        assertThat(slots.objects()[slots.objectsAt(slots.slot(5))]).isNull();
    }

    @Test
    void findLooksUpWithoutAdding() {
        KeySlots slots = new KeySlots(2, 0);
        assertThat(slots.find(3)).isEqualTo(-1);
        assertThat(slots.size()).isZero();
        int slot = slots.slot(3);
        assertThat(slots.find(3)).isEqualTo(slot);
        assertThat(slots.find(4)).isEqualTo(-1);
        assertThat(slots.size()).isEqualTo(1);
    }
}
