package io.edgesim.engine.cluster.delivery;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.pekko.actor.typed.ActorRef;

import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Holds messages until their deadline, then tells them to their target: the high-resolution timer of the cluster
 * engine. One dedicated thread keeps a priority queue of deadlines (ties in submission order), parks until the
 * earliest one (less {@code spinNanos}, then spins to it) and releases every due message at once. The Pekko
 * scheduler cannot do this: it releases ~1.5 ticks late, and its tick is 10 ms by default.
 *
 * <p>Thread-safe: any thread may call {@link #deliverAt}. A message is never released before its deadline; how much
 * later it is released (real nanoseconds) is recorded in {@link #releaseLateness()}.
 */
public final class DelayLine implements AutoCloseable {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final ScenarioClock clock;
    private final long spinNanos;
    private final ConcurrentLinkedQueue<Entry> inbox = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<Entry> pending = new PriorityQueue<>();
    private final Recorder releaseLateness = new Recorder(SIGNIFICANT_DIGITS);
    private final Thread thread;
    // the real time the timer thread sleeps until; a submitter wakes it only for an earlier deadline
    private volatile long wakeAtRealNanos = Long.MIN_VALUE;
    private volatile boolean running = true;
    private long sequence;

    /**
     * Starts the timer thread.
     *
     * @param clock     converts deadlines (scenario time) to real time
     * @param spinNanos how long before a deadline the thread stops parking and spins, real nanoseconds (0: never)
     */
    public DelayLine(ScenarioClock clock, long spinNanos) {
        if (spinNanos < 0) {
            throw new IllegalArgumentException("spinNanos must be 0 or more, was " + spinNanos);
        }
        this.clock = clock;
        this.spinNanos = spinNanos;
        this.thread = new Thread(this::run, "edgesim-delay-line");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
    }

    /** Tells {@code message} to {@code target} once scenario time reaches {@code deadlineNanos}. */
    public <T> void deliverAt(long deadlineNanos, ActorRef<T> target, T message) {
        long dueRealNanos = clock.realNanosAt(deadlineNanos);
        @SuppressWarnings("unchecked")
        ActorRef<Object> untyped = (ActorRef<Object>) target;
        inbox.offer(new Entry(dueRealNanos, untyped, message));
        if (dueRealNanos < wakeAtRealNanos) {
            LockSupport.unpark(thread);
        }
    }

    /** Real nanoseconds between each deadline and its release since the last call (the delay line's own error). */
    public Histogram releaseLateness() {
        return releaseLateness.getIntervalHistogram();
    }

    /** Stops the timer thread; messages still held are dropped. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (running) {
            drainInbox();
            releaseDue();
            Entry next = pending.peek();
            long wakeAt = next == null ? Long.MAX_VALUE : next.dueRealNanos;
            wakeAtRealNanos = wakeAt;
            // re-check after publishing wakeAt: a submitter that read the old value did not wake us
            if (inbox.isEmpty()) {
                waitUntil(wakeAt);
            }
            wakeAtRealNanos = Long.MIN_VALUE;
        }
    }

    private void drainInbox() {
        Entry entry;
        while ((entry = inbox.poll()) != null) {
            entry.sequence = sequence++;
            pending.add(entry);
        }
    }

    private void releaseDue() {
        long now = System.nanoTime();
        Entry head;
        while ((head = pending.peek()) != null && head.dueRealNanos <= now) {
            pending.poll();
            releaseLateness.recordValue(now - head.dueRealNanos);
            head.target.tell(head.message);
        }
    }

    private void waitUntil(long wakeAtRealNanos) {
        if (wakeAtRealNanos == Long.MAX_VALUE) {
            LockSupport.park(this);
            return;
        }
        long remaining = wakeAtRealNanos - System.nanoTime();
        if (remaining > spinNanos) {
            LockSupport.parkNanos(this, remaining - spinNanos);
            return;
        }
        while (System.nanoTime() < wakeAtRealNanos && inbox.isEmpty() && running) {
            Thread.onSpinWait();
        }
    }

    /** A held message; ordered by due time, then by submission. */
    private static final class Entry implements Comparable<Entry> {
        final long dueRealNanos;
        final ActorRef<Object> target;
        final Object message;
        long sequence;

        Entry(long dueRealNanos, ActorRef<Object> target, Object message) {
            this.dueRealNanos = dueRealNanos;
            this.target = target;
            this.message = message;
        }

        @Override
        public int compareTo(Entry other) {
            int byDue = Long.compare(dueRealNanos, other.dueRealNanos);
            return byDue != 0 ? byDue : Long.compare(sequence, other.sequence);
        }
    }
}
