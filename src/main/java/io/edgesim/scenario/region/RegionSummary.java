package io.edgesim.scenario.region;

import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text form of a large region map for {@code edgesim regions}: one line per Durable Object area - its PoPs, how many
 * host Durable Objects, its home, its share of the PoPs' weight, and the spread of round trips from its PoPs to that
 * home (min, median, max; how many of them are estimated) - instead of a matrix too wide to read.
 */
public final class RegionSummary {

    /**
     * Files with more PoPs than this are summarised unless the matrix is asked for: a matrix row takes 5 + 8 x N
     * characters, so up to 24 PoPs it fits in 200 columns.
     */
    public static final int MATRIX_LIMIT = 24;

    private RegionSummary() {
    }

    /** Whether {@code map} is printed as a summary when the matrix is not asked for. */
    public static boolean summarised(RegionMap map) {
        return map.codes().size() > MATRIX_LIMIT;
    }

    /** The summary, lines separated by '\n', ending with a newline. */
    public static String format(RegionMap map) {
        List<String> codes = map.codes();
        double totalWeight = codes.stream().mapToDouble(c -> map.region(c).weight()).sum();
        long hosts = codes.stream().filter(c -> map.region(c).durableObjects()).count();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d PoPs, %d hosting Durable Objects, by Durable Object area (more than "
                + "%d PoPs: --matrix prints each PoP and the round-trip matrix)%n%n", codes.size(), hosts,
                MATRIX_LIMIT));
        out.append(String.format(Locale.ROOT, "%-4s  %5s  %8s  %-4s  %6s  %s%n", "area", "PoPs", "DO hosts", "home",
                "weight", "round trip to the home, ms: min / median / max (estimated)"));
        for (String area : RegionMap.AREAS) {
            List<Region> members = codes.stream().map(map::region).filter(r -> r.area().equals(area)).toList();
            if (members.isEmpty()) {
                continue;
            }
            String home = map.areaHome(area);
            List<Long> rtts = new ArrayList<>();
            int estimated = 0;
            double weight = 0;
            for (Region r : members) {
                rtts.add(map.rttNanos(r.code(), home));
                estimated += map.estimated(r.code(), home) ? 1 : 0;
                weight += r.weight();
            }
            rtts.sort(null);
            String share = totalWeight > 0 ? String.format(Locale.ROOT, "%5.1f%%", 100 * weight / totalWeight) : "-";
            out.append(String.format(Locale.ROOT, "%-4s  %5d  %8d  %-4s  %6s  %s / %s / %s (%d of %d)%n", area,
                    members.size(), members.stream().filter(Region::durableObjects).count(), home, share,
                    millis(rtts.get(0)), millis(median(rtts)), millis(rtts.get(rtts.size() - 1)), estimated,
                    members.size()));
        }
        long pairs = (long) codes.size() * (codes.size() - 1) / 2;
        out.append(String.format(Locale.ROOT, "%n%d of %d pairs estimated from great-circle distance; round trip "
                + "within one PoP %s ms; jitter %s ms one way%n", map.estimatedPairs(codes), pairs,
                millis(map.intraPopRttNanos()), millis(map.jitterNanos())));
        return out.toString();
    }

    // the middle value; for an even count, the mean of the two middle ones
    private static double median(List<Long> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }

    private static String millis(double nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }
}
