package io.edgesim.engine.cluster.delivery;

/**
 * The one clock of a cluster run: scenario time in nanoseconds, advancing {@code speed} times as fast as real time.
 * Every deadline, delay and report of the cluster engine is in scenario time; only the delay line converts back to
 * real time, to know when to wake.
 *
 * <p>Each run host makes its own, from one wall-clock instant the coordinator sends every host (the origin of scenario
 * time), so a deadline stamped on one member means the same instant on another as far as the hosts' wall clocks
 * agree: on one machine exactly, on separate hosts within their clock offset (as NTP or PTP keep it). An
 * implementation corrected by a measured offset is why this is an interface.
 */
public interface ScenarioClock {

    /** Scenario time now, nanoseconds since the scenario's time 0. */
    long nowNanos();

    /** How many scenario nanoseconds pass per real nanosecond (the --speed flag); greater than 0. */
    double speed();

    /**
     * The {@link System#nanoTime()} value at which scenario time reaches {@code scenarioNanos}, rounded up so that
     * {@code nowNanos() >= scenarioNanos} holds from that real instant on.
     */
    long realNanosAt(long scenarioNanos);
}
