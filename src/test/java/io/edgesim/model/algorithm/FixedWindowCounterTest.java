package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FixedWindowCounterTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void rejectsOnceWindowIsFull() {
        FixedWindowCounter counter = new FixedWindowCounter(3, SECOND, Counting.ADMITTED);

        assertThat(counter.tryAcquire(100, 1)).isEqualTo(new Decision(true, 2, 0, SECOND));
        assertThat(counter.tryAcquire(200, 2)).isEqualTo(new Decision(true, 0, 0, SECOND));
        assertThat(counter.tryAcquire(SECOND / 4, 1)).isEqualTo(new Decision(false, 0, 3 * SECOND / 4, SECOND));
    }

    @Test
    void windowsAreAlignedToTheEpochNotToTheFirstRequest() {
        FixedWindowCounter counter = new FixedWindowCounter(2, SECOND, Counting.ADMITTED);
        counter.tryAcquire(900_000_000L, 2);

        assertThat(counter.tryAcquire(SECOND - 1, 1).retryAfterNanos()).isEqualTo(1);
        assertThat(counter.tryAcquire(SECOND, 2)).isEqualTo(new Decision(true, 0, 0, 2 * SECOND));
    }

    @Test
    void aWholeLimitFitsEachSideOfABoundary() {
        FixedWindowCounter counter = new FixedWindowCounter(5, SECOND, Counting.ADMITTED);

        assertThat(counter.tryAcquire(SECOND - 1, 5).allowed()).isTrue();
        assertThat(counter.tryAcquire(SECOND, 5).allowed()).isTrue();
    }

    @Test
    void negativeTimesUseFloorWindows() {
        FixedWindowCounter counter = new FixedWindowCounter(1, SECOND, Counting.ADMITTED);

        assertThat(counter.tryAcquire(-1, 1).resetNanos()).isZero();
        assertThat(counter.tryAcquire(0, 1).allowed()).isTrue();
    }

    @Test
    void rejectsNegativeCostAndNonPositiveSettings() {
        assertThatThrownBy(() -> new FixedWindowCounter(1, SECOND, Counting.ADMITTED).tryAcquire(0, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cost");
        assertThatThrownBy(() -> new FixedWindowCounter(0, SECOND, Counting.ADMITTED)).hasMessageContaining("limit");
        assertThatThrownBy(() -> new FixedWindowCounter(1, 0, Counting.ADMITTED)).hasMessageContaining("window");
    }
}
