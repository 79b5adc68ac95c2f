package io.edgesim.engine.virtual;

import io.edgesim.engine.ChainOutcome;
import io.edgesim.engine.ChainProgress;
import io.edgesim.engine.Costs;
import io.edgesim.engine.ExactReferences;
import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Request;
import io.edgesim.model.Seeds;
import io.edgesim.model.StageResult;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.PopTier;
import io.edgesim.model.tier.ServeResult;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs a scenario in virtual time: one thread, one event queue, no clock. Requests come from the traffic generator in
 * arrival order; for each limiter that sees a request, the exact reference decides at arrival and the request meets
 * the limiter's stages. In-PoP stages decide at the time the request reached its PoP (their latencies add to the
 * response time); a remote stage (Durable Object, origin) is an event at the home region at departure plus the
 * one-way delay, served in arrival order there, and the reply comes back after the return delay. Deterministic: the
 * same scenario and seed give the same result.
 */
public final class VirtualEngine {

    public static final String NAME = "virtual";

    private final Scenario scenario;
    private final DecisionListener listener;
    private final RegionMap regions;
    private final Map<String, Integer> popIndex = new HashMap<>();
    // each PoP's position in the region map, by PoP index
    private final int[] popRegion;
    private final Limiter[] limiters;
    private final EventQueue<Flight> queue = new EventQueue<>();
    private final SplittableRandom jitter;
    private final RunRecorder recorder;
    private final RequestKeys keys;
    private final ExactReferences exact;
    // per limiter, for the request arriving: whether it sees it, and what its exact count said
    private final boolean[] seen;
    private final boolean[] exactAllowed;

    public VirtualEngine(Scenario scenario, DecisionListener listener) {
        this.scenario = scenario;
        this.listener = listener;
        this.regions = scenario.regions();
        this.jitter = Seeds.random(scenario.seed(), "jitter");
        this.recorder = new RunRecorder(scenario, NAME);
        List<String> pops = scenario.pops();
        this.popRegion = new int[pops.size()];
        for (int i = 0; i < pops.size(); i++) {
            popIndex.put(pops.get(i), i);
            popRegion[i] = regions.indexOf(pops.get(i));
        }
        StageFactory stages = new StageFactory(scenario);
        this.keys = new RequestKeys(stages.keys());
        this.exact = new ExactReferences(scenario.limiters(), stages.keys());
        this.limiters = new Limiter[scenario.limiters().size()];
        this.seen = new boolean[limiters.length];
        this.exactAllowed = new boolean[limiters.length];
        for (int i = 0; i < limiters.length; i++) {
            limiters[i] = new Limiter(i, scenario.limiters().get(i), stages, pops);
        }
    }

    /** Runs the whole scenario and returns its result. */
    public RunResult run() {
        RequestStream stream = TrafficGenerator.open(scenario);
        Request next = stream.next();
        while (next != null || !queue.isEmpty()) {
            if (!queue.isEmpty() && (next == null || queue.peekTime() <= next.timeNanos())) {
                long time = queue.peekTime();
                queue.poll().arrive(time);
            } else {
                arrive(next);
                next = stream.next();
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

    private void arrive(Request request) {
        int pop = popIndex.get(request.pop());
        // the exact counts first, all together: they depend on nothing else, and their memory reads overlap better
        // in one short loop than spread between the chains
        for (int l = 0; l < limiters.length; l++) {
            seen[l] = limiters[l].spec.sees(request.client());
            if (seen[l]) {
                exactAllowed[l] = exact.allows(l, request, keys.id(request, exact.keyKind(l)));
            }
        }
        for (int l = 0; l < limiters.length; l++) {
            if (seen[l]) {
                Limiter limiter = limiters[l];
                // a chain that stays in the PoP is decided at once: one flight per limiter serves every request
                Flight flight = limiter.inPopOnly ? limiter.inPopFlight : new Flight(limiter);
                flight.start(request, pop, exactAllowed[l]);
                flight.proceed(request.timeNanos());
            }
        }
    }

    /** One limiter's runtime: per-stage local tiers by PoP, or the remote tier. */
    private final class Limiter {
        final int index;
        final LimiterSpec spec;
        final StageSpec[] stages;
        final PopTier[][] local;
        final RemoteStage[] remote;
        final StageFactory factory;
        final boolean inPopOnly;
        final Flight inPopFlight;

        Limiter(int index, LimiterSpec spec, StageFactory factory, List<String> pops) {
            this.index = index;
            this.spec = spec;
            this.stages = spec.stages().toArray(StageSpec[]::new);
            this.factory = factory;
            this.local = new PopTier[stages.length][];
            this.remote = new RemoteStage[stages.length];
            boolean anyRemote = false;
            for (int s = 0; s < stages.length; s++) {
                StageSpec stage = stages[s];
                if (stage.kind().remote()) {
                    remote[s] = factory.remote(spec.name(), s, stage);
                    anyRemote = true;
                } else {
                    local[s] = new PopTier[pops.size()];
                    for (int p = 0; p < pops.size(); p++) {
                        local[s][p] = factory.local(spec.name(), s, stage, pops.get(p));
                    }
                }
            }
            this.inPopOnly = !anyRemote;
            this.inPopFlight = inPopOnly ? new Flight(this) : null;
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
        // copied from the request: a remote reply comes back long after it was last read
        long requestNanos;
        int cost;
        int pop;
        boolean exactAllowed;
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
        void start(Request request, int pop, boolean exactAllowed) {
            this.request = request;
            this.requestNanos = request.timeNanos();
            this.cost = request.cost();
            this.pop = pop;
            this.exactAllowed = exactAllowed;
            progress.reset();
        }

        /** Meets the stages from the current one, at {@code segmentNanos} (arrival or return to the PoP). */
        void proceed(long segmentNanos) {
            while (!progress.done()) {
                int s = progress.nextStage();
                StageSpec stage = limiter.stages[s];
                String key = keys.key(request, stage.key());
                int keyId = keys.id(request, stage.key());
                if (limiter.remote[s] != null) {
                    route = limiter.remote[s].route(key, keyId, request.pop());
                    homeRegion = regions.indexOf(route.homeRegion());
                    remoteKey = key;
                    remoteKeyId = keyId;
                    // the request leaves once the stages before have answered
                    departedNanos = requestNanos + progress.latencyNanos();
                    long arrival = departedNanos + regions.oneWayNanos(popRegion[pop], homeRegion, jitter);
                    queue.add(arrival, this);
                    return;
                }
                StageResult result = limiter.local[s][pop].decide(request, key, keyId, segmentNanos);
                progress.apply(result, key);
            }
            finish();
        }

        /** The request reaches its remote tier (when away) or comes back to its PoP. */
        void arrive(long nowNanos) {
            if (route != null) {
                int s = progress.nextStage();
                ServeResult served = limiter.remote[s].serve(route, remoteKeyId, nowNanos, cost);
                long back = served.replyNanos() + regions.oneWayNanos(homeRegion, popRegion[pop], jitter);
                progress.addLatency(nowNanos - departedNanos + (back - served.replyNanos()));
                progress.apply(served.result(), remoteKey);
                route = null;
                if (progress.done()) {
                    finish();
                } else {
                    queue.add(back, this);
                }
            } else {
                proceed(nowNanos);
            }
        }

        private void finish() {
            ChainOutcome.record(recorder, listener, limiter.index, limiter.spec, pop, request, requestNanos,
                    exactAllowed, progress);
        }
    }
}
