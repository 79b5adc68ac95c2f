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

        assertThat(ids.idOf("b", null)).isZero();
        assertThat(ids.idOf("a", null)).isEqualTo(1);
        assertThat(ids.idOf("b", null)).isZero();
        assertThat(ids.idOf("c", null)).isEqualTo(2);
        assertThat(ids.size()).isEqualTo(3);
        assertThat(ids.key(1)).isEqualTo("a");
    }

    @Test
    void equalStringsThatAreDifferentObjectsShareANumber() {
        KeyIds ids = new KeyIds();
        String built = new StringBuilder("key-").append(7).toString();

        int first = ids.idOf("key-7", null);

        assertThat(ids.idOf(built, null)).isEqualTo(first);
    }

    @Test
    void keepsEveryNumberWhileGrowingToManyKeys() {
        KeyIds ids = new KeyIds();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            keys.add("key-" + i);
            assertThat(ids.idOf(keys.get(i), null)).isEqualTo(i);
        }

        for (int i = 0; i < keys.size(); i++) {
            assertThat(ids.idOf("key-" + i, null)).isEqualTo(i);
            assertThat(ids.key(i)).isEqualTo(keys.get(i));
        }
        assertThat(ids.size()).isEqualTo(50_000);
    }

    @Test
    void keysWithCollidingHashCodesGetDifferentNumbers() {
        // "Aa" and "BB" have the same String.hashCode
        KeyIds ids = new KeyIds();

        assertThat(ids.idOf("Aa", null)).isNotEqualTo(ids.idOf("BB", null));
        assertThat(ids.idOf("BB", null)).isEqualTo(1);
    }

    @Test
    void refusesANumberNotGivenOut() {
        KeyIds ids = new KeyIds();
        ids.idOf("only", null);

        assertThatThrownBy(() -> ids.key(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aKeyKeepsThePlanItWasFirstNumberedWith() {
        KeyIds ids = new KeyIds();
        int plain = ids.idOf("plain", null);
        int pro = ids.idOf("k-pro", "pro");
        int free = ids.idOf("k-free", "free");

        assertThat(ids.idOf("k-pro", "free")).isEqualTo(pro);
        assertThat(ids.idOf("plain", "pro")).isEqualTo(plain);
        assertThat(ids.plan(pro)).isEqualTo("pro");
        assertThat(ids.plan(free)).isEqualTo("free");
        assertThat(ids.plan(plain)).isNull();
        assertThat(ids.planNumber(plain)).isZero();
        assertThat(ids.planName(ids.planNumber(pro))).isEqualTo("pro");
        assertThat(ids.planNumber(free)).isEqualTo(2);
    }

    @Test
    void plansSurviveTheTableGrowing() {
        KeyIds ids = new KeyIds();
        for (int i = 0; i < 1_000; i++) {
            ids.idOf("key-" + i, i % 3 == 0 ? null : i % 3 == 1 ? "free" : "pro");
        }

        for (int i = 0; i < 1_000; i++) {
            assertThat(ids.plan(i)).isEqualTo(i % 3 == 0 ? null : i % 3 == 1 ? "free" : "pro");
        }
    }
}
