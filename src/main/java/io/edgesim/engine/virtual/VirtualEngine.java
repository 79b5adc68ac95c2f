package io.edgesim.engine.virtual;

import io.edgesim.engine.ChainOutcome;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.engine.Costs;
import io.edgesim.engine.ExactReferences;
import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.PopLocalTier;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Runs a scenario in virtual time: one thread, no clock. Requests come from the traffic generator in arrival order;
 * for each limiter that sees a request, the exact reference decides at arrival and the request meets the limiter's
 * stages. In-PoP stages decide at the time the request reached its PoP (their latencies add to the response time); a
 * remote stage (Durable Object, origin) is an event at the home region at departure plus the one-way delay, served in
 * arrival order there, and the reply comes back after the return delay. Deterministic: the same scenario and seed
 * give the same result.
 *
 * <p>Limiters are independent of each other (each sees the whole stream with its own tiers, exact count, jitter and
 * events), except limiters whose binding stages name the same namespace, which share counters. So the engine takes
 * the stream in blocks and runs each block through one group of dependent limiters after another, each group with its
 * own event queue: a group's state is then read while it is still in the processor's caches, rather than the state
 * of every limiter for every request ({@link Order#BY_GROUP}). The result is the same as when every limiter sees each
 * request before the next one ({@link Order#BY_REQUEST}), the order a {@link DecisionListener} is told decisions in:
 * its rows then come interleaved across limiters, as requests finish, rather than limiter after limiter.
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

    private final Scenario scenario;
    private final Order order;
    private final DecisionListener listener;
    private final RegionMap regions;
    private final Map<String, Integer> popIndex = new HashMap<>();
    // each PoP's position in the region map, by PoP index
    private final int[] popRegion;
    // requests taken from the stream at a time: the more, the more often a row read for one request is read again
    // for another before the next group runs, for more heap (docs/benchmarks.md)
    static final int BLOCK = 65_536;
    // blocks per batch of the groups that decide by PoP: the more, the more requests of a PoP find their key's
    // counters in the processor's caches, for 25 + 4 x stages bytes a request per limiter and 36 + 4 x key kinds for
    // the batch itself
    static final int BATCH_BLOCKS = 8;
    // at most this much memory for a batch and what its groups keep per request: fewer blocks per batch when many
    // limiters decide by PoP, and only as many limiters as one block leaves room for (the others go block by block);
    // the arrays grow with the requests, so a short run holds little
    static final long BATCH_BYTES = 64L << 20;

    private final Limiter[] limiters;
    private final Group[] groups;
    private final RunRecorder recorder;
    private final RequestKeys keys;
    private final ExactReferences exact;
    // the block of requests being decided, and each one's PoP index
    private final int blockSize;
    private final Request[] block;
    private final int[] blockPops;
    // the requests the groups that decide by PoP have yet to decide; null when no group does
    private final PopBatch batch;
    private final String[] popNames;

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
        this.order = order;
        this.blockSize = blockSize;
        this.block = new Request[blockSize];
        this.blockPops = new int[blockSize];
        this.popNames = scenario.pops().toArray(String[]::new);
        this.scenario = scenario;
        this.listener = listener;
        this.regions = scenario.regions();
        List<String> pops = scenario.pops();
        this.popRegion = new int[pops.size()];
        for (int i = 0; i < pops.size(); i++) {
            popIndex.put(pops.get(i), i);
            popRegion[i] = regions.indexOf(pops.get(i));
        }
        StageFactory stages = new StageFactory(scenario);
        this.keys = new RequestKeys(stages.keys(), blockSize);
        this.exact = new ExactReferences(scenario.limiters(), stages.keys());
        this.recorder = new RunRecorder(scenario, NAME, stages.keys());
        this.limiters = new Limiter[scenario.limiters().size()];
        for (int i = 0; i < limiters.length; i++) {
            limiters[i] = new Limiter(i, scenario.limiters().get(i), stages, pops);
        }
        List<List<Integer>> grouped = order == Order.BY_GROUP
                ? LimiterGroups.of(scenario.limiters()) : List.of(LimiterGroups.all(limiters.length));
        // the groups that decide by PoP, in scenario order, as long as one block of the batch and what they keep per
        // request stay within BATCH_BYTES; the others (and any beyond) take the block path
        Set<KeyKind> batchKinds = EnumSet.noneOf(KeyKind.class);
        long memberBytes = 0;
        boolean[] byPopGroups = new boolean[grouped.size()];
        for (int g = 0; g < grouped.size(); g++) {
            List<Integer> members = grouped.get(g);
            if (!decidesByPop(members)) {
                continue;
            }
            Set<KeyKind> kinds = EnumSet.copyOf(batchKinds);
            long bytes = memberBytes;
            for (int l : members) {
                kinds.addAll(limiters[l].keyKinds);
                bytes += ByPop.bytesPerRequest(limiters[l].stages.length);
            }
            if ((PopBatch.bytesPerRequest(kinds.size()) + bytes) * blockSize <= BATCH_BYTES) {
                byPopGroups[g] = true;
                batchKinds = kinds;
                memberBytes = bytes;
            }
        }
        // the batch exists before the groups that fill it
        if (batchKinds.isEmpty()) {
            this.batch = null;
        } else {
            long bytesPerRequest = PopBatch.bytesPerRequest(batchKinds.size()) + memberBytes;
            long blocks = Math.max(1, Math.min(batchBlocks, BATCH_BYTES / bytesPerRequest / blockSize));
            this.batch = new PopBatch(pops.size(), Math.toIntExact(blocks * blockSize), batchKinds);
        }
        this.groups = new Group[grouped.size()];
        for (int g = 0; g < groups.length; g++) {
            groups[g] = new Group(grouped.get(g), byPopGroups[g]);
        }
    }

    /** Requests per batch of the groups that decide by PoP; 0 when no group does. */
    int batchCapacity() {
        return batch == null ? 0 : batch.capacity;
    }

    /** The requests the batch has room for so far; 0 without a batch. */
    int batchRoom() {
        return batch == null ? 0 : batch.room();
    }

    /** The limiters that decide by PoP. */
    int limitersByPop() {
        int count = 0;
        for (Group group : groups) {
            count += group.byPopState != null ? group.members.length : 0;
        }
        return count;
    }

    // whether the limiters of a group decide by PoP: the run goes by group, and all their stages are PoP-local
    private boolean decidesByPop(List<Integer> members) {
        if (order != Order.BY_GROUP) {
            return false;
        }
        for (int m : members) {
            Limiter limiter = limiters[m];
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
        RequestStream stream = TrafficGenerator.open(scenario);
        boolean more = true;
        while (more) {
            keys.newBlock();
            int size = 0;
            Request request;
            while (size < blockSize && (request = stream.next()) != null) {
                block[size] = request;
                blockPops[size] = popIndex.get(request.pop());
                size++;
            }
            more = size == blockSize;
            if (batch != null && batch.makeRoom(size)) {
                for (Group group : groups) {
                    if (group.byPopState != null) {
                        group.byPopState.resize();
                    }
                }
            }
            for (Group group : groups) {
                group.run(size, !more);
            }
            if (batch != null) {
                batch.append(block, blockPops, size, keys);
                if (!more || batch.wouldOverflow(blockSize)) {
                    batch.sortByPop();
                    for (Group group : groups) {
                        if (group.byPopState != null) {
                            group.byPopState.decideAndCount();
                        }
                    }
                    batch.clear();
                }
            }
        }
        List<Usage> usage = new ArrayList<>();
        List<Map<String, Map<String, Long>>> stats = new ArrayList<>();
        for (Limiter limiter : limiters) {
            usage.add(limiter.usage());
            stats.add(limiter.factory.stageStats(limiter.spec, limiter.remote));
        }
        return recorder.finish(Costs.of(usage, scenario), stats);
    }

    /**
     * Limiters that depend on each other, with their events: runs through a block before the next group does.
     *
     * <p>A group whose stages are all {@link PopLocalTier}s (in a run {@link Order#BY_GROUP}) only numbers
     * the block's keys and notes who sees what; once the {@link PopBatch} is full, it decides the batch one PoP after
     * another, each PoP's requests in arrival order, and then counts the outcomes with the exact references in
     * arrival order: the same decisions and counts as request after request, with one PoP's counters read at a time,
     * so that they stay in the processor's caches.
     */
    private final class Group {
        final int[] members;
        final EventQueue<Flight> queue = new EventQueue<>();
        // per member, for the request arriving: whether it sees it, and what its exact count said
        final boolean[] seen;
        final boolean[] exactAllowed;
        // per member, the number of the request's key under its exact reference
        final int[] exactKeys;
        final ByPop byPopState;

        Group(List<Integer> members, boolean byPop) {
            this.members = members.stream().mapToInt(Integer::intValue).toArray();
            this.seen = new boolean[this.members.length];
            this.exactAllowed = new boolean[this.members.length];
            this.exactKeys = new int[this.members.length];
            for (int m : this.members) {
                limiters[m].queue = queue;
            }
            this.byPopState = byPop ? new ByPop(this.members) : null;
        }

        /** Decides the block's first {@code size} requests, with every event due before each; then all when last. */
        void run(int size, boolean last) {
            if (byPopState != null) {
                byPopState.numberKeys(size);
                return;
            }
            for (int i = 0; i < size; i++) {
                long arrival = block[i].timeNanos();
                while (!queue.isEmpty() && queue.peekTime() <= arrival) {
                    long time = queue.peekTime();
                    queue.poll().arrive(time);
                }
                arrive(i);
            }
            if (last) {
                while (!queue.isEmpty()) {
                    long time = queue.peekTime();
                    queue.poll().arrive(time);
                }
            }
        }

        private void arrive(int slot) {
            Request request = block[slot];
            int pop = blockPops[slot];
            // the exact counts first, all together: they depend on nothing else, and their memory reads overlap
            // better in one short loop than spread between the chains
            for (int g = 0; g < members.length; g++) {
                int l = members[g];
                seen[g] = limiters[l].spec.sees(request.client());
                if (seen[g]) {
                    exactKeys[g] = keys.id(slot, request, exact.keyKind(l));
                    exactAllowed[g] = exact.allows(l, exactKeys[g], request.timeNanos(), request.cost());
                }
            }
            for (int g = 0; g < members.length; g++) {
                if (seen[g]) {
                    Limiter limiter = limiters[members[g]];
                    // a chain that stays in the PoP is decided at once: one flight per limiter serves every request
                    Flight flight = limiter.takeFlight();
                    flight.start(request, slot, pop, exactAllowed[g], exactKeys[g]);
                    flight.proceed(request.timeNanos());
                }
            }
        }
    }

    /** What a group that decides by PoP keeps per member, by index or by place in the {@link PopBatch}. */
    private final class ByPop {
        private static final Outcome[] OUTCOMES = Outcome.values();

        /** What a member with {@code stages} stages keeps per request of the batch, in bytes. */
        static long bytesPerRequest(int stages) {
            // whether it sees it, each stage's key number, outcome, failed open, refusing stage, latency, retry-after
            return 1 + 4L * stages + 1 + 1 + 2 + 8 + 8;
        }

        final int[] members;
        // [member][stage][pop]
        final PopLocalTier[][][] tiers;
        // [member][index]
        final boolean[][] sees;
        // the one kind of key of the group when every member sees every client and keys on it alone, else null
        final KeyKind oneKind;
        // [member][stage][place]: the stage's key numbers
        final int[][][] stageKeys;
        // [member][place]: the chain's outcome (its ordinal), whether it failed open, the stage that refused it (-1:
        // none), its latency and its retry-after
        final byte[][] outcomes;
        final boolean[][] failedOpen;
        final short[][] refusingStages;
        final long[][] latencies;
        final long[][] retryAfters;
        // per member, while the recorder wants a first refusal: the 429 of the batch's first rejection and its index
        final RateLimitResponse[] firstRefusals;
        final int[] firstRefusalIndex;

        ByPop(int[] members) {
            this.members = members;
            int n = members.length;
            int capacity = batch.room();
            this.tiers = new PopLocalTier[n][][];
            this.stageKeys = new int[n][][];
            for (int g = 0; g < n; g++) {
                Limiter limiter = limiters[members[g]];
                tiers[g] = new PopLocalTier[limiter.stages.length][];
                stageKeys[g] = new int[limiter.stages.length][capacity];
                for (int s = 0; s < limiter.stages.length; s++) {
                    tiers[g][s] = new PopLocalTier[limiter.local[s].length];
                    for (int p = 0; p < limiter.local[s].length; p++) {
                        tiers[g][s][p] = (PopLocalTier) limiter.local[s][p];
                    }
                }
            }
            this.sees = new boolean[n][capacity];
            this.oneKind = oneKind(members);
            if (oneKind != null) {
                for (boolean[] memberSees : sees) {
                    Arrays.fill(memberSees, true);
                }
            }
            this.outcomes = new byte[n][capacity];
            this.failedOpen = new boolean[n][capacity];
            this.refusingStages = new short[n][capacity];
            this.latencies = new long[n][capacity];
            this.retryAfters = new long[n][capacity];
            this.firstRefusals = new RateLimitResponse[n];
            this.firstRefusalIndex = new int[n];
            Arrays.fill(firstRefusalIndex, Integer.MAX_VALUE);
        }

        /** Makes room for as many requests as the batch now has room for, keeping who sees what. */
        void resize() {
            int room = batch.room();
            for (int g = 0; g < members.length; g++) {
                sees[g] = Arrays.copyOf(sees[g], room);
                if (oneKind != null) {
                    Arrays.fill(sees[g], true);
                }
                for (int s = 0; s < stageKeys[g].length; s++) {
                    stageKeys[g][s] = new int[room];
                }
                outcomes[g] = new byte[room];
                failedOpen[g] = new boolean[room];
                refusingStages[g] = new short[room];
                latencies[g] = new long[room];
                retryAfters[g] = new long[room];
            }
        }

        private KeyKind oneKind(int[] members) {
            KeyKind kind = null;
            for (int l : members) {
                Limiter limiter = limiters[l];
                if (!limiter.spec.clients().isEmpty()) {
                    return null;
                }
                for (KeyKind k : limiter.keyKinds) {
                    if (kind != null && k != kind) {
                        return null;
                    }
                    kind = k;
                }
            }
            return kind;
        }

        /**
         * Numbers the keys of the block's first {@code size} requests in the order request after request would, and
         * notes who sees what, for the requests the batch is about to take.
         */
        void numberKeys(int size) {
            if (oneKind != null) {
                // every member sees every request and keys on one kind: request after request numbers that kind
                // of each in turn
                keys.loadAll(oneKind, block, size);
                return;
            }
            int first = batch.size;
            for (int i = 0; i < size; i++) {
                Request request = block[i];
                for (int g = 0; g < members.length; g++) {
                    int l = members[g];
                    boolean seen = limiters[l].spec.sees(request.client());
                    sees[g][first + i] = seen;
                    if (seen) {
                        keys.id(i, request, exact.keyKind(l));
                    }
                }
                for (int g = 0; g < members.length; g++) {
                    if (sees[g][first + i]) {
                        for (StageSpec stage : limiters[members[g]].stages) {
                            keys.id(i, request, stage.key());
                        }
                    }
                }
            }
        }

        /** Decides the batch (taken apart by PoP) and counts the outcomes. */
        void decideAndCount() {
            for (int g = 0; g < members.length; g++) {
                StageSpec[] stages = limiters[members[g]].stages;
                for (int s = 0; s < stages.length; s++) {
                    batch.gather(batch.numbers(stages[s].key()), stageKeys[g][s]);
                }
            }
            for (int p = 0; p + 1 < batch.start.length; p++) {
                decidePop(p);
            }
            count();
        }

        private void decidePop(int pop) {
            int[] indices = batch.index;
            long[] nanos = batch.placeNanos;
            int[] costs = batch.placeCost;
            for (int at = batch.start[pop], end = batch.start[pop + 1]; at < end; at++) {
                int index = indices[at];
                for (int g = 0; g < members.length; g++) {
                    if (!sees[g][index]) {
                        continue;
                    }
                    Limiter limiter = limiters[members[g]];
                    ChainProgress progress = limiter.inPopFlight.progress;
                    progress.reset();
                    while (!progress.done()) {
                        int s = progress.nextStage();
                        tiers[g][s][pop].decide(stageKeys[g][s][at], nanos[at], costs[at], progress.answer());
                        progress.apply(null);
                    }
                    Outcome outcome = progress.outcome();
                    outcomes[g][at] = (byte) outcome.ordinal();
                    failedOpen[g][at] = progress.failedOpen();
                    refusingStages[g][at] = (short) progress.refusingStage();
                    latencies[g][at] = progress.latencyNanos();
                    retryAfters[g][at] = progress.retryAfterNanos();
                    // the recorder keeps the 429 of the first rejection in arrival order
                    if (outcome == Outcome.REJECTED && index < firstRefusalIndex[g]
                            && recorder.wantsRefusal(limiter.index)) {
                        firstRefusalIndex[g] = index;
                        firstRefusals[g] = progress.rejection(limiter.spec.name(), limiter.spec,
                                nanos[at] + progress.latencyNanos());
                    }
                }
            }
        }

        // the exact references and the recorder, request after request
        private void count() {
            int[] places = batch.place;
            long[] nanos = batch.nanos;
            int[] costs = batch.cost;
            int[] pops = batch.pop;
            int[][] exactNumbers = new int[members.length][];
            for (int g = 0; g < members.length; g++) {
                exactNumbers[g] = batch.numbers(exact.keyKind(members[g]));
            }
            for (int i = 0, size = batch.size; i < size; i++) {
                int at = places[i];
                for (int g = 0; g < members.length; g++) {
                    if (!sees[g][i]) {
                        continue;
                    }
                    int l = members[g];
                    int exactKey = exactNumbers[g][i];
                    boolean exactAllowed = exact.allows(l, exactKey, nanos[i], costs[i]);
                    if (i == firstRefusalIndex[g]) {
                        recorder.keepRefusal(l, nanos[i], popNames[pops[i]], firstRefusals[g]);
                        firstRefusals[g] = null;
                        firstRefusalIndex[g] = Integer.MAX_VALUE;
                    }
                    recorder.record(l, pops[i], nanos[i], exactKey, costs[i], OUTCOMES[outcomes[g][at]],
                            failedOpen[g][at], latencies[g][at], refusingStages[g][at], exactAllowed,
                            retryAfters[g][at]);
                }
            }
        }
    }

    /** One limiter's runtime: per-stage local tiers by PoP, or the remote tier. */
    private final class Limiter {
        final int index;
        final LimiterSpec spec;
        final StageSpec[] stages;
        final PopTier[][] local;
        final RemoteTier[] remote;
        final StageFactory factory;
        final boolean inPopOnly;
        final Flight inPopFlight;
        // this limiter's own: its draws do not depend on the order in which limiters run
        final SplittableRandom jitter;
        // the kinds of key it numbers: its exact reference's, then each stage's
        final List<KeyKind> keyKinds;
        EventQueue<Flight> queue;
        // the free flights of a chain with a remote stage: one per request on its way at a time, reused
        private Flight[] flights = new Flight[16];
        private int freeFlights;

        Limiter(int index, LimiterSpec spec, StageFactory factory, List<String> pops) {
            this.index = index;
            this.spec = spec;
            this.stages = spec.stages().toArray(StageSpec[]::new);
            this.factory = factory;
            this.local = new PopTier[stages.length][];
            this.remote = new RemoteTier[stages.length];
            boolean anyRemote = false;
            for (int s = 0; s < stages.length; s++) {
                StageSpec stage = stages[s];
                if (stage.kind().remote()) {
                    remote[s] = factory.remote(stage);
                    anyRemote = true;
                } else {
                    local[s] = new PopTier[pops.size()];
                    for (int p = 0; p < pops.size(); p++) {
                        local[s][p] = factory.local(spec.name(), s, stage, pops.get(p));
                    }
                }
            }
            this.jitter = Seeds.random(scenario.seed(), "jitter", spec.name());
            List<KeyKind> kinds = new ArrayList<>();
            kinds.add(exact.keyKind(index));
            for (StageSpec stage : stages) {
                kinds.add(stage.key());
            }
            this.keyKinds = List.copyOf(kinds);
            this.inPopOnly = !anyRemote;
            this.inPopFlight = inPopOnly ? new Flight(this) : null;
        }

        /** A flight for a request starting through the chain: the one of a chain that stays in the PoP, else a free one. */
        Flight takeFlight() {
            if (inPopOnly) {
                return inPopFlight;
            }
            return freeFlights > 0 ? flights[--freeFlights] : new Flight(this);
        }

        /** Takes back a flight whose request has finished, for another request to take. */
        void release(Flight flight) {
            if (flight == inPopFlight) {
                return;
            }
            flight.request = null;
            if (freeFlights == flights.length) {
                flights = Arrays.copyOf(flights, 2 * freeFlights);
            }
            flights[freeFlights++] = flight;
        }

        Usage usage() {
            Usage total = Usage.NONE;
            for (int s = 0; s < remote.length; s++) {
                total = total.plus(remote[s] != null ? remote[s].usage() : factory.localUsage(spec.name(), s));
            }
            return total;
        }
    }

    /** A request on its way through one limiter. */
    private final class Flight {
        final Limiter limiter;
        final ChainProgress progress;
        Request request;
        // the request's place in its block, valid while the block is the current one (else its keys are extracted
        // again)
        int slot;
        long blockGeneration;
        // copied from the request: a remote reply comes back long after it was last read
        long requestNanos;
        int cost;
        int pop;
        boolean exactAllowed;
        int exactKey;
        // set while the request is away at a remote tier
        ObjectRoute route;
        int homeRegion;
        int remoteKeyId;
        String remoteKey;
        long departedNanos;

        Flight(Limiter limiter) {
            this.limiter = limiter;
            this.progress = new ChainProgress(limiter.stages.length);
        }

        /** Starts {@code request}'s way through the chain. */
        void start(Request request, int slot, int pop, boolean exactAllowed, int exactKey) {
            this.request = request;
            this.slot = slot;
            this.blockGeneration = keys.generation();
            this.requestNanos = request.timeNanos();
            this.cost = request.cost();
            this.pop = pop;
            this.exactAllowed = exactAllowed;
            this.exactKey = exactKey;
            progress.reset();
        }

        /** Meets the stages from the current one, at {@code segmentNanos} (arrival or return to the PoP). */
        void proceed(long segmentNanos) {
            while (!progress.done()) {
                int s = progress.nextStage();
                StageSpec stage = limiter.stages[s];
                int at = blockGeneration == keys.generation() ? slot : -1;
                String key = keys.key(at, request, stage.key());
                int keyId = keys.id(at, request, stage.key());
                if (limiter.remote[s] != null) {
                    route = limiter.remote[s].route(key, keyId, request.pop());
                    homeRegion = regions.indexOf(route.homeRegion());
                    remoteKey = key;
                    remoteKeyId = keyId;
                    // the request leaves once the stages before have answered
                    departedNanos = requestNanos + progress.latencyNanos();
                    long arrival = departedNanos + regions.oneWayNanos(popRegion[pop], homeRegion, limiter.jitter);
                    limiter.queue.add(arrival, this);
                    return;
                }
                limiter.local[s][pop].decide(keyId, segmentNanos, cost, progress.answer());
                progress.apply(key);
            }
            finish();
        }

        /** The request reaches its remote tier (when away) or comes back to its PoP. */
        void arrive(long nowNanos) {
            if (route != null) {
                int s = progress.nextStage();
                long replyNanos = limiter.remote[s].serve(route, remoteKeyId, nowNanos, cost, progress.answer());
                long back = replyNanos + regions.oneWayNanos(homeRegion, popRegion[pop], limiter.jitter);
                progress.addLatency(nowNanos - departedNanos + (back - replyNanos));
                progress.apply(remoteKey);
                route = null;
                if (progress.done()) {
                    finish();
                } else {
                    limiter.queue.add(back, this);
                }
            } else {
                proceed(nowNanos);
            }
        }

        private void finish() {
            ChainOutcome.record(recorder, listener, limiter.index, limiter.spec, pop, request, requestNanos, exactKey,
                    exactAllowed, progress);
            limiter.release(this);
        }
    }
}
