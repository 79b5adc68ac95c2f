package io.edgesim.model.key;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyTableTest {

    @Test
    void holdsAValuePerKeyNumber() {
        KeyTable<String> table = new KeyTable<>();
        table.put(3, "three");
        table.put(0, "zero");

        assertThat(table.get(3)).isEqualTo("three");
        assertThat(table.get(0)).isEqualTo("zero");
        assertThat(table.get(1)).isNull();
        assertThat(table.size()).isEqualTo(2);
    }

    @Test
    void putReplacesTheValueOfAKeyItHolds() {
        KeyTable<String> table = new KeyTable<>();
        table.put(5, "old");
        table.put(5, "new");

        assertThat(table.get(5)).isEqualTo("new");
        assertThat(table.size()).isEqualTo(1);
    }

    @Test
    void agreesWithAHashMapOverManySparseNumbers() {
        // numbers as one PoP sees them: a random share of a large run, in no order
        KeyTable<Integer> table = new KeyTable<>();
        Map<Integer, Integer> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < 40_000; i++) {
            int id = random.nextInt(1_000_000);
            table.put(id, i);
            expected.put(id, i);
        }

        for (int id = 0; id < 1_000_000; id += 7) {
            assertThat(table.get(id)).isEqualTo(expected.get(id));
        }
        expected.forEach((id, value) -> assertThat(table.get(id)).isEqualTo(value));
        assertThat(table.size()).isEqualTo(expected.size());
        assertThat(table.values()).containsExactlyInAnyOrderElementsOf(expected.values());
    }

    @Test
    void clearForgetsEverything() {
        KeyTable<String> table = new KeyTable<>();
        for (int i = 0; i < 100; i++) {
            table.put(i, "v" + i);
        }

        table.clear();

        assertThat(table.size()).isZero();
        assertThat(table.get(42)).isNull();
        table.put(42, "again");
        assertThat(table.get(42)).isEqualTo("again");
    }

    @Test
    void refusesNullValues() {
        assertThatThrownBy(() -> new KeyTable<String>().put(1, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
