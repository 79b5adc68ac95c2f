package io.edgesim.model.tier.remote;

import io.edgesim.model.key.KeyIds;
import io.edgesim.model.tier.TestRegions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlacementPolicyTest {

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    private ObjectRoute route(PlacementPolicy policy, String key, String requestPop) {
        return policy.route(key, keys.idOf(key, null), requestPop);
    }

    private static PlacementPolicy policy(Placement placement) {
        return new PlacementPolicy(placement, TestRegions.map());
    }

    @Test
    void firstRequestHomesTheObjectWhereItsFirstRequestLanded() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.FIRST_REQUEST, null, null));

        assertThat(route(policy, "k", "AKL")).isEqualTo(new ObjectRoute("k", "SYD"));
        // later requests from Frankfurt still go to Sydney: placement is fixed at creation
        assertThat(route(policy, "k", "FRA")).isEqualTo(new ObjectRoute("k", "SYD"));
        assertThat(route(policy, "other", "FRA")).isEqualTo(new ObjectRoute("other", "FRA"));
    }

    @Test
    void fixedHomesEveryObjectInTheRegion() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.FIXED, "AMS", null));

        assertThat(route(policy, "k", "SYD")).isEqualTo(new ObjectRoute("k", "AMS"));
    }

    @Test
    void locationHintHomesTheObjectInTheHintedArea() {
        assertThat(route(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "oc")), "k", "FRA"))
                .isEqualTo(new ObjectRoute("k", "SYD"));
        // sam objects spawn in Eastern North America, afr ones in Western Europe (assumption in regions.conf)
        assertThat(route(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "sam")), "k", "GRU"))
                .isEqualTo(new ObjectRoute("k", "IAD"));
        assertThat(route(policy(new Placement(Placement.Policy.LOCATION_HINT, null, "afr")), "k", "JNB"))
                .isEqualTo(new ObjectRoute("k", "FRA"));
    }

    @Test
    void perAreaKeepsOneObjectPerKeyPerArea() {
        PlacementPolicy policy = policy(new Placement(Placement.Policy.PER_AREA, null, null));

        assertThat(route(policy, "k", "FRA")).isEqualTo(new ObjectRoute("k@weur", "FRA"));
        assertThat(route(policy, "k", "AMS")).isEqualTo(new ObjectRoute("k@weur", "FRA"));
        assertThat(route(policy, "k", "GRU")).isEqualTo(new ObjectRoute("k@sam", "IAD"));
        assertThat(route(policy, "k", "AKL")).isEqualTo(new ObjectRoute("k@oc", "SYD"));
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
