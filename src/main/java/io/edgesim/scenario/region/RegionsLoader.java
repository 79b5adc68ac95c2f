package io.edgesim.scenario.region;

import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.ConfigText;
import io.edgesim.scenario.config.FileOrder;
import io.edgesim.scenario.config.HoconSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a regions file (regions.conf): the PoPs, the Durable Object area homes, and the round-trip matrix. Measured
 * pairs come from {@code rtt-ms} (a number, or {@code [there, back]} whose mean is used, so the matrix is symmetric);
 * pairs given in {@code estimated-rtt-ms} and pairs given nowhere are marked estimated, the latter computed from
 * great-circle distance (see {@link GreatCircle}). Regions keep the order they are written in.
 *
 * <p>A pair may instead give its round trip's percentiles, {@code { p50 = 250, p99 = 400 }} (and optionally
 * {@code p90}): the matrix takes the p50, and a {@link LatencyTail} is fitted to them, its floor the propagation time
 * (great-circle distance there and back at {@code fibre-km-per-ms}, no route factor) unless a p90 fixes it. Pairs
 * without a p99 of their own, and the intra-PoP round trip (floor 0), get {@code tails.p99-over-p50} times their
 * p50 (1, no tail, when the file does not set it). A scenario turns the draws on; without it nothing changes.
 */
public final class RegionsLoader {

