package io.edgesim.engine.virtual;

import io.edgesim.engine.ChainOutcome;
import io.edgesim.model.Request;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.ObjectRoute;
import io.edgesim.model.tier.StageSpec;

/**
 * A request on its way through one limiter's chain, by the model's rule ({@link ChainProgress}): an in-PoP stage is
 * decided at once by its tier, at the time the request reached (or came back to) its PoP; a remote stage is an event
 * at the home region after the one-way delay, served there by the stage's {@code RemoteTier}, and another event back
 * at the PoP after the delay back. When the chain ends, {@link ChainOutcome} records it.
 */
final class Flight {

    final LimiterRun limiter;
    final ChainProgress progress;
    private final RunContext run;
    Request request;
    // the request's place in its block, valid while the block is the current one (else its keys are extracted
    // again)
    private int slot;
    private long blockGeneration;
    // copied from the request: a remote reply comes back long after it was last read
    private long requestNanos;
    private int cost;
    private int pop;
    private boolean exactAllowed;
    private int exactKey;
    private long exactWindow;
    // set while the request is away at a remote tier
    private ObjectRoute route;
    private int homeRegion;
    private int remoteKeyId;
    private String remoteKey;
    private long departedNanos;
    // draws the call's round trip (with tails on), the same both ways
    private long drawKey;

    Flight(LimiterRun limiter, RunContext run) {
        this.limiter = limiter;
        this.run = run;
        this.progress = new ChainProgress(limiter.stages.length);
    }

    /** Starts {@code request}'s way through the chain. */
    void start(Request request, int slot, int pop, boolean exactAllowed, int exactKey, long exactWindow) {
        this.request = request;
        this.slot = slot;
        this.blockGeneration = run.keys.generation();
        this.requestNanos = request.timeNanos();
        this.cost = request.cost();
        this.pop = pop;
        this.exactAllowed = exactAllowed;
        this.exactKey = exactKey;
        this.exactWindow = exactWindow;
        progress.reset();
    }

    /** Meets the stages from the current one, at {@code segmentNanos} (arrival or return to the PoP). */
    void proceed(long segmentNanos) {
        RequestKeys keys = run.keys;
        while (!progress.done()) {
            int s = progress.nextStage();
            StageSpec stage = limiter.stages[s];
            int at = blockGeneration == keys.generation() ? slot : -1;
            String key = keys.key(at, request, stage.key());
            int keyId = keys.id(at, request, stage.key());
            if (limiter.remote[s] != null) {
                route = limiter.remote[s].route(key, keyId, request.pop());
                homeRegion = run.regions.indexOf(route.homeRegion());
                remoteKey = key;
                remoteKeyId = keyId;
                // the request leaves once the stages before have answered
                departedNanos = requestNanos + progress.latencyNanos();
                drawKey = RegionMap.drawKey(limiter.seed, request.id(), limiter.index, s);
                long arrival = departedNanos + run.regions.oneWayNanos(run.popRegion[pop], homeRegion,
                        limiter.jitter, drawKey);
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
            long back = replyNanos + run.regions.oneWayNanos(homeRegion, run.popRegion[pop], limiter.jitter,
                    drawKey);
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
        ChainOutcome.record(run.recorder, run.listener, limiter.index, limiter.spec, pop, request, requestNanos,
                exactKey, exactAllowed, exactWindow, progress);
        limiter.release(this);
    }
}
