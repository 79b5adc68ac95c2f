package io.edgesim.engine.cluster.delivery;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * How late deadline messages reached their handlers: handling time minus deadline, nanoseconds of scenario time,
 * never negative (a message is never handled early). Kept apart for injected latencies (link delays) and for request
 * arrivals. Thread-safe: every actor of every node records into one instance without locks.
 */
public final class DeliveryErrors {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder latency = new Recorder(SIGNIFICANT_DIGITS);
    private final Recorder arrival = new Recorder(SIGNIFICANT_DIGITS);

    /** Records that {@code message} was handled {@code lateNanos} after its deadline. */
    public void record(Deadlined message, long lateNanos) {
        (message.injectedLatency() ? latency : arrival).recordValue(lateNanos);
    }

    /** Forgets everything recorded so far (warm-up traffic, before scenario time 0). */
    public void reset() {
        latency.reset();
        arrival.reset();
    }

    /** Errors of injected latencies recorded since the previous call (the interval is then reset). */
    public Histogram latencyInterval() {
        return latency.getIntervalHistogram();
    }

    /** Errors of request arrivals recorded since the previous call (the interval is then reset). */
    public Histogram arrivalInterval() {
        return arrival.getIntervalHistogram();
    }
}
