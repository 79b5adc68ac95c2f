package io.edgesim.engine.cluster.delivery;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MonotonicScenarioClockTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void atSpeedTwoScenarioTimeRunsTwiceAsFastAsRealTime() {
        MonotonicScenarioClock clock = new MonotonicScenarioClock(2.0);

        long realForTwoScenarioSeconds = clock.realNanosAt(2 * SECOND) - clock.realNanosAt(0);

        assertThat(realForTwoScenarioSeconds).isBetween(SECOND - 2, SECOND + 2);
    }

    @Test
    void atSpeedOneTenthScenarioTimeRunsTenTimesSlower() {
        MonotonicScenarioClock clock = new MonotonicScenarioClock(0.1);

        assertThat(clock.realNanosAt(SECOND) - clock.realNanosAt(0)).isBetween(10 * SECOND - 2, 10 * SECOND + 2);
    }

    @Test
    void theRealInstantOfAScenarioTimeReadsAtLeastThatTime() {
        MonotonicScenarioClock clock = new MonotonicScenarioClock(3.0);
        long target = clock.nowNanos() + 1_000_000;

        long real = clock.realNanosAt(target);
        while (System.nanoTime() < real) {
            Thread.onSpinWait();
        }

        assertThat(clock.nowNanos()).isGreaterThanOrEqualTo(target);
    }

    @Test
    void startNowMakesNowScenarioTimeZeroOnce() {
        MonotonicScenarioClock clock = new MonotonicScenarioClock(1.0);

        clock.startNow();

        assertThat(clock.nowNanos()).isBetween(0L, SECOND);
        assertThatThrownBy(clock::startNow).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void startInMakesScenarioTimeZeroTheLeadInFromNow() {
        MonotonicScenarioClock clock = new MonotonicScenarioClock(2.0);

        clock.startIn(SECOND);

        assertThat(clock.nowNanos()).as("scenario time before the lead-in is over").isBetween(-2 * SECOND, 0L);
        assertThat(clock.realNanosAt(0) - System.nanoTime()).isBetween(0L, SECOND);
        assertThatThrownBy(() -> clock.startIn(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsSpeedsThatAreNotPositive() {
        assertThatThrownBy(() -> new MonotonicScenarioClock(0)).hasMessageContaining("speed");
        assertThatThrownBy(() -> new MonotonicScenarioClock(Double.NaN)).hasMessageContaining("speed");
    }
}
