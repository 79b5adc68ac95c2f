package io.edgesim.traffic;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RateProfileTest {

    @Test
    void flatRateSpacesArrivalsEvenly() {
        RateProfile flat = new RateProfile(4, 4, 10);

        assertThat(flat.total()).isEqualTo(40);
        assertThat(flat.secondsAt(1)).isEqualTo(0.25);
        assertThat(flat.secondsAt(39.9)).isCloseTo(9.975, within(1e-9));
        assertThat(flat.secondsAt(40)).isNaN();
    }

    @Test
    void rampInvertsTheQuadraticCumulativeRate() {
        RateProfile up = new RateProfile(10, 30, 60);

        // Λ(30 s) = 10·30 + 20·30² / 120 = 450
        assertThat(up.total()).isEqualTo(1200);
        assertThat(up.secondsAt(450)).isCloseTo(30, within(1e-9));
        RateProfile down = new RateProfile(30, 0, 60);
        // ramping down to 0: Λ(30 s) = 30·30 − 30·30² / 120 = 675 of 900 in all
        assertThat(down.secondsAt(675)).isCloseTo(30, within(1e-9));
        assertThat(down.secondsAt(900)).isNaN();
    }
}
