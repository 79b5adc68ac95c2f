package io.edgesim.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LocationsReachedTest {

    @Test
    void countsEachPopOncePerKeyBeyondOneWordOfPopsAndBeyondTheFirstCapacity() {
        LocationsReached reached = new LocationsReached(330);
        for (int pop = 0; pop < 330; pop += 3) {
            reached.add(1_000, pop);
            reached.add(1_000, pop);
        }
        reached.add(2, 329);
        reached.add(2, 0);
        reached.add(2, 64);

        assertThat(reached.count(1_000)).isEqualTo(110);
        assertThat(reached.count(2)).isEqualTo(3);
        assertThat(reached.count(1)).isZero();
        assertThat(reached.count(5_000)).isZero();
    }

    @Test
    void theBoundIsTheLocationsOrWhatTheKeyOfferedOverItsLimitWhicheverIsLess() {
        assertThat(KeyFigures.bound("k", 16, 3776, 30).factor()).isEqualTo(16.0);
        assertThat(KeyFigures.bound("k", 3, 180, 100).factor()).isEqualTo(1.8);
        assertThat(KeyFigures.bound("k", 1, 5, 100).factor()).isEqualTo(0.05);
    }
}
