package io.edgesim.engine.virtual;

import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.PopTier;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.TrafficGenerator;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs a scenario in virtual time: one thread, no clock. Requests come from the traffic generator in arrival order;
 * for each limiter that sees a request, the exact reference decides at arrival (each distinct reference once per
 * request however many limiters share it: {@link ExactAnswers}) and the request meets the limiter's stages
 * ({@link Flight}). In-PoP stages decide at the time the request reached its PoP (their latencies add to the
 * response time); a remote stage (Durable Object, origin) is an event at the home region at departure plus the
 * one-way delay, served in arrival order there, and the reply comes back after the return delay. Deterministic: the
 * same scenario and seed give the same result.
 *
 * <p>Limiters are independent of each other (each sees the whole stream with its own tiers, jitter and events; an
 * exact count shared by equal references decides as each limiter's own would), except limiters whose binding stages
 * name the same namespace, which share counters. So the engine takes
 * the stream in blocks and runs each block through one group of dependent limiters after another
 * ({@link LimiterGroup}), each group with its own event queue: a group's state is then read while it is still in the
 * processor's caches, rather than the state of every limiter for every request ({@link Order#BY_GROUP}); a group
 * whose stages are all PoP-local decides batches of blocks PoP by PoP ({@link PopOrderPass}). The result is the same
 * as when every limiter sees each request before the next one ({@link Order#BY_REQUEST}), the order a
 * {@link DecisionListener} is told decisions in: its rows then come interleaved across limiters, as requests finish,
 * rather than limiter after limiter.
 */
public final class VirtualEngine {

    public static final String NAME = "virtual";

    /** How the engine takes the requests through the limiters; both orders give the same result. */
    public enum Order {
        /**
         * Block by block, one group of dependent limiters after another, a group whose tiers are all PoP-local
         * deciding a batch of blocks PoP by PoP: the fast order, which tells no listener.
         */
        BY_GROUP,
        /**
         * Every limiter sees each request before the next request, so that decisions finish in request order across
         * limiters: the order a {@link DecisionListener} is told them in.
         */
        BY_REQUEST
    }

    // requests taken from the stream at a time: the more, the more often a row read for one request is read again
    // for another before the next group runs, for more heap (docs/benchmarks.md)
    static final int BLOCK = 65_536;
    // blocks per batch of the groups that decide by PoP: the more, the more requests of a PoP find their key's
    // counters in the processor's caches, for the bytes a request of PopOrderPass and PopBatch keep
    static final int BATCH_BLOCKS = 8;
    // at most this much memory for a batch and what its groups keep per request: fewer blocks per batch when many
    // limiters decide by PoP, and only as many limiters as one block leaves room for (the others go block by block);
    // the arrays grow with the requests, so a short run holds little
    static final long BATCH_BYTES = 64L << 20;

    private final Scenario scenario;
    private final Order order;
    private final RunContext run;
    private final LimiterRun[] limiters;
    private final LimiterGroup[] groups;
    // the requests the groups that decide by PoP have yet to decide; null when no group does
    private final PopBatch batch;

    /** A run {@link Order#BY_GROUP} whose decisions nobody is told. */
    public VirtualEngine(Scenario scenario) {
        this(scenario, Order.BY_GROUP, DecisionListener.NONE);
    }

    /**
     * A run in {@code order} that tells {@code listener} every decision as its chain ends.
     *
     * @throws IllegalArgumentException for a listener with {@link Order#BY_GROUP}, which tells no listener
     */
    public VirtualEngine(Scenario scenario, Order order, DecisionListener listener) {
        this(scenario, order, listener, BLOCK, BATCH_BLOCKS);
    }

    /**
     * A run {@link Order#BY_GROUP} taking the stream {@code blockSize} requests at a time, and deciding by PoP
     * {@code batchBlocks} blocks at a time (both 1 or more; tests compare sizes).
     */
    VirtualEngine(Scenario scenario, int blockSize, int batchBlocks) {
        this(scenario, Order.BY_GROUP, DecisionListener.NONE, blockSize, batchBlocks);
    }

    private VirtualEngine(Scenario scenario, Order order, DecisionListener listener, int blockSize,
                          int batchBlocks) {
        if (blockSize < 1 || batchBlocks < 1) {
            throw new IllegalArgumentException("block size and blocks per batch must be 1 or more, were " + blockSize
                    + " and " + batchBlocks);
        }
        if (order == Order.BY_GROUP && listener != DecisionListener.NONE) {
            throw new IllegalArgumentException("a decision listener is told decisions in request order: run "
                    + Order.BY_REQUEST);
        }
        this.scenario = scenario;
        this.order = order;
        StageFactory stages = new StageFactory(scenario);
        this.run = new RunContext(scenario, NAME, stages.keys(), blockSize, listener);
        this.limiters = new LimiterRun[scenario.limiters().size()];
        for (int i = 0; i < limiters.length; i++) {
            limiters[i] = new LimiterRun(i, scenario.limiters().get(i), scenario.seed(), stages, run);
        }
        List<List<Integer>> grouped = order == Order.BY_GROUP
                ? LimiterGroups.of(scenario.limiters()) : List.of(LimiterGroups.all(limiters.length));
        // the groups that decide by PoP, in scenario order, as long as one block of the batch and what they keep per
        // request stay within BATCH_BYTES; the others (and any beyond) take the block path
        Set<KeyKind> batchKinds = EnumSet.noneOf(KeyKind.class);
        Set<Integer> batchReferences = new TreeSet<>();
        long memberBytes = 0;
        boolean[] byPopGroups = new boolean[grouped.size()];
        for (int g = 0; g < grouped.size(); g++) {
            List<Integer> members = grouped.get(g);
            if (!decidesByPop(members)) {
                continue;
            }
            Set<KeyKind> kinds = EnumSet.copyOf(batchKinds);
            Set<Integer> references = new TreeSet<>(batchReferences);
            long bytes = memberBytes;
            for (int l : members) {
                kinds.addAll(limiters[l].keyKinds);
                references.add(limiters[l].reference);
                bytes += PopOrderPass.bytesPerRequest(limiters[l].stages.length);
            }
            if ((PopBatch.bytesPerRequest(kinds.size(), references.size()) + bytes) * blockSize <= BATCH_BYTES) {
                byPopGroups[g] = true;
                batchKinds = kinds;
                batchReferences = references;
                memberBytes = bytes;
            }
        }
        // the batch exists before the groups that fill it
        if (batchKinds.isEmpty()) {
            this.batch = null;
        } else {
            long bytesPerRequest = PopBatch.bytesPerRequest(batchKinds.size(), batchReferences.size()) + memberBytes;
            long blocks = Math.max(1, Math.min(batchBlocks, BATCH_BYTES / bytesPerRequest / blockSize));
            this.batch = new PopBatch(scenario.pops().size(), Math.toIntExact(blocks * blockSize), batchKinds,
                    batchReferences, run.exact.count());
        }
        this.groups = new LimiterGroup[grouped.size()];
        for (int g = 0; g < groups.length; g++) {
            groups[g] = new LimiterGroup(grouped.get(g), limiters, run, byPopGroups[g] ? batch : null);
        }
    }

    /** Requests per batch of the groups that decide by PoP; 0 when no group does. */
    int batchCapacity() {
        return batch == null ? 0 : batch.capacity();
    }

    /** The requests the batch has room for so far; 0 without a batch. */
    int batchRoom() {
        return batch == null ? 0 : batch.room();
    }

    /** The limiters that decide by PoP. */
    int limitersByPop() {
        int count = 0;
        for (LimiterGroup group : groups) {
            count += group.byPop != null ? group.members.length : 0;
        }
        return count;
    }

    // whether the limiters of a group decide by PoP: the run goes by group, and all their stages are PoP-local
    private boolean decidesByPop(List<Integer> members) {
        // with faults a request carries the faults that touched it to its outcome: the block path does that
        if (order != Order.BY_GROUP || !scenario.faults().isEmpty()) {
            return false;
        }
        for (int m : members) {
            LimiterRun limiter = limiters[m];
            if (!limiter.inPopOnly) {
                return false;
            }
            for (PopTier[] byPopTiers : limiter.local) {
                for (PopTier tier : byPopTiers) {
                    if (!(tier instanceof PopLocalTier)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Runs the whole scenario and returns its result. */
    public RunResult run() {
        TrafficGenerator stream = TrafficGenerator.open(scenario);
        int blockSize = run.block.length;
        boolean more = true;
        while (more) {
            int size = run.fill(stream);
            more = size == blockSize;
            if (batch != null && batch.makeRoom(size)) {
                for (LimiterGroup group : groups) {
                    if (group.byPop != null) {
                        group.byPop.resize();
                    }
                }
            }
            for (LimiterGroup group : groups) {
                group.run(size, !more);
            }
            if (batch != null) {
                batch.append(run.block, run.blockPops, size, run.keys, run.exact);
                if (!more || batch.wouldOverflow(blockSize)) {
                    batch.sortByPop();
                    for (LimiterGroup group : groups) {
                        if (group.byPop != null) {
                            group.byPop.decideAndCount();
                        }
                    }
                    batch.clear();
                }
            }
        }
        List<Usage> usage = new ArrayList<>();
        List<Map<String, Map<String, Long>>> stats = new ArrayList<>();
        List<List<HotObjects>> hot = new ArrayList<>();
        for (LimiterRun limiter : limiters) {
            usage.add(limiter.usage());
            stats.add(limiter.stageStats());
            hot.add(limiter.hotObjects());
        }
        return run.recorder.finish(usage, stats, hot, scenario.durationNanos());
    }
}
