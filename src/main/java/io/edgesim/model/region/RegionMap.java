package io.edgesim.model.region;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The PoPs and the round-trip times between them. Immutable once built. One-way delay is half the round trip;
 * jitter, when set, adds a uniform random amount in [0, jitter] to each one-way delay. With tails on
 * ({@link #withTails}), the round trip of each remote call is drawn from its pair's {@link LatencyTail} instead,
 * once per call by a key both engines compute alike ({@link #drawKey}), and split evenly between the two ways.
 */
public final class RegionMap {

    /** Location-hint areas, as Durable Objects accept them. */
    public static final List<String> AREAS = List.of("weur", "eeur", "wnam", "enam", "sam", "apac", "oc", "afr", "me");

    private final Map<String, Region> regions;
    private final Map<String, Integer> index;
    private final long[][] rttNanos;
    private final boolean[][] estimated;
    private final long intraPopRttNanos;
    private final long jitterNanos;
    private final Map<String, String> areaHomes;
    // round-trip distributions by pair (the diagonal: inside one PoP), or null when the file gives none
    private final LatencyTail[][] tails;
    private final double defaultP99OverP50;
    private final boolean tailsOn;
    // by position: the Durable-Object-capable region nearest to each region, or null when none can home objects
    private final String[] nearestDurableObjects;

    /**
     * @param regions          PoPs in display order
     * @param rttNanos         round trip between regions i and j, symmetric, diagonal ignored
     * @param estimated        true where rttNanos[i][j] is a great-circle estimate, not a measurement
     * @param intraPopRttNanos round trip inside one PoP (Worker to a Durable Object in the same PoP)
     * @param jitterNanos      maximum extra one-way delay, uniform
     * @param areaHomes        for each area, the region whose node homes objects hinted to it
     */
    public RegionMap(List<Region> regions, long[][] rttNanos, boolean[][] estimated, long intraPopRttNanos,
                     long jitterNanos, Map<String, String> areaHomes) {
        this(regions, rttNanos, estimated, intraPopRttNanos, jitterNanos, areaHomes, null, 1, false);
    }

    /**
     * As above, with each pair's round-trip distribution ({@code tails[i][j]}, the diagonal for the intra-PoP round
     * trip; its median is the matrix's round trip), the p99/p50 ratio applied to pairs without their own, and
     * whether draws are on.
     */
    public RegionMap(List<Region> regions, long[][] rttNanos, boolean[][] estimated, long intraPopRttNanos,
                     long jitterNanos, Map<String, String> areaHomes, LatencyTail[][] tails,
                     double defaultP99OverP50, boolean tailsOn) {
        Map<String, Region> byCode = new LinkedHashMap<>();
        Map<String, Integer> idx = new LinkedHashMap<>();
        for (int i = 0; i < regions.size(); i++) {
            byCode.put(regions.get(i).code(), regions.get(i));
            idx.put(regions.get(i).code(), i);
        }
        this.regions = Collections.unmodifiableMap(byCode);
        this.index = Collections.unmodifiableMap(idx);
        this.rttNanos = rttNanos;
        this.estimated = estimated;
        this.intraPopRttNanos = intraPopRttNanos;
        this.jitterNanos = jitterNanos;
        this.areaHomes = Map.copyOf(areaHomes);
        this.tails = tails;
        this.defaultP99OverP50 = defaultP99OverP50;
        this.tailsOn = tailsOn && tails != null;
        this.nearestDurableObjects = new String[regions.size()];
        for (int i = 0; i < regions.size(); i++) {
            nearestDurableObjects[i] = nearestDurableObjects(regions, i);
        }
    }

    // ties go to the earlier region in display order
    private String nearestDurableObjects(List<Region> list, int from) {
        if (list.get(from).durableObjects()) {
            return list.get(from).code();
        }
        String best = null;
        long bestRtt = Long.MAX_VALUE;
        for (int j = 0; j < list.size(); j++) {
            long rtt = j == from ? intraPopRttNanos : rttNanos[from][j];
            if (list.get(j).durableObjects() && rtt < bestRtt) {
                best = list.get(j).code();
                bestRtt = rtt;
            }
        }
        return best;
    }

    /** This map with round-trip draws on or off (off: every call takes the matrix's round trip, as without tails). */
    public RegionMap withTails(boolean on) {
        List<Region> list = List.copyOf(regions.values());
        return new RegionMap(list, rttNanos, estimated, intraPopRttNanos, jitterNanos, areaHomes, tails,
                defaultP99OverP50, on);
    }

    /** Whether each remote call draws its round trip from its pair's distribution. */
    public boolean tailsOn() {
        return tailsOn;
    }

    /** The round-trip distribution between two PoPs (the intra-PoP one when they are the same). */
    public LatencyTail tail(String from, String to) {
        int i = indexOf(from);
        int j = indexOf(to);
        if (tails == null) {
            return LatencyTail.constant(i == j ? intraPopRttNanos : rttNanos[i][j]);
        }
        return tails[i][j];
    }

    /** The p99/p50 ratio of pairs that give no p99 of their own (1 = no tail). */
    public double defaultP99OverP50() {
        return defaultP99OverP50;
    }

    /**
     * The key that draws the round trip of one remote call: the run's seed, the request, its limiter and the
     * stage. Both ways of the call use it, in both engines.
     */
    public static long drawKey(long seed, long requestId, int limiter, int stage) {
        long h = seed * 0x9e3779b97f4a7c15L + requestId;
        h = (h ^ (h >>> 32)) * 0xd6e8feb86659fd93L + ((long) limiter << 16 | stage);
        return h ^ (h >>> 29);
    }

    public List<String> codes() {
        return List.copyOf(regions.keySet());
    }

    public boolean contains(String code) {
        return regions.containsKey(code);
    }

    public Region region(String code) {
        Region r = regions.get(code);
        if (r == null) {
            throw new IllegalArgumentException("unknown region '" + code + "'; known: " + String.join(", ", codes()));
        }
        return r;
    }

    /** Position of {@code code} in the matrix, for array-indexed hot paths. */
    public int indexOf(String code) {
        Integer i = index.get(code);
        if (i == null) {
            throw new IllegalArgumentException("unknown region '" + code + "'");
        }
        return i;
    }

    /** Round trip between two PoPs (the intra-PoP round trip when they are the same), nanoseconds. */
    public long rttNanos(String from, String to) {
        if (from.equals(to)) {
            return intraPopRttNanos;
        }
        return rttNanos[indexOf(from)][indexOf(to)];
    }

    /** One-way delay without jitter: half the round trip. */
    public long oneWayNanos(String from, String to) {
        return rttNanos(from, to) / 2;
    }

    /**
     * One way of the remote call drawn by {@code drawKey} ({@link #drawKey}): half its round trip (the matrix's, or
     * with tails on the pair's draw), plus jitter drawn from {@code random} (no draw when jitter is 0).
     */
    public long oneWayNanos(String from, String to, RandomGenerator random, long drawKey) {
        return oneWayNanos(indexOf(from), indexOf(to), random, drawKey);
    }

    /**
     * {@link #oneWayNanos(String, String, RandomGenerator, long)} between the regions at positions {@code from} and
     * {@code to} ({@link #indexOf}), for hot paths that resolved the codes once.
     */
    public long oneWayNanos(int from, int to, RandomGenerator random, long drawKey) {
        long rtt = tailsOn ? tails[from][to].atKey(drawKey) : from == to ? intraPopRttNanos : rttNanos[from][to];
        long base = rtt / 2;
        return jitterNanos == 0 ? base : base + random.nextLong(jitterNanos + 1);
    }

    public boolean estimated(String from, String to) {
        return !from.equals(to) && estimated[indexOf(from)][indexOf(to)];
    }

    /** How many pairs of distinct regions among {@code codes} have an estimated round trip. */
    public long estimatedPairs(List<String> codes) {
        long n = 0;
        for (int i = 0; i < codes.size(); i++) {
            for (int j = i + 1; j < codes.size(); j++) {
                n += estimated(codes.get(i), codes.get(j)) ? 1 : 0;
            }
        }
        return n;
    }

    public long intraPopRttNanos() {
        return intraPopRttNanos;
    }

    public long jitterNanos() {
        return jitterNanos;
    }

    /** The region that homes objects of {@code area} (location hints, per-area objects). */
    public String areaHome(String area) {
        String home = areaHomes.get(area);
        if (home == null) {
            throw new IllegalArgumentException("no home region for area '" + area + "'");
        }
        return home;
    }

    public Map<String, String> areaHomes() {
        return areaHomes;
    }

    /**
     * The Durable-Object-capable region nearest to {@code pop} by round trip ({@code pop} itself when capable);
     * ties go to the earlier region in display order. Found for every region when the map is built.
     */
    public String nearestDurableObjectRegion(String pop) {
        String nearest = nearestDurableObjects[indexOf(pop)];
        if (nearest == null) {
            throw new IllegalStateException("no region can home Durable Objects");
        }
        return nearest;
    }
}
