package io.edgesim.model.fault;

/**
 * One way of a message between a PoP and a remote home under the run's faults ({@link FaultTimeline#out},
 * {@link FaultTimeline#back}, {@link #clear} without faults): when it arrives, whether a fault loses it on the way,
 * and the faults it met; and the timeout rule both engines apply to it ({@link #servedBefore}, {@link #backWithin}).
 *
 * @param arrivalNanos when it arrives, scenario time: departure plus the one-way delay plus what latency faults add
 * @param lost         a partition cut the link, or (on the way out) the home was down when it would arrive
 * @param touched      the faults that slowed or lost it, a bit mask of their indexes
 */
public record Leg(long arrivalNanos, boolean lost, long touched) {

    /** A way no fault touches: departure plus the one-way delay. */
    public static Leg clear(long departedNanos, long oneWayNanos) {
        return new Leg(departedNanos + oneWayNanos, false, 0);
    }

    /**
     * A request's way out ({@link FaultTimeline#out}) in a run with {@code faults}, or null for a run without: then a
     * clear way. What both engines call for a request leaving its PoP.
     */
    public static Leg out(FaultTimeline faults, int from, int home, long departedNanos, long oneWayNanos) {
        return faults == null ? clear(departedNanos, oneWayNanos) : faults.out(from, home, departedNanos, oneWayNanos);
    }

    /**
     * A reply's way back ({@link FaultTimeline#back}) in a run with {@code faults}, or null for a run without: then a
     * clear way. What both engines call for a reply leaving its object.
     */
    public static Leg back(FaultTimeline faults, int home, int to, long sentNanos, long oneWayNanos) {
        return faults == null ? clear(sentNanos, oneWayNanos) : faults.back(home, to, sentNanos, oneWayNanos);
    }

    /**
     * On the way out: whether the request is served, that is not lost and at its home before {@code departedNanos}
     * plus the stage's timeout ({@code timeoutNanos}, 0 for none). A request whose way out alone takes the whole
     * timeout is never served: it fails at the timeout, as one that is lost does.
     */
    public boolean servedBefore(long departedNanos, long timeoutNanos) {
        return !lost && (timeoutNanos == 0 || arrivalNanos - departedNanos < timeoutNanos);
    }

    /**
     * On the way back: whether the reply counts, that is not lost and back at the PoP no later than
     * {@code departedNanos} plus the stage's timeout ({@code timeoutNanos}, 0 for none); otherwise the request fails
     * at the timeout though its object served it.
     */
    public boolean backWithin(long departedNanos, long timeoutNanos) {
        return !lost && (timeoutNanos == 0 || arrivalNanos - departedNanos <= timeoutNanos);
    }
}
