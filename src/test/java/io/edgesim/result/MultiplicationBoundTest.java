package io.edgesim.result;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MultiplicationBoundTest {

    @Test
    void besideTheMultiplicationTheBoundIsAtLeastOne() {
        // waf-login's remote staff: 1 location, 5 offered in a window against a limit of 100: 0.05 of the limit, but
        // nothing is refused by either count, so let through / exact accepted is 1
        MultiplicationBound.KeyBound under = new MultiplicationBound.KeyBound("ip-1", 1, 5, 100, 0.05);
        MultiplicationBound.KeyBound over = new MultiplicationBound.KeyBound("ip-2", 3, 306, 100, 3.0);

        assertThat(new MultiplicationBound("per location", under, under).factor()).isEqualTo(0.05);
        assertThat(new MultiplicationBound("per location", under, under).onMultiplication()).isEqualTo(1.0);
        assertThat(new MultiplicationBound("per location", over, under).onMultiplication()).isEqualTo(3.0);
    }
}
