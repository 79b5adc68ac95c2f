package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageResult;
import io.edgesim.model.StageVerdict;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.model.tier.local.KvEdge;
import io.edgesim.model.tier.remote.DurableObjectServer;
import io.edgesim.model.tier.remote.ObjectShards;

/**
 * One request's way through a limiter's stages ({@link LimiterSpec}): the chain rule of the model, which both engines
 * follow. A stage that rejects, or fails closed, ends the chain with that outcome; a stage that fails open lets the
 * request go on, and the request ends as failed-open unless a later stage rejects it; a request every stage accepts
 * is accepted. Latency adds up over the stages it met. Each stage answers into {@link #answer()}, then
 * {@link #apply(String)} applies it. Not thread-safe; one instance can serve many requests in turn ({@link #reset}).
 */
public final class ChainProgress {

    private final int stageCount;
    private int nextStage;
    private boolean failedOpen;
    private boolean refused;
    private int refusingStage = -1;
    private long latencyNanos;
    // bit s: stage s failed without an answer of its own (timed out, lost), see unanswered()
    private long unanswered;
    // the last stage's answer; the next stage answers into it (see answer())
    private final StageVerdict last = new StageVerdict();
    private String lastKey;

    public ChainProgress(int stageCount) {
        this.stageCount = stageCount;
    }

    /** Starts over for another request through the same chain, so that one instance can serve many in turn. */
    public void reset() {
        nextStage = 0;
        failedOpen = false;
        refused = false;
        refusingStage = -1;
        latencyNanos = 0;
        unanswered = 0;
        lastKey = null;
    }

    /** Index of the stage the request meets next. */
    public int nextStage() {
        return nextStage;
    }

    /** True when no stage remains: the request has its outcome. */
    public boolean done() {
        return refused || nextStage == stageCount;
    }

    /**
     * The holder stage {@link #nextStage()} answers into, without making an object (then call {@link #apply(String)});
     * it holds the previous stage's answer until then.
     */
    public StageVerdict answer() {
        return last;
    }

    /** Applies the answer stage {@link #nextStage()} gave into {@link #answer()}, counted under {@code key}. */
    public void apply(String key) {
        apply(key, false);
    }

    /**
     * {@link #apply}, for a remote stage whose call reached its object (which served and counted it) but whose reply
     * was lost on the way back or came after the timeout: the stage fails as its answer says, and its call is not
     * {@linkplain #unansweredStages() unanswered}.
     */
    public void applyReached(String key) {
        apply(key, true);
    }

    private void apply(String key, boolean reached) {
        lastKey = key;
        latencyNanos += last.addedLatencyNanos();
        if (!reached && last.outcome() == Outcome.FAILED && !DurableObjectServer.OVERLOADED_ERROR.equals(last.error())
                && !KvEdge.WRITE_RATE_ERROR.equals(last.error()) && nextStage < Long.SIZE) {
            unanswered |= 1L << nextStage;
        }
        if (last.passes()) {
            failedOpen |= last.outcome() == Outcome.FAILED;
        } else {
            refused = true;
            refusingStage = nextStage;
        }
        nextStage++;
    }

    /** Adds time spent between stages (travel to and from a remote tier). */
    public void addLatency(long nanos) {
        latencyNanos += nanos;
    }

    public Outcome outcome() {
        if (refused) {
            return last.outcome();
        }
        return failedOpen ? Outcome.FAILED : Outcome.ACCEPTED;
    }

    /** True when the request ended failed but was let through. */
    public boolean failedOpen() {
        return !refused && failedOpen;
    }

    /**
     * The stages (bit s for stage s, of the first 64) that failed without their call reaching its object: timed out on
     * the way there, or lost with a node (a KV outage sets its stage's bit too), but not a Durable Object refusing
     * the call as overloaded, nor KV refusing a write for the write rate (it answered the read and the write), nor a
     * call the object served whose reply was lost or late ({@link #applyReached}). The bill shares a run's object and
     * KV usage out by the calls that were answered, and bills those that were not as answered ones.
     */
    public long unansweredStages() {
        return unanswered;
    }

    /** The stage that refused the request, or -1 when none did. */
    public int refusingStage() {
        return refusingStage;
    }

    public long latencyNanos() {
        return latencyNanos;
    }

    /** The last stage's counter answer (the refusing stage's when refused), as a new object. */
    public Decision decision() {
        return last.decision();
    }

    /** The retry-after of {@link #decision()}. */
    public long retryAfterNanos() {
        return last.retryAfterNanos();
    }

    /** The remaining of {@link #decision()}. */
    public long remaining() {
        return last.remaining();
    }

    /**
     * The 429 the client sees when the chain rejected the request: the refusing stage names itself as the scope;
     * {@code policy} names the limiter in the RateLimit fields, whose quota is the refusing stage's for the key's
     * {@code plan} (null: none), as the object that refused enforces it when the stage is sharded. Only for REJECTED
     * outcomes.
     */
    public RateLimitResponse rejection(String policy, LimiterSpec limiter, String plan, long nowNanos) {
        StageSpec stage = limiter.stages().get(refusingStage);
        return RateLimitResponse.rejected(policy, stage.kind().configName(), last.decision(),
                ObjectShards.enforced(stage).forPlan(plan), nowNanos);
    }

    /** The key the last stage counted under. */
    public String key() {
        return lastKey;
    }

    /**
     * Where the chain stands, as a value: an engine whose chains end in another process sends it to the one that
     * records them, which rebuilds the chain with {@link #restore}.
     *
     * @param nextStage     the stage met next
     * @param failedOpen    whether a stage failed open
     * @param refused       whether a stage refused the request
     * @param refusingStage the stage that refused it, or -1
     * @param latencyNanos  the latency added so far
     * @param last          the last stage's answer
     * @param lastKey       the key the last stage counted under, or null before the first stage
     * @param unansweredStages {@link #unansweredStages()}
     */
    public record Snapshot(int nextStage, boolean failedOpen, boolean refused, int refusingStage, long latencyNanos,
                           StageResult last, String lastKey, long unansweredStages) {
    }

    /** Where this chain stands now. */
    public Snapshot snapshot() {
        return new Snapshot(nextStage, failedOpen, refused, refusingStage, latencyNanos, last.result(), lastKey,
                unanswered);
    }

    /** A chain of {@code stageCount} stages standing where {@code snapshot} says. */
    public static ChainProgress restore(int stageCount, Snapshot snapshot) {
        ChainProgress progress = new ChainProgress(stageCount);
        progress.nextStage = snapshot.nextStage();
        progress.failedOpen = snapshot.failedOpen();
        progress.refused = snapshot.refused();
        progress.refusingStage = snapshot.refusingStage();
        progress.latencyNanos = snapshot.latencyNanos();
        progress.last.of(snapshot.last());
        progress.lastKey = snapshot.lastKey();
        progress.unanswered = snapshot.unansweredStages();
        return progress;
    }

    /** "true", "false", "failed-open" or "failed-closed", as the decisions CSV writes it. */
    public String allowedLabel() {
        return switch (outcome()) {
            case ACCEPTED -> "true";
            case REJECTED -> "false";
            case FAILED -> failedOpen() ? "failed-open" : "failed-closed";
        };
    }
}
