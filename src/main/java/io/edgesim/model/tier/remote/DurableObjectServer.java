package io.edgesim.model.tier.remote;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.CounterFactory;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.algorithm.RateCounter;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.tier.TierSettings;


/**
 * One Durable Object holding one counter: single-threaded, it serves requests one at a time in arrival order. A
 * request arriving at a starts at max(a, the end of the previous service), is decided then with the object's counter,
 * and its reply leaves one service time later (default 1 ms, about 1,000 requests per second, the documented soft
 * limit; with a p99 above the median, the object's n-th request draws its service time by the key (object, n), so
 * both engines draw the same for the same object). A request that would have to wait while {@code queueBound}
 * others are already waiting (arrived, not yet started) is refused at once with an "overloaded" error, failing open
 * when {@code failOpen}.
 *
 * <p>Usage for billing: every request that reaches the object, one row read per served request, one row written per
 * state change (an accepted request; every request with {@code count = all}), and the service times as active
 * duration. Durable state: nothing is lost between requests. Arrivals must come in nondecreasing order; the engine
 * adds the network delays around it.
 *
 * <p>Load, for the hot-key rule ({@link ObjectLoad#hot()}): the requests refused as overloaded, those that waited
 * behind another, the longest wait, and the most requests that arrived in one whole second of scenario time (kept
 * with two divisions by a constant, a comparison and an increment per request, so the per-request cost stays constant;
 * the waits with the queue, made on the first wait).
 */
public final class DurableObjectServer {

    /** The error of a request refused because the object's queue was full. */
    public static final String OVERLOADED_ERROR = "overloaded";

    private final CounterFactory counters;
    private RateCounter counter;
    // service time, queue bound, fail open: shared by the objects of a namespace
    private final TierSettings.DurableObject settings;
    // the requests admitted that may not have started yet, made on the first wait (see Queue)
    private Queue queue;
    private long busyUntilNanos = Long.MIN_VALUE;
    private long lastArrivalNanos = Long.MIN_VALUE;
    private long requests;
    private long rowsWritten;
    private long rowsRead;
    // the service times of the served requests
    private long activeNanos;
    private final LatencyTail serviceTime;
    private final long drawSeed;
    // load: arrivals in the whole second of scenario time of the last arrival, and in the busiest one (ints: fewer
    // than 2^31 requests reach one object in one second)
    private int inSecond;
    private int busiestSecond;

    /**
     * @param counters makes the object's counter (its namespace's, by the plan of the object's key)
     * @param settings service time (at least 0), queue bound (at least 0), fail open or closed; placement is the
     *                 namespace's concern
     */
    public DurableObjectServer(CounterFactory counters, TierSettings.DurableObject settings) {
        this(counters, settings, LatencyTail.constant(settings.serviceTimeNanos()), 0);
    }

    /**
     * An object whose service times follow {@code serviceTime} (its namespace's, fitted once), drawn by keys mixed
     * from {@code drawSeed} (the object's own) and the request's number at the object.
     */
    public DurableObjectServer(CounterFactory counters, TierSettings.DurableObject settings, LatencyTail serviceTime,
                               long drawSeed) {
        if (settings.serviceTimeNanos() < 0 || settings.queueBound() < 0) {
            throw new IllegalArgumentException("Durable Object service time and queue bound must not be negative");
        }
        this.counters = counters;
        this.counter = counters.newCounter();
        this.settings = settings;
        this.serviceTime = serviceTime;
        this.drawSeed = drawSeed;
    }

    /**
     * Serves a request of {@code cost} arriving at {@code arrivalNanos} (nondecreasing across calls), answering into
     * {@code into} (the caller's holder, reused from request to request); returns when the reply leaves the object.
     * The answer's added latency is the time spent at the object: queueing plus service, or 0 when overloaded (an
     * overloaded object answers at once).
     */
    /** Reads what {@link #serve} reads first, changing nothing. */
    long touch() {
        return busyUntilNanos + lastArrivalNanos;
    }

