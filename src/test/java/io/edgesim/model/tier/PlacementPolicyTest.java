package io.edgesim.model.tier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlacementPolicyTest {

    private static PlacementPolicy policy(Placement placement) {
        return new PlacementPolicy(placement, TestRegions.map());
    }

    @Test
    void firstRequestHomesTheObjectWhereItsFirstRequestLanded() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.FIRST_REQUEST, null, null));

        assertThat(policy.route("k", "AKL")).isEqualTo(new ObjectRoute("k", "SYD"));
        // later requests from Frankfurt still go to Sydney: placement is fixed at creation
        assertThat(policy.route("k", "FRA")).isEqualTo(new ObjectRoute("k", "SYD"));
        assertThat(policy.route("other", "FRA")).isEqualTo(new ObjectRoute("other", "FRA"));
    }

    @Test
    void fixedHomesEveryObjectInTheRegion() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.FIXED, "AMS", null));

        assertThat(policy.route("k", "SYD")).isEqualTo(new ObjectRoute("k", "AMS"));
    }

    @Test
    void locationHintHomesTheObjectInTheHintedArea() {
        assertThat(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "oc")).route("k", "FRA"))
                .isEqualTo(new ObjectRoute("k", "SYD"));
        // sam objects spawn in Eastern North America, afr ones in Western Europe (assumption in regions.conf)
        assertThat(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "sam")).route("k", "GRU"))
                .isEqualTo(new ObjectRoute("k", "IAD"));
        assertThat(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "afr")).route("k", "JNB"))
                .isEqualTo(new ObjectRoute("k", "FRA"));
    }

    @Test
    void perAreaKeepsOneObjectPerKeyPerArea() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.PER_AREA, null, null));

        assertThat(policy.route("k", "FRA")).isEqualTo(new ObjectRoute("k@weur", "FRA"));
        assertThat(policy.route("k", "AMS")).isEqualTo(new ObjectRoute("k@weur", "FRA"));
        assertThat(policy.route("k", "GRU")).isEqualTo(new ObjectRoute("k@sam", "IAD"));
        assertThat(policy.route("k", "AKL")).isEqualTo(new ObjectRoute("k@oc", "SYD"));
    }

    @Test
    void refusesAFixedRegionThatCannotHomeObjects() {
        assertThatThrownBy(() -> policy(new Placement(Placement.Policy.FIXED, "GRU", null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GRU");
    }

    @Test
    void refusesAnUnknownHint() {
        assertThatThrownBy(() -> policy(new Placement(Placement.Policy.LOCATION_HINT, null, "mars")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("allowed: weur");
    }
}
