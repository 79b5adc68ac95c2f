package io.edgesim.model.region;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class RegionMapIndexTest {

    private static RegionMap map(long jitterNanos) {
        List<Region> regions = List.of(
                new Region("FRA", "Frankfurt", "", 50.1, 8.7, "weur", true, 1),
                new Region("SYD", "Sydney", "", -33.9, 151.2, "oc", true, 1),
                new Region("IAD", "Ashburn", "", 38.9, -77.5, "enam", true, 1));
        long[][] rtt = {{0, 280_000_000L, 90_000_000L}, {280_000_000L, 0, 200_000_000L},
                {90_000_000L, 200_000_000L, 0}};
        return new RegionMap(regions, rtt, new boolean[3][3], 1_000_000L, jitterNanos,
                Map.of("weur", "FRA", "oc", "SYD", "enam", "IAD"));
    }

    @Test
    void oneWayByPositionMatchesOneWayByCodeDrawForDraw() {
        RegionMap regions = map(5_000_000L);
        SplittableRandom byCode = new SplittableRandom(3);
        SplittableRandom byIndex = new SplittableRandom(3);
        for (String from : regions.codes()) {
            for (String to : regions.codes()) {
                for (int i = 0; i < 20; i++) {
                    assertThat(regions.oneWayNanos(regions.indexOf(from), regions.indexOf(to), byIndex, 0))
                            .isEqualTo(regions.oneWayNanos(from, to, byCode, 0));
                }
            }
        }
    }

    @Test
    void oneWayInsideAPopIsHalfTheIntraPopRoundTrip() {
        RegionMap regions = map(0);

        assertThat(regions.oneWayNanos(1, 1, new SplittableRandom(1), 0)).isEqualTo(500_000L);
        assertThat(regions.oneWayNanos(0, 1, new SplittableRandom(1), 0)).isEqualTo(140_000_000L);
    }

    @Test
    void aPopWithoutDurableObjectsTakesTheNearestHostAndTiesGoToTheEarlierOne() {
        List<Region> regions = List.of(
                new Region("FRA", "Frankfurt", "", 50.1, 8.7, "weur", true, 1),
                new Region("AMS", "Amsterdam", "", 52.4, 4.9, "weur", true, 1),
                new Region("CDG", "Paris", "", 49.0, 2.5, "weur", false, 1),
                new Region("SYD", "Sydney", "", -33.9, 151.2, "oc", false, 1));
        long[][] rtt = {{0, 8, 9, 250}, {8, 0, 9, 260}, {9, 9, 0, 270}, {250, 260, 270, 0}};
        RegionMap map = new RegionMap(regions, rtt, new boolean[4][4], 1, 0, Map.of("weur", "FRA"));

        assertThat(map.nearestDurableObjectRegion("AMS")).isEqualTo("AMS");
        assertThat(map.nearestDurableObjectRegion("CDG")).isEqualTo("FRA");
        assertThat(map.nearestDurableObjectRegion("SYD")).isEqualTo("FRA");
    }
}