    public long serve(long arrivalNanos, long cost, StageVerdict into) {
        long serviceTimeNanos = serviceTime.hasTail() ? serviceTime.atKey(drawSeed + requests * 0x9e3779b97f4a7c15L)
                : settings.serviceTimeNanos();
        long second = Math.floorDiv(arrivalNanos, Durations.NANOS_PER_SECOND);
        if (second != Math.floorDiv(lastArrivalNanos, Durations.NANOS_PER_SECOND)) {
            inSecond = 0;
        }
        if (++inSecond > busiestSecond) {
            busiestSecond = inSecond;
        }
        requests++;
        lastArrivalNanos = arrivalNanos;
        Queue q = queue;
        if (q != null) {
            q.dropStartedBy(arrivalNanos);
        }
        int waiting = q == null ? 0 : q.size;
        long startNanos = Math.max(arrivalNanos, busyUntilNanos);
        if (startNanos > arrivalNanos && waiting >= settings.queueBound()) {
            // nothing was decided: the earliest a place frees is when the first waiting request starts
            long retryAfterNanos = waiting == 0 ? startNanos - arrivalNanos : q.firstStart() - arrivalNanos;
            into.failed(settings.failOpen(), new Decision(false, 0, retryAfterNanos, arrivalNanos), 0,
                    OVERLOADED_ERROR);
            return arrivalNanos;
        }
        if (startNanos > arrivalNanos) {
            if (q == null) {
                q = new Queue();
                queue = q;
            }
            q.add(arrivalNanos, startNanos);
        }
        busyUntilNanos = startNanos + serviceTimeNanos;
        Decision decision = counter.tryAcquire(startNanos, cost);
        rowsRead++;
        activeNanos += serviceTimeNanos;
        // asked of the counter (its shared configuration), so that an object carries no flag of its own
        if (decision.allowed() || counter.countsRefused()) {
            rowsWritten++;
        }
        long replyNanos = startNanos + serviceTimeNanos;
        into.of(decision, replyNanos - arrivalNanos);
        return replyNanos;
    }

    /** The arrival time of the latest request served, or Long.MIN_VALUE before the first. */
    public long lastArrivalNanos() {
        return lastArrivalNanos;
    }

    /**
     * Starts over after its home went down, for an object that keeps its state only in memory: a fresh counter and
     * an empty queue. What it was billed for stays.
     */
    public void restart() {
        counter = counters.newCounter();
        if (queue != null) {
            queue.clear();
        }
        busyUntilNanos = Long.MIN_VALUE;
    }

    /** Billable operations so far. */
    public Usage usage() {
        return new Usage(requests, rowsWritten, rowsRead, activeNanos, 0, 0);
    }

    /** The object's load so far, under the name {@code name}. */
    public ObjectLoad load(String name) {
        // every request not refused as overloaded was served and read its row
        return new ObjectLoad(name, requests, requests - rowsRead, queue == null ? 0 : queue.waited,
                queue == null ? 0 : queue.maxWaitNanos, busiestSecond, rowsRead, activeNanos);
    }

    /** True when the object was asked more than it serves ({@link ObjectLoad#hot()}), without building its load. */
    public boolean hot() {
        return ObjectLoad.hot(requests - rowsRead, busiestSecond, rowsRead, activeNanos);
    }

    /**
     * The requests admitted that may not have started yet: their start times, a first-in first-out ring of primitive
     * longs, made on the object's first wait (most objects never queue, and a million of them should not each carry
     * an empty ring); and how many requests waited in all, and the longest wait.
     */
    private static final class Queue {
        private long[] starts = new long[4];
        private int first;
        private int size;
        private long waited;
        private long maxWaitNanos;

        long firstStart() {
            return starts[first];
        }

        // forgets the requests that have started by nowNanos
        void dropStartedBy(long nowNanos) {
            while (size > 0 && starts[first] <= nowNanos) {
                first = (first + 1) % starts.length;
                size--;
            }
        }

        // a request arriving at arrivalNanos that starts at startNanos
        void add(long arrivalNanos, long startNanos) {
            if (size == starts.length) {
                long[] bigger = new long[size * 2];
                for (int i = 0; i < size; i++) {
                    bigger[i] = starts[(first + i) % starts.length];
                }
                starts = bigger;
                first = 0;
            }
            starts[(first + size) % starts.length] = startNanos;
            size++;
            waited++;
            maxWaitNanos = Math.max(maxWaitNanos, startNanos - arrivalNanos);
        }

        // empties it; what waited stays
        void clear() {
            first = 0;
            size = 0;
        }
    }
}
