package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.tier.ChainProgress;
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
     * Records the end of {@code request}'s chain through limiter {@code limiter} (its index in the scenario). The
     * common case reads no more of the request than its cost (it may have left the CPU cache while the request was
     * away at a remote tier).
     *
     * @param pop                the index of the request's PoP ({@link RunRecorder#popIndex})
     * @param requestNanos       the request's arrival time
     * @param referenceKeyNumber the number of its key under the limiter's exact reference, in the run's numbering
     * @param exactAllowed       whether the limiter's exact reference let the request through
     * @param exactWindow        the number of the reference window the request counts in
     *                           ({@link ExactReferences#window})
     * @param progress           the finished chain ({@link ChainProgress#done()})
     */
    public static void record(RunRecorder recorder, DecisionListener listener, int limiter, LimiterSpec spec, int pop,
                              Request request, long requestNanos, int referenceKeyNumber, boolean exactAllowed,
                              long exactWindow, ChainProgress progress) {
        keepRefusal(recorder, limiter, spec, request, requestNanos, progress);
        recorder.record(limiter, pop, requestNanos, referenceKeyNumber, spec.referenceCost(request.cost()),
                progress.outcome(), progress.failedOpen(), progress.latencyNanos(), progress.refusingStage(),
                exactAllowed, exactWindow, progress.retryAfterNanos(), progress.unansweredStages());
        tell(listener, spec, request, requestNanos, progress);
    }

    private static void keepRefusal(RunRecorder recorder, int limiter, LimiterSpec spec, Request request,
                                    long requestNanos, ChainProgress progress) {
        if (progress.outcome() == Outcome.REJECTED && recorder.wantsRefusal(limiter)) {
            recorder.keepRefusal(limiter, requestNanos, request.pop(), progress.rejection(spec.name(), spec,
                    request.plan(), requestNanos + progress.latencyNanos()));
        }
    }

    private static void tell(DecisionListener listener, LimiterSpec spec, Request request, long requestNanos,
                             ChainProgress progress) {
        if (listener != DecisionListener.NONE) {
            listener.decided(spec.name(), requestNanos, request.pop(), progress.key(), request.cost(),
                    progress.allowedLabel(), progress.remaining(), progress.retryAfterNanos(),
                    progress.latencyNanos());
        }
    }
}
