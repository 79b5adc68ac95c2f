package io.edgesim.engine.cluster;

import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;

import java.util.List;
import java.util.Map;

/** Small latency matrices for cluster tests: round trips in milliseconds, no jitter unless asked. */
final class TestRegions {

    static final long MILLI = 1_000_000L;

    private TestRegions() {
    }

    /** FRA, AMS, SYD: FRA-AMS 8 ms, FRA-SYD 250 ms, AMS-SYD 260 ms, 2 ms inside a PoP. */
    static RegionMap fraAmsSyd() {
        List<Region> regions = List.of(
                new Region("FRA", "Frankfurt", 50.03, 8.57, "weur", true),
                new Region("AMS", "Amsterdam", 52.31, 4.76, "weur", true),
                new Region("SYD", "Sydney", -33.94, 151.18, "oc", true));
        long[][] rtt = {
                {0, 8 * MILLI, 250 * MILLI},
                {8 * MILLI, 0, 260 * MILLI},
                {250 * MILLI, 260 * MILLI, 0}};
        return new RegionMap(regions, rtt, new boolean[3][3], 2 * MILLI, 0,
                Map.of("weur", "FRA", "oc", "SYD"));
    }
}
