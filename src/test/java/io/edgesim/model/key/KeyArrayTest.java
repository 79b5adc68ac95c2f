package io.edgesim.model.key;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

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

    @Test
    void aFewKeysAmongAMillionNumbersStayHashedAndReadAsAPlainMapDoes() {
        KeyArray<Integer> array = new KeyArray<>();
        Map<Integer, Integer> plain = new HashMap<>();
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            int id = random.nextInt(1_000_000);
            array.put(id, i);
            plain.put(id, i);
        }

        assertThat(array.direct()).isFalse();
        assertThat(array.size()).isEqualTo(plain.size());
        for (int id = 0; id < 1_000_000; id++) {
            assertThat(array.get(id)).isEqualTo(plain.get(id));
        }
        assertThat(array.values()).containsExactlyElementsOf(new TreeMap<>(plain).values());
    }

    @Test
    void keysThatFillAShareOfTheNumbersGoDirectAndKeepTheirValues() {
        KeyArray<Integer> array = new KeyArray<>();
        for (int id = 0; id < 10_000; id += KeyArray.DENSE_SHARE) {
            array.put(id, id);
        }

        assertThat(array.direct()).isTrue();
        for (int id = 0; id < 10_000; id++) {
            assertThat(array.get(id)).isEqualTo(id % KeyArray.DENSE_SHARE == 0 ? id : null);
        }
        assertThat(array.size()).isEqualTo(2_500);
    }
}