    private static final List<String> TOP_KEYS = List.of("regions", "area-homes", "intra-pop-rtt", "jitter",
            "estimate", "tails", "rtt-ms", "estimated-rtt-ms");
    // the sections whose keys must each be written once in a file, and what is allowed
    private static final Map<String, String> REPEATS_CHECKED = Map.of("regions", "each region once",
            "area-homes", "each area once", "rtt-ms", "each pair once", "estimated-rtt-ms", "each pair once");
    private static final List<String> TAIL_KEYS = List.of("p50", "p90", "p99");
    private static final List<String> TAILS_KEYS = List.of("p99-over-p50");
    private static final String TAIL = "{ p50 = ms, p99 = ms } with 0.001 <= p50 <= p99 <= 10 x p50 and p99 <= "
            + "60,000, and optionally p90 between them";
    private static final long MIN_TAIL_P50_NANOS = 1_000;
    private static final String RATIO = "a number from 1 (no tail) to 10";
    private static final List<String> REGION_KEYS = List.of("city", "country", "lat", "lon", "area", "durable-objects",
            "weight");
    private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    private static final String WEIGHT = "a number from 0 to 1e15 (the PoP's share of `pops = all` traffic, relative "
            + "to the others; 1 when left out)";
    private static final List<String> ESTIMATE_KEYS = List.of("route-factor", "fibre-km-per-ms");
    private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9]{2}");
    // the longest real round trip on Earth is about 600 ms: a hundred times that leaves room for what-if studies
    // (satellite hops, congested links) and keeps every time in nanoseconds far from overflow
    static final double MAX_RTT_MILLIS = 60_000;
    private static final long MAX_DELAY_NANOS = 60L * Durations.NANOS_PER_SECOND;
    private static final String RTT = "a round trip in ms greater than 0 and at most 60,000, or [there, back] "
            + "with each in that range";
    private static final String ROUTE_FACTOR = "a number from 1 to 10 (1.5-2 is typical)";
    private static final String FIBRE = "a number from 10 to 300 km per ms (light in fibre covers about 200)";

    private RegionsLoader() {
    }

    /**
     * A loaded regions file with the settings used for its estimates.
     *
     * @param map          the PoPs and the latency matrix
     * @param estimate     how missing pairs were estimated
     * @param file         where it came from
     * @param ownTails     the pairs (FROM-TO as written) that give their own p99
     */
    public record Loaded(RegionMap map, Estimate estimate, Path file, java.util.Set<String> ownTails) {

        /** This file with round-trip draws on or off. */
        public Loaded withTails(boolean on) {
            return new Loaded(map.withTails(on), estimate, file, ownTails);
        }

        /** Whether the pair gives its own p99 (in either direction). */
        public boolean ownTail(String a, String b) {
            return ownTails.contains(a + "-" + b) || ownTails.contains(b + "-" + a);
        }
    }

    /**
     * The estimate settings of a regions file.
     *
     * @param routeFactor  path length over great-circle distance
     * @param fibreKmPerMs distance light covers in fibre per millisecond
     */
    public record Estimate(double routeFactor, double fibreKmPerMs) {
    }

    /** The region map of {@code file}; bad input is an {@link InputException} naming the file and setting. */
    public static RegionMap load(Path file) {
        return read(file).map();
    }

    /** Null when {@code file} is a file this can read, else what is wrong with it ("no such file", ...). */
    public static String fileProblem(Path file) {
        return HoconSource.hoconFileProblem(file);
    }

    /** The region map of {@code file} with its estimate settings. */
    public static Loaded read(Path file) {
        // HOCON merges a region written twice into one and keeps the later of two values of a pair, an area or a field
        return read(file, parsed(file));
    }

    // the file with its includes, each pair, area and region once
    private static HoconSource.Read parsed(Path file) {
        return HoconSource.parseFile(file, REPEATS_CHECKED.keySet(),
                repeat -> repeat.key().contains(".") ? "each setting once"
                        : REPEATS_CHECKED.getOrDefault(repeat.where(), "each setting once"));
    }

    /** {@code file} parsed with its includes, as one text that {@link #fromText} reads back. */
    public static String text(Path file) {
        HoconSource.Read read = parsed(file);
        return ConfigText.render(read.config().root(), read.order());
    }

    /** A regions file from its {@link #text}; {@code label} stands for the file in messages and in the result. */
    public static Loaded fromText(Path label, String text) {
        return read(label, new HoconSource.Read(HoconSource.parseText(label.toString(), text),
                FileOrder.of(label.toString())));
    }

    private static Loaded read(Path file, HoconSource.Read read) {
        ConfigReader root = new ConfigReader(read.order(), "", read.config());
        root.rejectUnknownKeys(TOP_KEYS);
        List<Region> regions = regions(root.object("regions"));
        Map<String, Region> byCode = new LinkedHashMap<>();
        regions.forEach(r -> byCode.put(r.code(), r));
        Map<String, String> areaHomes = areaHomes(root.object("area-homes"), byCode);
        long intraNanos = root.durationNanos("intra-pop-rtt", false, MAX_DELAY_NANOS);
        long jitterNanos = root.durationNanos("jitter", false, MAX_DELAY_NANOS);
        ConfigReader est = root.object("estimate");
        est.rejectUnknownKeys(ESTIMATE_KEYS);
        // with these bounds no estimate exceeds 2 x 20,015 km x 10 / 10 km/ms = 40 s, inside the RTT bound
        double routeFactor = est.positiveNumber("route-factor", 10, ROUTE_FACTOR);
        if (routeFactor < 1) {
            throw est.error("route-factor", est.shown("route-factor") + " is below 1", ROUTE_FACTOR);
        }
        double kmPerMs = est.positiveNumber("fibre-km-per-ms", 300, FIBRE);
        if (kmPerMs < 10) {
            throw est.error("fibre-km-per-ms", est.shown("fibre-km-per-ms") + " is too small", FIBRE);
        }
        GreatCircle greatCircle = new GreatCircle(routeFactor, kmPerMs);

        int n = regions.size();
        double[][] rttMillis = new double[n][n];
        boolean[][] estimated = new boolean[n][n];
        // the setting that gave each pair ("rtt-ms.FRA-SYD"), null where none did
        String[][] given = new String[n][n];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(regions.get(i).code(), i);
        }
        double ratio = 1;
        if (root.has("tails")) {
            ConfigReader tailsSection = root.object("tails");
            tailsSection.rejectUnknownKeys(TAILS_KEYS);
            ratio = tailsSection.positiveNumber("p99-over-p50", 10, RATIO);
            if (ratio < 1) {
                throw tailsSection.error("p99-over-p50", tailsSection.shown("p99-over-p50") + " is below 1", RATIO);
            }
        }
        LatencyTail[][] tails = new LatencyTail[n][n];
        boolean[][] ownTail = new boolean[n][n];
        readPairs(root.object("rtt-ms"), index, rttMillis, given, estimated, false, tails, regions, kmPerMs);
        if (root.has("estimated-rtt-ms")) {
            readPairs(root.object("estimated-rtt-ms"), index, rttMillis, given, estimated, true, tails, regions,
                    kmPerMs);
        }
        long[][] rttNanos = new long[n][n];
        // the matrix is symmetric: each pair is computed once (one great-circle distance) and mirrored
        for (int i = 0; i < n; i++) {
            tails[i][i] = withRatio(intraNanos, ratio, 0);
            for (int j = i + 1; j < n; j++) {
                double km = GreatCircle.distanceKm(regions.get(i), regions.get(j));
                if (given[i][j] == null) {
                    // two PoPs a few kilometres apart are still two sites: no less than a round trip within one
                    rttMillis[i][j] = Math.max(greatCircle.rttMillis(km), intraNanos / 1e6);
                    estimated[i][j] = estimated[j][i] = true;
                }
                rttNanos[i][j] = rttNanos[j][i] = Math.round(rttMillis[i][j] * 1e6);
                ownTail[i][j] = tails[i][j] != null;
                if (tails[i][j] == null) {
                    tails[i][j] = tails[j][i] = withRatio(rttNanos[i][j], ratio, floorNanos(km, kmPerMs));
                }
            }
        }
        RegionMap map = new RegionMap(regions, rttNanos, estimated, intraNanos, jitterNanos, areaHomes, tails, ratio,
                false);
        java.util.Set<String> own = new java.util.TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (ownTail[i][j]) {
                    own.add(regions.get(i).code() + "-" + regions.get(j).code());
                }
            }
        }
        return new Loaded(map, new Estimate(routeFactor, kmPerMs), file, java.util.Set.copyOf(own));
    }

    // the default tail of a pair (or of the intra-PoP round trip) with median p50
    private static LatencyTail withRatio(long p50Nanos, double ratio, double floorNanos) {
        return p50Nanos <= 0 ? LatencyTail.constant(p50Nanos)
                : LatencyTail.fit(p50Nanos, Math.round(p50Nanos * ratio), floorNanos);
    }

    /** The propagation time of a round trip: great-circle distance there and back at the speed of light in fibre. */
    static double floorNanos(Region a, Region b, double fibreKmPerMs) {
        return floorNanos(GreatCircle.distanceKm(a, b), fibreKmPerMs);
    }

    private static double floorNanos(double distanceKm, double fibreKmPerMs) {
        return 2 * distanceKm / fibreKmPerMs * 1e6;
    }

    private static List<Region> regions(ConfigReader section) {
        List<String> codes = section.keysInFileOrder();
        if (codes.isEmpty()) {
            throw section.errorHere("no regions", "at least one region: CODE { city, lat, lon, area, durable-objects }");
        }
        List<Region> out = new ArrayList<>();
        for (String code : codes) {
            if (!CODE.matcher(code).matches()) {
                throw section.error(code, "'" + code + "' is not an IATA code",
                        "a capital letter, then two capitals or digits, such as FRA");
            }
            ConfigReader r = section.object(code);
            r.rejectUnknownKeys(REGION_KEYS);
            double lat = r.number("lat", "degrees from -90 to 90");
            if (lat < -90 || lat > 90) {
                throw r.error("lat", lat + " is out of range", "degrees from -90 to 90");
            }
            double lon = r.number("lon", "degrees from -180 to 180");
            if (lon < -180 || lon > 180) {
                throw r.error("lon", lon + " is out of range", "degrees from -180 to 180");
            }
            String area = r.string("area");
            if (!RegionMap.AREAS.contains(area)) {
                throw r.error("area", "'" + area + "' is not a Durable Object area", String.join(", ", RegionMap.AREAS));
            }
            out.add(new Region(code, r.string("city"), country(r), lat, lon, area, r.bool("durable-objects"),
                    weight(r)));
        }
        return out;
    }

    private static String country(ConfigReader r) {
        if (!r.has("country")) {
            return "";
        }
        String country = r.string("country");
        if (!COUNTRY.matcher(country).matches()) {
            throw r.error("country", "'" + country + "' is not a country code",
                    "an ISO 3166-1 alpha-2 code: two capital letters, such as DE");
        }
        return country;
    }

    private static double weight(ConfigReader r) {
        if (!r.has("weight")) {
            return 1;
        }
        double weight = r.number("weight", WEIGHT);
        if (!Double.isFinite(weight)) {
            throw r.error("weight", r.shown("weight") + " is not a finite number", WEIGHT);
        }
        if (weight < 0) {
            throw r.error("weight", r.shown("weight") + " is negative", WEIGHT);
        }
        if (weight > Region.MAX_WEIGHT) {
            throw r.error("weight", r.shown("weight") + " is too large", WEIGHT);
        }
        return weight;
    }

    private static Map<String, String> areaHomes(ConfigReader section, Map<String, Region> byCode) {
        section.rejectUnknownKeys(RegionMap.AREAS);
        List<String> capable = byCode.values().stream().filter(Region::durableObjects).map(Region::code).toList();
        if (capable.isEmpty()) {
            // every area needs a home, and a home hosts Durable Objects: no list of them to offer
            throw section.error(RegionMap.AREAS.get(0), "no region of this file hosts Durable Objects, so no area "
                    + "can have a home", "durable-objects = true on at least one region");
        }
        Map<String, String> homes = new LinkedHashMap<>();
        for (String area : RegionMap.AREAS) {
            String home = section.has(area) ? section.string(area) : null;
            if (home == null) {
                throw section.error(area, "missing", "a region hosting Durable Objects: " + String.join(", ", capable));
            }
            if (!byCode.containsKey(home) || !byCode.get(home).durableObjects()) {
                String problem = byCode.containsKey(home) ? home + " does not host Durable Objects"
                        : home + " is not a region of this file";
                throw section.error(area, problem, String.join(", ", capable));
            }
            homes.put(area, home);
        }
        return homes;
    }

    private static void readPairs(ConfigReader section, Map<String, Integer> index, double[][] rttMillis,
                                  String[][] given, boolean[][] estimated, boolean markEstimated,
                                  LatencyTail[][] tails, List<Region> regions, double kmPerMs) {
        String known = String.join(", ", index.keySet().stream().sorted().toList());
        for (String pair : section.keysInFileOrder()) {
            String[] ends = pair.split("-", -1);
            if (ends.length == 2 && ends[0].equals(ends[1])) {
                throw section.error(pair, "'" + pair + "' is a region with itself: the round trip within a PoP is "
                        + "intra-pop-rtt, one for every region", "FROM-TO of two regions, such as FRA-SYD");
            }
            if (ends.length != 2) {
                throw section.error(pair, "'" + pair + "' is not a pair of two regions", "FROM-TO, such as FRA-SYD");
            }
            for (String end : ends) {
                if (!index.containsKey(end)) {
                    throw section.error(pair, end + " is not a region of this file", known);
                }
            }
            int i = index.get(ends[0]);
            int j = index.get(ends[1]);
            if (!section.has(pair)) {
                // null: not given here (a file that includes another takes back one of its pairs), unless it is
                // written the other way round, which this null leaves as it is
                String reverse = ends[1] + "-" + ends[0];
                if (section.has(reverse)) {
                    throw section.error(pair, "null, while the pair is given as " + reverse + ", which it leaves as "
                            + "it is", reverse + " = null to take the pair back");
                }
                continue;
            }
            String setting = section.setting(pair);
            if (given[i][j] != null) {
                throw section.error(pair, "the pair " + ends[0] + "-" + ends[1] + " is given twice, as "
                        + given[i][j] + " and as " + setting, "each pair once, in one direction, in rtt-ms or "
                        + "estimated-rtt-ms ([there, back] for two measurements); a file that includes another changes "
                        + "one of its pairs as written there, or sets it to null and gives it anew");
            }
            double millis;
            if (section.value(pair).valueType() == ConfigValueType.OBJECT) {
                LatencyTail tail = tail(section, pair, floorNanos(regions.get(i), regions.get(j), kmPerMs));
                tails[i][j] = tail;
                tails[j][i] = tail;
                millis = tail.p50Nanos() / 1e6;
            } else {
                millis = roundTripMillis(section, pair);
            }
            rttMillis[i][j] = millis;
            rttMillis[j][i] = millis;
            given[i][j] = given[j][i] = setting;
            estimated[i][j] = estimated[j][i] = markEstimated;
        }
    }

    /** A pair's { p50, p90, p99 }: a shifted lognormal through them (see {@link LatencyTail}). */
    private static LatencyTail tail(ConfigReader section, String pair, double floorNanos) {
        ConfigReader t = section.object(pair);
        t.rejectUnknownKeys(TAIL_KEYS);
        if (!t.has("p50") || !t.has("p99")) {
            throw t.errorHere("p50 and p99 are both needed", TAIL);
        }
        long p50 = Math.round(t.positiveNumber("p50", MAX_RTT_MILLIS, TAIL) * 1e6);
        long p99 = Math.round(t.positiveNumber("p99", MAX_RTT_MILLIS, TAIL) * 1e6);
        if (p50 < MIN_TAIL_P50_NANOS) {
            throw t.error("p50", t.shown("p50") + " is below 0.001 ms", TAIL);
        }
        if (p99 < p50) {
            throw t.error("p99", t.shown("p99") + " is below p50 (" + t.shown("p50") + ")", TAIL);
        }
        if (p99 > LatencyTail.MAX_TAIL_RATIO * p50) {
            throw t.error("p99", t.shown("p99") + " is more than 10 times p50 (" + t.shown("p50") + ")", TAIL);
        }
        if (!t.has("p90")) {
            return LatencyTail.fit(p50, p99, floorNanos);
        }
        long p90 = Math.round(t.positiveNumber("p90", MAX_RTT_MILLIS, TAIL) * 1e6);
        if (p50 == p99) {
            throw t.error("p90", t.shown("p90") + " does not fit p50 " + t.shown("p50") + " and p99 "
                    + t.shown("p99"), "no p90 when p50 = p99");
        }
        // the range that fits, to the microsecond and inside the exact one: what the message shows is what is taken
        double[] range = LatencyTail.p90Range(p50, p99);
        long lowest = (long) Math.ceil(range[0] / 1e3) * 1_000;
        long highest = (long) Math.floor(range[1] / 1e3) * 1_000;
        if (p90 < lowest || p90 > highest) {
            String fits = lowest > highest ? "no p90 (none fits these two to the microsecond): leave p90 out"
                    : "a p90 from " + microsecondsAsMs(lowest) + " to " + microsecondsAsMs(highest) + " (a "
                    + "shifted lognormal through p50 and p99 with a floor from 0 up to where its part above the floor "
                    + "stretches " + (long) LatencyTail.MAX_GIVEN_TAIL_RATIO + " times from p50 to p99)";
            throw t.error("p90", t.shown("p90") + " does not fit p50 " + t.shown("p50") + " and p99 "
                    + t.shown("p99"), fits);
        }
        return LatencyTail.fitWithP90(p50, p90, p99);
    }

    // a whole number of microseconds, in nanoseconds, as milliseconds without trailing zeros: 267631000 -> "267.631"
    private static String microsecondsAsMs(long nanos) {
        return java.math.BigDecimal.valueOf(nanos / 1_000).movePointLeft(3).stripTrailingZeros().toPlainString();
    }

    /** A number, or the mean of [there, back]. */
    private static double roundTripMillis(ConfigReader section, String pair) {
        ConfigValue v = section.value(pair);
        if (v.valueType() == ConfigValueType.LIST) {
            ConfigList list = (ConfigList) v;
            if (list.size() != 2 || list.stream().anyMatch(x -> x.valueType() != ConfigValueType.NUMBER)) {
                throw section.error(pair, "'" + section.shown(pair) + "' is not [there, back]", RTT);
            }
            double there = ((Number) list.get(0).unwrapped()).doubleValue();
            double back = ((Number) list.get(1).unwrapped()).doubleValue();
            if (!(there > 0) || !(back > 0)) {
                throw section.error(pair, section.shown(pair) + " is not greater than 0", RTT);
            }
            if (there > MAX_RTT_MILLIS || back > MAX_RTT_MILLIS) {
                throw section.error(pair, section.shown(pair) + " is too large", RTT);
            }
            return (there + back) / 2;
        }
        return section.positiveNumber(pair, MAX_RTT_MILLIS, RTT);
    }
}
