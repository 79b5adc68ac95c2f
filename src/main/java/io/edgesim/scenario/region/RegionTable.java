package io.edgesim.scenario.region;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Text form of a region map for {@code edgesim regions}: the PoPs with their area and Durable Object capability,
 * the area homes, then the round-trip matrix in milliseconds with estimated pairs marked {@code *}.
 */
public final class RegionTable {

    private static final int CELL = 8;

    private RegionTable() {
    }

    private static String weight(Region r) {
        return Durations.formatNumber(r.weight());
    }

    /** The whole table, lines separated by '\n', ending with a newline. */
    public static String format(RegionMap map) {
        StringBuilder out = new StringBuilder();
        List<String> codes = map.codes();
        int cityWidth = Math.max(4, codes.stream().mapToInt(c -> map.region(c).city().length()).max().orElse(4));
        // the traffic weights (what pops = all sends where) when a PoP has another than the default 1
        boolean weights = codes.stream().anyMatch(c -> map.region(c).weight() != 1);
        int weightWidth = Math.max(6, codes.stream().mapToInt(c -> weight(map.region(c)).length()).max().orElse(6));
        String weightColumn = weights ? "%" + weightWidth + "s  " : "%s";
        out.append(String.format(Locale.ROOT, "%-4s  %-" + cityWidth + "s  %-4s  " + weightColumn + "%s%n", "PoP",
                "city", "area", weights ? "weight" : "", "Durable Objects"));
        for (String code : codes) {
            Region r = map.region(code);
            out.append(String.format(Locale.ROOT, "%-4s  %-" + cityWidth + "s  %-4s  " + weightColumn + "%s%n", code,
                    r.city(), r.area(), weights ? weight(r) : "",
                    r.durableObjects() ? "yes" : "no (nearest: " + map.nearestDurableObjectRegion(code) + ")"));
        }
        out.append('\n').append("area homes:");
        for (Map.Entry<String, String> e : orderedAreaHomes(map)) {
            out.append(' ').append(e.getKey()).append('=').append(e.getValue());
        }
        out.append("\n\n");
        out.append("round trip, ms (* = estimated from great-circle distance; diagonal = within one PoP)\n");
        out.append(String.format(Locale.ROOT, "%-5s", ""));
        for (String code : codes) {
            out.append(String.format(Locale.ROOT, "%" + CELL + "s", code + " "));
        }
        out.append('\n');
        for (String from : codes) {
            out.append(String.format(Locale.ROOT, "%-5s", from));
            for (String to : codes) {
                boolean estimated = map.estimated(from, to);
                String cell = String.format(Locale.ROOT, "%.1f", map.rttNanos(from, to) / 1e6) + (estimated ? "*" : " ");
                out.append(String.format(Locale.ROOT, "%" + CELL + "s", cell));
            }
            out.append('\n');
        }
        long pairs = (long) codes.size() * (codes.size() - 1) / 2;
        out.append(String.format(Locale.ROOT, "%d of %d pairs estimated; jitter %.1f ms one way%n",
                map.estimatedPairs(codes), pairs, map.jitterNanos() / 1e6));
        out.append(String.format(Locale.ROOT, "tails (scenarios with latency { tails = on }): p99 = %s x p50 where a "
                + "pair gives no p99 of its own%n", Durations.formatNumber(map.defaultP99OverP50())));
        return out.toString();
    }

    private static List<Map.Entry<String, String>> orderedAreaHomes(RegionMap map) {
        return RegionMap.AREAS.stream().filter(map.areaHomes()::containsKey)
                .map(a -> Map.entry(a, map.areaHome(a))).toList();
    }
}
