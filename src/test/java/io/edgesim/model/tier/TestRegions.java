package io.edgesim.model.tier;

import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;

import java.util.List;
import java.util.Map;

/**
 * A small region map for placement tests: FRA, AMS (weur), IAD (enam), SYD (oc) can home Durable Objects; AKL (oc),
 * GRU (sam) and JNB (afr) cannot. Round trips in ms are rough but consistent: AKL is nearest to SYD.
 */
public final class TestRegions {

    private TestRegions() {
    }

    public static RegionMap map() {
        List<Region> regions = List.of(
                new Region("FRA", "Frankfurt", "", 50.1, 8.7, "weur", true, 1),
                new Region("AMS", "Amsterdam", "", 52.4, 4.9, "weur", true, 1),
                new Region("IAD", "Ashburn", "", 38.9, -77.5, "enam", true, 1),
                new Region("SYD", "Sydney", "", -33.9, 151.2, "oc", true, 1),
                new Region("AKL", "Auckland", "", -36.8, 174.8, "oc", false, 1),
                new Region("GRU", "Sao Paulo", "", -23.4, -46.5, "sam", false, 1),
                new Region("JNB", "Johannesburg", "", -26.1, 28.2, "afr", false, 1));
        long[][] ms = {
                {0, 8, 90, 280, 290, 200, 160},
                {8, 0, 85, 290, 295, 205, 165},
                {90, 85, 0, 200, 210, 120, 230},
                {280, 290, 200, 0, 30, 310, 280},
                {290, 295, 210, 30, 0, 320, 300},
                {200, 205, 120, 310, 320, 0, 330},
                {160, 165, 230, 280, 300, 330, 0}};
        long[][] rttNanos = new long[ms.length][ms.length];
        for (int i = 0; i < ms.length; i++) {
            for (int j = 0; j < ms.length; j++) {
                rttNanos[i][j] = ms[i][j] * 1_000_000L;
            }
        }
        Map<String, String> areaHomes = Map.of("weur", "FRA", "eeur", "FRA", "wnam", "IAD", "enam", "IAD",
                "sam", "IAD", "apac", "SYD", "oc", "SYD", "afr", "FRA", "me", "FRA");
        return new RegionMap(regions, rttNanos, new boolean[ms.length][ms.length], 1_000_000L, 0, areaHomes);
    }

    /** No faults over {@link #map}. */
    public static FaultTimeline noFaults() {
        return FaultTimeline.none(map());
    }
}
