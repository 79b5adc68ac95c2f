package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.result.DecisionListener;

/**
 * What an engine does when a request's way through a limiter ends: keep the 429 of the limiter's first rejection,
 * record the outcome with its added latency and the stage that refused it, and tell the decision listener. The same
 * for both engines; the caller owns the recorder (neither is thread-safe).
 */
public final class ChainOutcome {

    private ChainOutcome() {
    }

    /**
     * Records the end of {@code request}'s chain through limiter {@code limiter} (its index in the scenario).
     *
     * @param exactAllowed whether the limiter's exact reference let the request through
     * @param progress     the finished chain ({@link ChainProgress#done()})
     */
    public static void record(RunRecorder recorder, DecisionListener listener, int limiter, LimiterSpec spec,
                              Request request, boolean exactAllowed, ChainProgress progress) {
        record(recorder, listener, limiter, spec, recorder.popIndex(request.pop()), request, request.timeNanos(),
                exactAllowed, progress);
    }

    /**
     * As above, with the request's PoP already known by its index ({@link RunRecorder#popIndex}) and its arrival time
     * passed in, so that the common case reads no more of the request than its key and cost (it may have left the
     * CPU cache while the request was away at a remote tier).
     */
    public static void record(RunRecorder recorder, DecisionListener listener, int limiter, LimiterSpec spec, int pop,
                              Request request, long requestNanos, boolean exactAllowed, ChainProgress progress) {
        if (progress.outcome() == Outcome.REJECTED && recorder.wantsRefusal(limiter)) {
            recorder.keepRefusal(limiter, request, progress.rejection(spec.name(), spec,
                    requestNanos + progress.latencyNanos()));
        }
        recorder.record(limiter, pop, requestNanos, recorder.referenceKey(limiter, request), request.cost(),
                progress.outcome(), progress.failedOpen(),
                progress.latencyNanos(), progress.refusingStage(), exactAllowed,
                progress.decision().retryAfterNanos());
        if (listener != DecisionListener.NONE) {
            listener.decided(spec.name(), requestNanos, request.pop(), progress.key(), request.cost(),
                    progress.allowedLabel(), progress.decision().remaining(), progress.decision().retryAfterNanos(),
                    progress.latencyNanos());
        }
    }
}
