package io.edgesim.model;

import io.edgesim.model.algorithm.Decision;

/**
 * What one tier answered for one request, in a holder that a caller reuses from request to request: every tier and
 * remote server answers into one ({@code PopTier.decide}, {@code RemoteTier.serve}), so that a decision makes no
 * object for the answer (the counter's {@link Decision} inside the tier is then not made either, once the compiler
 * sees it go no further). {@link #result()} copies it into an immutable {@link StageResult} where an answer must
 * outlive the next request (a message to another node). Not thread-safe.
 */
public final class StageVerdict {

    private Outcome outcome = Outcome.ACCEPTED;
    private boolean failedOpen;
    private boolean allowed;
    private long remaining;
    private long retryAfterNanos;
    private long resetNanos;
    private long addedLatencyNanos;
    private String error;

    /** Accepted or rejected as {@code decision} says, after {@code addedLatencyNanos}. */
    public void of(Decision decision, long addedLatencyNanos) {
        set(decision.allowed() ? Outcome.ACCEPTED : Outcome.REJECTED, false, decision, addedLatencyNanos, null);
    }

    /** The tier could not decide: failed open (the request goes on) or closed; {@code decision} is the best known. */
    public void failed(boolean open, Decision decision, long addedLatencyNanos, String error) {
        set(Outcome.FAILED, open, decision, addedLatencyNanos, error);
    }

    /** The same answer as {@code result}. */
    public void of(StageResult result) {
        set(result.outcome(), result.failedOpen(), result.decision(), result.addedLatencyNanos(), result.error());
    }

    private void set(Outcome outcome, boolean failedOpen, Decision decision, long addedLatencyNanos, String error) {
        this.outcome = outcome;
        this.failedOpen = failedOpen;
        this.allowed = decision.allowed();
        this.remaining = decision.remaining();
        this.retryAfterNanos = decision.retryAfterNanos();
        this.resetNanos = decision.resetNanos();
        this.addedLatencyNanos = addedLatencyNanos;
        this.error = error;
    }

    public Outcome outcome() {
        return outcome;
    }

    /** True when the tier failed and let the request through anyway (only with FAILED). */
    public boolean failedOpen() {
        return failedOpen;
    }

    /** True when the request goes on past this tier: accepted, or failed open. */
    public boolean passes() {
        return outcome == Outcome.ACCEPTED || (outcome == Outcome.FAILED && failedOpen);
    }

    public long addedLatencyNanos() {
        return addedLatencyNanos;
    }

    /** Short reason for a failure, else null. */
    public String error() {
        return error;
    }

    /** The counter's answer's remaining ({@link Decision#remaining}). */
    public long remaining() {
        return remaining;
    }

    /** The counter's answer's retry-after ({@link Decision#retryAfterNanos}). */
    public long retryAfterNanos() {
        return retryAfterNanos;
    }

    /** The counter's answer (a new object). */
    public Decision decision() {
        return new Decision(allowed, remaining, retryAfterNanos, resetNanos);
    }

    /** The answer as a {@link StageResult} (a new object). */
    public StageResult result() {
        return new StageResult(outcome, failedOpen, decision(), addedLatencyNanos, error);
    }
}
