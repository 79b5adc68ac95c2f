package io.edgesim.model;

import io.edgesim.model.algorithm.Decision;

/**
 * What one tier answered for one request, as an immutable value: the copy of a {@link StageVerdict} that a message
 * carries to another node ({@link StageVerdict#result()}, and back with {@link StageVerdict#of(StageResult)}).
 *
 * @param outcome           accepted, rejected or failed
 * @param failedOpen        true when the tier failed and let the request through anyway (only with FAILED)
 * @param decision          the counter's answer (remaining, retry-after, reset); for FAILED the best known answer
 * @param addedLatencyNanos time the tier added to the request (reads, round trips, queueing), nanoseconds
 * @param error             short reason for a failure ("kv-write-rate", "overloaded"), else null
 */
public record StageResult(Outcome outcome, boolean failedOpen, Decision decision, long addedLatencyNanos,
                          String error) {

    public static StageResult of(Decision decision, long addedLatencyNanos) {
        return new StageResult(decision.allowed() ? Outcome.ACCEPTED : Outcome.REJECTED, false, decision,
                addedLatencyNanos, null);
    }

    public static StageResult failed(boolean open, Decision decision, long addedLatencyNanos, String error) {
        return new StageResult(Outcome.FAILED, open, decision, addedLatencyNanos, error);
    }

    /** True when the request goes on past this tier: accepted, or failed open. */
    public boolean passes() {
        return outcome == Outcome.ACCEPTED || (outcome == Outcome.FAILED && failedOpen);
    }
}
