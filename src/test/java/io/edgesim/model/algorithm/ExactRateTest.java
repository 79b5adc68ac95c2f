package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ExactRateTest {

    @Test
    void anIntegerRateCountsInNanoTokens() {
        assertThat(ExactRate.of(10, 100)).isEqualTo(new ExactRate(10, 1_000_000_000L));
    }

    @Test
    void aDecimalRateIsHeldExactlyAsWritten() {
        // 0.1 tokens/s: one token is 10 * 1e9 units, a nanosecond refills 1
        assertThat(ExactRate.of(0.1, 100)).isEqualTo(new ExactRate(1, 10_000_000_000L));
        assertThat(ExactRate.of(7.25, 4)).isEqualTo(new ExactRate(725, 100_000_000_000L));
    }

    @Test
    void manyDecimalsAreRoundedToWhatFitsWithTheBurst() {
        ExactRate rate = ExactRate.of(1.0 / 3, 1_000);

        assertThat(Math.multiplyHigh(2 * 1_000 * rate.unitsPerToken(), 1)).isZero();
        assertThat(rate.unitsPerNano() * 1e9 / rate.unitsPerToken()).isCloseTo(1.0 / 3, within(1e-6));
    }

    @Test
    void refusesWhatCannotBeRepresented() {
        assertThatThrownBy(() -> ExactRate.of(1, Long.MAX_VALUE / 2)).hasMessageContaining("burst");
        assertThatThrownBy(() -> ExactRate.of(0, 1)).hasMessageContaining("rate");
        assertThatThrownBy(() -> ExactRate.of(Double.NaN, 1)).hasMessageContaining("rate");
    }
}
