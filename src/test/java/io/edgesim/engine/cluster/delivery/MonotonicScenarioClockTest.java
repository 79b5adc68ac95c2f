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
    void processesThatConvertOneWallClockInstantShareTheirScenarioTime() {
        long startEpochNanos = MonotonicScenarioClock.epochNanosNow() + 200_000_000L;
        MonotonicScenarioClock here = new MonotonicScenarioClock(2.0,
                MonotonicScenarioClock.realNanosAtEpoch(startEpochNanos - 1_000_000_000L));
        MonotonicScenarioClock there = new MonotonicScenarioClock(2.0,
                MonotonicScenarioClock.realNanosAtEpoch(startEpochNanos - 1_000_000_000L));

        // before the start, both count from the shared origin a second before it: about 1.6 s of scenario time
        assertThat(here.nowNanos()).isBetween(1_000_000_000L, 2_000_000_000L);
        assertThat(Math.abs(here.nowNanos() - there.nowNanos())).isLessThan(5_000_000L);
        here.startAt(MonotonicScenarioClock.realNanosAtEpoch(startEpochNanos));
        there.startAt(MonotonicScenarioClock.realNanosAtEpoch(startEpochNanos));
        // the start is ~0.2 s away: scenario time about -0.4 s on both
        assertThat(here.nowNanos()).isBetween(-500_000_000L, 0L);
        assertThat(Math.abs(here.realNanosAt(0) - there.realNanosAt(0))).isLessThan(2_000_000L);
        assertThatThrownBy(() -> here.startAt(System.nanoTime())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsSpeedsThatAreNotPositive() {
        assertThatThrownBy(() -> new MonotonicScenarioClock(0)).hasMessageContaining("speed");
        assertThatThrownBy(() -> new MonotonicScenarioClock(Double.NaN)).hasMessageContaining("speed");
    }
}
