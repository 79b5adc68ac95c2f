package io.edgesim.engine.virtual;

import io.edgesim.engine.ChainOutcome;
import io.edgesim.model.Request;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.fault.Leg;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.model.tier.RemoteTier;
import io.edgesim.model.tier.StageSpec;

/**
 * A request on its way through one limiter's chain, by the model's rule ({@link ChainProgress}): an in-PoP stage is
 * decided at once by its tier, at the time the request reached (or came back to) its PoP; a remote stage is an event
 * at the home region after the one-way delay, served there by the stage's {@code RemoteTier}, and another event back
 * at the PoP after the delay back. When the chain ends, {@link ChainOutcome} records it.
 *
 * <p>A remote stage with a timeout, or any remote stage in a run with faults, takes the checked way: a request lost
 * on the way out (a partition, its home down when it arrives), or whose one-way trip alone reaches the timeout, is
 * an event at departure plus the timeout and fails then, never served; a reply lost or late on the way back fails
 * the request at the same time, though the object served it. Latency faults lengthen both trips. The faults that
 * touched the request are recorded with its outcome.
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
    // the remote stage's reply will not come back in time: the next event is the timeout
    private boolean timingOut;
    // the faults that touched the request, and those that moved it to another PoP (bit masks of their indexes)
    private long touched;
    private long failedOver;

    Flight(LimiterRun limiter, RunContext run) {
        this.limiter = limiter;
        this.run = run;
        this.progress = new ChainProgress(limiter.stages.length);
    }

    /** Starts {@code request}'s way through the chain. */
    void start(Request request, int slot, int pop, boolean exactAllowed, int exactKey, long exactWindow,
               int failoverFault) {
        this.request = request;
        this.slot = slot;
        this.blockGeneration = run.keys.generation();
        this.requestNanos = request.timeNanos();
        this.cost = request.cost();
        this.pop = pop;
        this.exactAllowed = exactAllowed;
        this.exactKey = exactKey;
        this.exactWindow = exactWindow;
        this.failedOver = failoverFault < 0 ? 0 : 1L << failoverFault;
        this.touched = failedOver;
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
                route = limiter.remote[s].route(key, keyId, request.pop(), request.id());
                homeRegion = run.regions.indexOf(route.homeRegion());
                remoteKey = key;
                remoteKeyId = keyId;
                // the request leaves once the stages before have answered
                departedNanos = requestNanos + progress.latencyNanos();
                drawKey = RegionMap.drawKey(limiter.seed, request.id(), limiter.index, s);
                long oneWay = run.regions.oneWayNanos(run.popRegion[pop], homeRegion, limiter.jitter, drawKey);
                if (run.faults == null && limiter.remote[s].timeoutNanos() == 0) {
                    limiter.queue.add(departedNanos + oneWay, this);
                } else {
                    depart(limiter.remote[s], oneWay);
                }
                return;
            }
            limiter.local[s][pop].decide(keyId, segmentNanos, cost, progress.answer());
            touched |= KvEdge.faultsTouching(run.faults, progress.answer(), segmentNanos);
            progress.apply(key);
        }
        finish();
    }

    // the checked way out: lost, too slow, or on its way to the home
    private void depart(RemoteTier tier, long oneWayNanos) {
        FaultTimeline faults = run.faults;
        Leg out = Leg.out(faults, run.popRegion[pop], homeRegion, departedNanos, oneWayNanos);
        touched |= out.touched();
        long timeout = tier.timeoutNanos();
        if (out.lost() && timeout == 0) {
            throw new IllegalStateException("a remote stage that faults can lose needs a timeout");
        }
        if (out.servedBefore(departedNanos, timeout)) {
            limiter.queue.add(out.arrivalNanos(), this);
        } else {
            timingOut = true;
            limiter.queue.add(departedNanos + timeout, this);
        }
    }

    /** The request reaches its remote tier (when away), times out waiting for it, or comes back to its PoP. */
    void arrive(long nowNanos) {
        if (timingOut) {
            timingOut = false;
            limiter.remote[progress.nextStage()].timedOut(departedNanos, progress.answer());
            progress.apply(remoteKey);
            route = null;
            proceed(nowNanos);
        } else if (route != null) {
            int s = progress.nextStage();
            RemoteTier tier = limiter.remote[s];
            long replyNanos = tier.serve(route, remoteKeyId, nowNanos, cost, progress.answer());
            long back = replyNanos + run.regions.oneWayNanos(homeRegion, run.popRegion[pop], limiter.jitter,
                    drawKey);
            if (run.faults != null || tier.timeoutNanos() > 0) {
                back = checkedBack(tier, replyNanos, back);
                if (back < 0) {
                    return;
                }
            }
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

    /**
     * The checked way back: when the reply is back at the PoP (later with a latency fault), or -1 when it is lost or
     * late, the request then failing at the timeout.
     */
    private long checkedBack(RemoteTier tier, long replyNanos, long backNanos) {
        FaultTimeline faults = run.faults;
        Leg back = Leg.back(faults, homeRegion, run.popRegion[pop], replyNanos, backNanos - replyNanos);
        touched |= back.touched();
        long timeout = tier.timeoutNanos();
        if (back.lost() && timeout == 0) {
            throw new IllegalStateException("a remote stage that faults can lose needs a timeout");
        }
        if (back.backWithin(departedNanos, timeout)) {
            return back.arrivalNanos();
        }
        tier.timedOut(departedNanos, progress.answer());
        // the object served the call: it is billed as served, not as one that never reached it
        progress.applyReached(remoteKey);
        route = null;
        if (progress.done()) {
            finish();
        } else {
            limiter.queue.add(departedNanos + timeout, this);
        }
        return -1;
    }

    private void finish() {
        ChainOutcome.record(run.recorder, run.listener, limiter.index, limiter.spec, pop, request, requestNanos,
                exactKey, exactAllowed, exactWindow, progress);
        if (touched != 0) {
            run.recorder.recordFaults(limiter.index, touched, failedOver, progress.outcome(), progress.failedOpen());
        }
        limiter.release(this);
    }
}
