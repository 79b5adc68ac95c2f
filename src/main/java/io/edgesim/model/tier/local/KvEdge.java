package io.edgesim.model.tier.local;

import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeySlots;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.TierSettings;

import java.util.random.RandomGenerator;

/**
 * One PoP's side of a Workers KV counter (the seed article's design): read the key through the PoP's cache, decide
 * on the copy, and if allowed (or counting every request, {@code count = all}) write the new state to the
 * {@link KvStore}. Read-modify-write, not atomic.
 *
 * <p>The PoP keeps a cached copy per key with the time it was fetched. A read less than {@code cacheTtlNanos} after
 * the fetch is a hot read ({@code hotReadNanos}) served from that copy; a later read is a miss: it reads the store
 * (a uniform time in [{@code missReadMinNanos}, {@code missReadMaxNanos}]) and caches what it got, an absent key
 * included. A write the store accepts also replaces the PoP's own cached copy at once (keeping its fetch time), so
 * the writing PoP sees it at once and other PoPs only when their copy expires ("up to 60 seconds or more"). A write
 * the store refuses for the write rate leaves the copy as it was and makes the request FAILED with error
 * {@code "kv-write-rate"}, open (it passes) when {@code failOpen}, as the seed code does.
 *
 * <p>Assumptions: the read and the write are taken at the request's arrival time and only the read's latency is
 * added to the request (the put's own latency is not modelled). Every read, hot or miss, is billed: this edge counts
 * the hot ones, the store the misses.
 *
 * <p>Single owner, calls in nondecreasing time order. Each key's copy and fetch time sit in one row of a
 * {@link KeySlots} table ({@link CounterCells}); for the algorithms with flat state a request allocates no counter
 * state.
 */
public final class KvEdge implements PopTier {

    /** The error of a request whose write the store refused for the write rate. */
    public static final String WRITE_RATE_ERROR = "kv-write-rate";
    /** The error of a request decided while KV was down (a kv-outage fault). */
    public static final String OUTAGE_ERROR = "kv-outage";

    /**
     * The faults that touched an in-PoP stage's {@code answer} given at {@code nowNanos} in a run with {@code faults}
     * (null: none), as a bit mask of their indexes: the KV outage that failed it, else 0. What both engines add to a
     * request's faults after each in-PoP stage.
     */
    public static long faultsTouching(FaultTimeline faults, StageVerdict answer, long nowNanos) {
        return faults != null && OUTAGE_ERROR.equals(answer.error()) ? 1L << faults.kvDown(nowNanos) : 0;
    }

    // a row's longs: whether the key was ever fetched (1) or not (0), when, then the copy's cell (fresh when the key
    // was absent)
    private static final int FETCHED = 0;
    private static final int FETCHED_AT = 1;
    private static final int CELL = 2;

    private final TierSettings.Kv settings;
    private final CounterCells cells;
    // count = all: a refused request changes the state, so it is written too
    private final boolean countsRefused;
    private final KvStore store;
    private final RandomGenerator random;
    // null without faults
    private final FaultTimeline faults;
    private final KeySlots rows;
    // the copy a request decides on
    private final long[] scratchLongs;
    private final Object[] scratchObjects;
    private long hotReads;

    /**
     * @param settings  cacheTtl and expirationTtl at least 60 s, latencies, write interval, fail open or closed
     * @param algorithm the counting rule
     * @param store     the stage's store, shared by every PoP
     * @param random    source of the miss-read latencies
     * @param keys      the run's numbering of keys; the store must number them with the same instance
     * @param faults    the run's faults: while a kv-outage lasts, nothing is read or written and every request fails
     *                  at once ({@link #OUTAGE_ERROR}), open when {@code failOpen}
     */
    public KvEdge(TierSettings.Kv settings, AlgorithmSpec algorithm, KvStore store, RandomGenerator random,
                  KeyIds keys, FaultTimeline faults) {
        KvStore.requireSupported(settings);
        if (store.keys() != keys) {
            throw new IllegalArgumentException("a KV edge and its store must number keys with the same KeyIds");
        }
        if (!store.algorithm().equals(algorithm)) {
            throw new IllegalArgumentException("a KV edge and its store must count with the same algorithm");
        }
        this.settings = settings;
        this.cells = new CounterCells(algorithm, keys);
        this.countsRefused = algorithm.countsRefused();
        this.rows = new KeySlots(CELL + cells.longs, cells.objects);
        this.scratchLongs = new long[cells.longs];
        this.scratchObjects = new Object[cells.objects];
        this.store = store;
        this.random = random;
        this.faults = faults.isEmpty() ? null : faults;
    }

    @Override
    public void decide(int keyId, long nowNanos, int cost, StageVerdict into) {
        if (faults != null && faults.kvDown(nowNanos) >= 0) {
            into.failed(settings.failOpen(), new Decision(false, 0, 0, nowNanos), 0, OUTAGE_ERROR);
            return;
        }
        int slot = rows.slot(keyId);
        long[] row = rows.data();
        Object[] objects = rows.objects();
        int at = rows.longsAt(slot);
        int oat = rows.objectsAt(slot);
        long readNanos;
        if (row[at + FETCHED] != 0 && nowNanos - row[at + FETCHED_AT] < settings.cacheTtlNanos()) {
            hotReads++;
            readNanos = settings.hotReadNanos();
        } else {
            // an absent key is cached too: as a fresh counter
            if (!store.read(keyId, nowNanos, row, at + CELL, objects, oat)) {
                cells.clear(row, at + CELL, objects, oat);
            }
            row[at + FETCHED] = 1;
            row[at + FETCHED_AT] = nowNanos;
            readNanos = missReadNanos();
        }
        cells.copy(row, at + CELL, objects, oat, scratchLongs, 0, scratchObjects, 0);
        Decision decision = cells.decide(keyId, scratchLongs, 0, scratchObjects, 0, nowNanos, cost);
        if (!decision.allowed() && !countsRefused) {
            into.of(decision, readNanos);
        } else if (!store.write(keyId, nowNanos, scratchLongs, 0, scratchObjects, 0)) {
            // a refused request whose count could not be written is refused all the same
            if (decision.allowed()) {
                into.failed(settings.failOpen(), decision, readNanos, WRITE_RATE_ERROR);
            } else {
                into.of(decision, readNanos);
            }
        } else {
            // the PoP's own write replaces its copy at once; the fetch time stays
            cells.move(scratchLongs, 0, scratchObjects, 0, row, at + CELL, objects, oat);
            into.of(decision, readNanos);
        }
    }

    /** The reads this PoP served from its cache (billed reads that never reached the store). */
    public Usage usage() {
        return new Usage(0, 0, 0, 0, hotReads, 0);
    }

    private long missReadNanos() {
        long min = settings.missReadMinNanos();
        long max = settings.missReadMaxNanos();
        return min == max ? min : min + random.nextLong(max - min + 1);
    }
}
