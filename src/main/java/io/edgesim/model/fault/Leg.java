package io.edgesim.model.fault;

/**
 * One way of a message between a PoP and a remote home under the run's faults ({@link FaultTimeline#out},
 * {@link FaultTimeline#back}): when it arrives, whether a fault loses it on the way, and the faults it met.
 *
 * @param arrivalNanos when it arrives, scenario time: departure plus the one-way delay plus what latency faults add
 * @param lost         a partition cut the link, or (on the way out) the home was down when it would arrive
 * @param touched      the faults that slowed or lost it, a bit mask of their indexes
 */
public record Leg(long arrivalNanos, boolean lost, long touched) {
}
