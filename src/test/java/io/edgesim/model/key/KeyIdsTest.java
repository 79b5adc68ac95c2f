package io.edgesim.model.key;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyIdsTest {

    @Test
    void numbersKeysDenselyInTheOrderTheyAreFirstSeen() {
        KeyIds ids = new KeyIds();

        assertThat(ids.idOf("b")).isZero();
        assertThat(ids.idOf("a")).isEqualTo(1);
        assertThat(ids.idOf("b")).isZero();
        assertThat(ids.idOf("c")).isEqualTo(2);
        assertThat(ids.size()).isEqualTo(3);
        assertThat(ids.key(1)).isEqualTo("a");
    }

    @Test
    void equalStringsThatAreDifferentObjectsShareANumber() {
        KeyIds ids = new KeyIds();
        String built = new StringBuilder("key-").append(7).toString();

        int first = ids.idOf("key-7");

        assertThat(ids.idOf(built)).isEqualTo(first);
    }

    @Test
    void keepsEveryNumberWhileGrowingToManyKeys() {
        KeyIds ids = new KeyIds();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            keys.add("key-" + i);
            assertThat(ids.idOf(keys.get(i))).isEqualTo(i);
        }

        for (int i = 0; i < keys.size(); i++) {
            assertThat(ids.idOf("key-" + i)).isEqualTo(i);
            assertThat(ids.key(i)).isEqualTo(keys.get(i));
        }
        assertThat(ids.size()).isEqualTo(50_000);
    }

    @Test
    void keysWithCollidingHashCodesGetDifferentNumbers() {
        // "Aa" and "BB" have the same String.hashCode
        KeyIds ids = new KeyIds();

        assertThat(ids.idOf("Aa")).isNotEqualTo(ids.idOf("BB"));
        assertThat(ids.idOf("BB")).isEqualTo(1);
    }

    @Test
    void refusesANumberNotGivenOut() {
        KeyIds ids = new KeyIds();
        ids.idOf("only");

        assertThatThrownBy(() -> ids.key(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
