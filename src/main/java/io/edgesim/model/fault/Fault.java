package io.edgesim.model.fault;

import io.edgesim.model.algorithm.Durations;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One fault, active in scenario time [{@code fromNanos}, {@code untilNanos}).
 *
 * @param kind       what fails
 * @param place      the region (region-outage), the PoP (pop-outage), or the first region of the link (partition,
 *                   latency); null for kv-outage
 * @param other      the second region of the link (partition, latency), else null
 * @param extraNanos what a latency fault adds to the link's round trip (half each way), else 0
 */
public record Fault(FaultKind kind, String place, String other, long extraNanos, long fromNanos, long untilNanos) {

    public Fault {
        if (untilNanos <= fromNanos || fromNanos < 0 || extraNanos < 0) {
            throw new IllegalArgumentException("a fault needs 0 <= from < until and extra >= 0");
        }
    }

    public boolean activeAt(long nanos) {
        return nanos >= fromNanos && nanos < untilNanos;
    }

    /** True for a fault on the link between regions {@code a} and {@code b}, in either direction. */
    boolean onLink(String a, String b) {
        return (place.equals(a) && other.equals(b)) || (place.equals(b) && other.equals(a));
    }

    /** The regions it names: its place and the other end of its link, those it has. */
    public List<String> regions() {
        return Stream.of(place, other).filter(Objects::nonNull).toList();
    }

    /** "region-outage FRA 20s-40s", "latency SYD-FRA +300ms 0s-60s", "kv-outage 30s-35s": how reports name it. */
    public String label() {
        String where = switch (kind) {
            case REGION_OUTAGE, POP_OUTAGE -> " " + place;
            case PARTITION -> " " + place + "-" + other;
            case LATENCY -> " " + place + "-" + other + " +" + Durations.format(extraNanos);
            case KV_OUTAGE -> "";
        };
        return kind.configName() + where + " " + time(fromNanos) + "-" + time(untilNanos);
    }

    private static String time(long nanos) {
        return nanos == 0 ? "0s" : Durations.format(nanos);
    }
}
