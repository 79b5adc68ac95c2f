package io.edgesim.model.key;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyArrayTest {

    @Test
    void holdsAValuePerKeyNumberAndNothingBeyond() {
        KeyArray<String> array = new KeyArray<>();
        array.put(2, "two");

        assertThat(array.get(2)).isEqualTo("two");
        assertThat(array.get(1)).isNull();
        assertThat(array.get(1_000)).isNull();
        assertThat(array.size()).isEqualTo(1);
    }

    @Test
    void growsToTheHighestNumberStored() {
        KeyArray<Integer> array = new KeyArray<>();
        for (int id = 0; id < 10_000; id += 3) {
            array.put(id, id);
        }
        array.put(99_999, -1);

        assertThat(array.get(9_999)).isEqualTo(9_999);
        assertThat(array.get(10_000)).isNull();
        assertThat(array.get(99_999)).isEqualTo(-1);
        assertThat(array.size()).isEqualTo(3_335);
    }

    @Test
    void putReplacesAndValuesComeByKeyNumber() {
        KeyArray<String> array = new KeyArray<>();
        array.put(7, "seven");
        array.put(1, "one");
        array.put(7, "SEVEN");

        assertThat(array.values()).containsExactly("one", "SEVEN");
        assertThat(array.size()).isEqualTo(2);
    }

    @Test
    void refusesNullValues() {
        assertThatThrownBy(() -> new KeyArray<String>().put(1, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
