package io.edgesim.model.fault;

import io.edgesim.model.region.RegionMap;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * The faults of a run, asked by both engines with the time passed in. Regions are numbered as in the run's
 * {@link RegionMap}; a fault is numbered by its place in the scenario's list, and the answers that touch a request
 * name the faults that did (an index, or a bit mask of indexes for the few that can add up). A PoP's code is also
 * its region's, so a region outage takes that PoP down too.
 */
public final class FaultTimeline {

    /** At most this many faults, so that the faults touching one request fit in the bits of a long. */
    public static final int MAX_FAULTS = 64;

    private final List<Fault> faults;
    private final RegionMap regions;
    private final List<String> codes;
    private final FaultKind[] kinds;
    private final int[] place;
    private final int[] other;
    private final long[] from;
    private final long[] until;
    private final long[] extraOneWay;
    // the region of every PoP of the scenario, in scenario order: where failed-over traffic may go
    private final int[] popRegions;

    /**
     * @param faults  the scenario's faults, validated (places are regions of {@code regions}, a pop-outage's a PoP)
     * @param regions the run's regions and round trips
     * @param pops    the scenario's PoPs
     */
    public FaultTimeline(List<Fault> faults, RegionMap regions, List<String> pops) {
        if (faults.size() > MAX_FAULTS) {
            throw new IllegalArgumentException("at most " + MAX_FAULTS + " faults");
        }
        this.faults = List.copyOf(faults);
        this.regions = regions;
        this.codes = regions.codes();
        int n = faults.size();
        kinds = new FaultKind[n];
        place = new int[n];
        other = new int[n];
        from = new long[n];
        until = new long[n];
        extraOneWay = new long[n];
        for (int i = 0; i < n; i++) {
            Fault f = faults.get(i);
            kinds[i] = f.kind();
            place[i] = f.place() == null ? -1 : regions.indexOf(f.place());
            other[i] = f.other() == null ? -1 : regions.indexOf(f.other());
            from[i] = f.fromNanos();
            until[i] = f.untilNanos();
            extraOneWay[i] = f.extraNanos() / 2;
        }
        popRegions = pops.stream().mapToInt(regions::indexOf).toArray();
    }

    /** No faults. */
    public static FaultTimeline none(RegionMap regions) {
        return new FaultTimeline(List.of(), regions, List.of());
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }

    public List<Fault> faults() {
        return faults;
    }

    public RegionMap regions() {
        return regions;
    }

    private boolean active(int i, long nanos) {
        return nanos >= from[i] && nanos < until[i];
    }

    /** The region-outage that has {@code region} down at {@code nanos}, or -1 when it answers. */
    public int regionDown(int region, long nanos) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == FaultKind.REGION_OUTAGE && place[i] == region && active(i, nanos)) {
                return i;
            }
        }
        return -1;
    }

    /** The fault (pop-outage or region-outage) that has the PoP of region {@code popRegion} down, or -1. */
    public int popDown(int popRegion, long nanos) {
        for (int i = 0; i < kinds.length; i++) {
            if ((kinds[i] == FaultKind.POP_OUTAGE || kinds[i] == FaultKind.REGION_OUTAGE) && place[i] == popRegion
                    && active(i, nanos)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Where a request landing in the PoP of {@code popRegion} at {@code nanos} goes when that PoP is down: the live
     * PoP of the scenario with the shortest round trip from it (anycast failover; the first in scenario order on a
     * tie), as a region index; -1 when every PoP is down.
     */
    public int failoverRegion(int popRegion, long nanos) {
        return failoverRegion(popRegion, nanos, region -> false);
    }

    /**
     * The same, also skipping the PoPs whose region {@code alsoDown} names (a cluster node that is gone); -1 when no
     * PoP is left.
     */
    public int failoverRegion(int popRegion, long nanos, IntPredicate alsoDown) {
        int best = -1;
        long bestRtt = Long.MAX_VALUE;
        for (int candidate : popRegions) {
            if (candidate != popRegion && popDown(candidate, nanos) < 0 && !alsoDown.test(candidate)) {
                long rtt = regions.rttNanos(codes.get(popRegion), codes.get(candidate));
                if (rtt < bestRtt) {
                    best = candidate;
                    bestRtt = rtt;
                }
            }
        }
        return best;
    }

    /**
     * A request's way out from region {@code from} to its remote home {@code home}, leaving at {@code departedNanos}
     * with {@code oneWayNanos} the delay without faults: the latency faults on the link at departure lengthen it; a
     * partition cutting the link at departure, or the home down when it would arrive, loses it. The one rule both
     * engines apply to a request on its way.
     */
    public Leg out(int from, int home, long departedNanos, long oneWayNanos) {
        long slowedBy = slowedBy(from, home, departedNanos);
        long arrivalNanos = departedNanos + oneWayNanos + extraOneWayNanos(slowedBy);
        int cut = partitioned(from, home, departedNanos);
        int down = regionDown(home, arrivalNanos);
        return new Leg(arrivalNanos, cut >= 0 || down >= 0, slowedBy | bit(cut) | bit(down));
    }

    /**
     * A reply's way back from the home {@code home} to the PoP's region {@code to}, sent at {@code sentNanos} with
     * {@code oneWayNanos} the delay without faults: the latency faults on the link when it leaves lengthen it; a
     * partition cutting the link then loses it (the home served the request, so its being down later changes
     * nothing).
     */
    public Leg back(int home, int to, long sentNanos, long oneWayNanos) {
        long slowedBy = slowedBy(home, to, sentNanos);
        int cut = partitioned(home, to, sentNanos);
        return new Leg(sentNanos + oneWayNanos + extraOneWayNanos(slowedBy), cut >= 0, slowedBy | bit(cut));
    }

    private static long bit(int fault) {
        return fault < 0 ? 0 : 1L << fault;
    }

    /** The partition cutting the link between regions {@code a} and {@code b} at {@code nanos}, or -1. */
    public int partitioned(int a, int b, long nanos) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == FaultKind.PARTITION && onLink(i, a, b) && active(i, nanos)) {
                return i;
            }
        }
        return -1;
    }

    /** The latency faults slowing the link between {@code a} and {@code b} at {@code nanos}, as a bit mask. */
    public long slowedBy(int a, int b, long nanos) {
        long mask = 0;
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == FaultKind.LATENCY && onLink(i, a, b) && active(i, nanos)) {
                mask |= 1L << i;
            }
        }
        return mask;
    }

    /** What the latency faults of {@code mask} ({@link #slowedBy}) add to a one-way delay: half their extras. */
    public long extraOneWayNanos(long mask) {
        long extra = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            extra += extraOneWay[Long.numberOfTrailingZeros(m)];
        }
        return extra;
    }

    /** The kv-outage in force at {@code nanos}, or -1 when KV answers. */
    public int kvDown(long nanos) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == FaultKind.KV_OUTAGE && active(i, nanos)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * True when an outage of {@code region} began in ({@code afterNanos}, {@code atNanos}]: an object homed there
     * that keeps its state only in memory, last used at {@code afterNanos}, has lost it by {@code atNanos}.
     */
    public boolean outageBegan(int region, long afterNanos, long atNanos) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == FaultKind.REGION_OUTAGE && place[i] == region && from[i] > afterNanos
                    && from[i] <= atNanos) {
                return true;
            }
        }
        return false;
    }

    private boolean onLink(int i, int a, int b) {
        return (place[i] == a && other[i] == b) || (place[i] == b && other[i] == a);
    }
}
