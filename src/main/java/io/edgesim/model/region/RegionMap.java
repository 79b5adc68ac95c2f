package io.edgesim.model.region;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The PoPs and the round-trip times between them. Immutable once built. One-way delay is half the round trip;
 * jitter, when set, adds a uniform random amount in [0, jitter] to each one-way delay.
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

    /** One-way delay with jitter drawn from {@code random} (no draw when jitter is 0). */
    public long oneWayNanos(String from, String to, RandomGenerator random) {
        long base = oneWayNanos(from, to);
        return jitterNanos == 0 ? base : base + random.nextLong(jitterNanos + 1);
    }

    /**
     * {@link #oneWayNanos(String, String, RandomGenerator)} between the regions at positions {@code from} and
     * {@code to} ({@link #indexOf}), for hot paths that resolved the codes once.
     */
    public long oneWayNanos(int from, int to, RandomGenerator random) {
        long base = (from == to ? intraPopRttNanos : rttNanos[from][to]) / 2;
        return jitterNanos == 0 ? base : base + random.nextLong(jitterNanos + 1);
    }

    public boolean estimated(String from, String to) {
        return !from.equals(to) && estimated[indexOf(from)][indexOf(to)];
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
     * ties go to the earlier region in display order.
     */
    public String nearestDurableObjectRegion(String pop) {
        if (region(pop).durableObjects()) {
            return pop;
        }
        String best = null;
        long bestRtt = Long.MAX_VALUE;
        for (Region r : regions.values()) {
            if (r.durableObjects() && rttNanos(pop, r.code()) < bestRtt) {
                best = r.code();
                bestRtt = rttNanos(pop, r.code());
            }
        }
        if (best == null) {
            throw new IllegalStateException("no region can home Durable Objects");
        }
        return best;
    }
}
