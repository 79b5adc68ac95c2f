package io.edgesim.engine.cluster.delivery;

import java.time.Clock;
import java.time.Instant;

/**
 * A {@link ScenarioClock} over {@link System#nanoTime()}: scenario time = (nanoTime - origin) x speed.
 *
 * <p>The origin is the instant of construction until {@link #startIn} moves it once to the instant traffic
 * starts (cluster formation and warm-up happen before, at negative scenario times). Call it before the first
 * deadline message of the run: a message stamped before it would be delivered against the old origin.
 */
public final class MonotonicScenarioClock implements ScenarioClock {

    private final double speed;
    private volatile long originRealNanos;
    private volatile boolean started;

    /** A clock whose scenario time 0 is now, running {@code speed} times real time. */
    public MonotonicScenarioClock(double speed) {
        this(speed, System.nanoTime());
    }

    /**
     * A clock whose scenario time 0 is, until it is started, the instant {@code originRealNanos} of
     * {@link System#nanoTime()}: processes that convert one wall-clock instant ({@link #realNanosAtEpoch}) agree on
     * scenario time before the start too.
     */
    public MonotonicScenarioClock(double speed, long originRealNanos) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed must be a number greater than 0, was " + speed);
        }
        this.speed = speed;
        this.originRealNanos = originRealNanos;
    }

    /** Now on the wall clock, nanoseconds since the epoch (microsecond precision on Linux). */
    public static long epochNanosNow() {
        Instant now = Clock.systemUTC().instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * The {@link System#nanoTime()} of the wall-clock instant {@code epochNanos}: how processes on several hosts
     * share one instant, as exactly as their wall clocks agree (NTP: about a millisecond; one host: exactly).
     */
    public static long realNanosAtEpoch(long epochNanos) {
        return System.nanoTime() + (epochNanos - epochNanosNow());
    }

    /** Makes now scenario time 0, once per clock (see {@link #startIn}). */
    public void startNow() {
        startIn(0);
    }

    /**
     * Makes the instant {@code leadInRealNanos} from now scenario time 0, once per clock: until then scenario time
     * is negative, which leaves the feeder time to hand the first requests to the delay line ahead of their arrival.
     *
     * @throws IllegalStateException    when called a second time
     * @throws IllegalArgumentException for a negative lead-in
     */
    public void startIn(long leadInRealNanos) {
        if (leadInRealNanos < 0) {
            throw new IllegalArgumentException("the lead-in must be 0 or more, was " + leadInRealNanos);
        }
        startAt(System.nanoTime() + leadInRealNanos);
    }

    /**
     * Makes the instant {@code originRealNanos} of {@link System#nanoTime()} scenario time 0, once per clock: the
     * start of a run shared by several processes, each converting the same wall-clock instant.
     *
     * @throws IllegalStateException when the clock was started already
     */
    public synchronized void startAt(long originRealNanos) {
        if (started) {
            throw new IllegalStateException("the scenario clock was already started");
        }
        this.originRealNanos = originRealNanos;
        started = true;
    }

    @Override
    public long nowNanos() {
        long elapsed = System.nanoTime() - originRealNanos;
        return speed == 1.0 ? elapsed : (long) Math.floor(elapsed * speed);
    }

    @Override
    public double speed() {
        return speed;
    }

    @Override
    public long realNanosAt(long scenarioNanos) {
        long real = speed == 1.0 ? scenarioNanos : (long) Math.ceil(scenarioNanos / speed);
        // one extra nanosecond absorbs the rounding of nowNanos() at non-unit speeds
        return originRealNanos + real + (speed == 1.0 ? 0 : 1);
    }
}
