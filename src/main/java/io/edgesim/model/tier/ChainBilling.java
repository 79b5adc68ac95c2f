package io.edgesim.model.tier;

import io.edgesim.model.cost.Invocations;

/**
 * What a limiter's chain makes the Workers do that Cloudflare bills per request, from the requests that ended at
 * each stage: the rule both engines' results are priced by. A request meets stage s unless an earlier stage refused
 * it (a stage that fails open passes it on). A WAF rule (only ever first) acts before the Worker runs, so the
 * requests it blocks are no invocation; every other request is one, whatever became of it (accepted, refused,
 * failed, or waiting out a timeout). Every request that meets a durable-object stage is a call to an object, billed
 * whether or not it reached the object (the platform does not publish what it bills for a call lost on the way: the
 * upper bound, so that an outage never makes an option look cheaper); every request that meets a KV stage is one KV
 * read, and one that meets a binding stage one call to the binding per token of its cost (the binding's
 * {@code limit()} has no cost argument: a request of cost n stands for a Worker that calls it n times).
 */
public final class ChainBilling {

    private ChainBilling() {
    }

    /**
     * The invocations of {@code limiter} for {@code sent} requests of {@code sentTokens} tokens in all, of which
     * {@code endedAtStage[s]}, of {@code tokensEndedAtStage[s]} tokens, were refused at stage s (rejected, or failed
     * closed).
     */
    public static Invocations of(LimiterSpec limiter, long sent, long[] endedAtStage, long sentTokens,
                                 long[] tokensEndedAtStage) {
        if (endedAtStage.length != limiter.stages().size() || tokensEndedAtStage.length != endedAtStage.length) {
            throw new IllegalArgumentException("one count per stage: " + limiter.stages().size() + " stages, "
                    + endedAtStage.length + " and " + tokensEndedAtStage.length + " counts");
        }
        long reaching = sent;
        long tokensReaching = sentTokens;
        long workerRequests = sent;
        long objectCalls = 0;
        long kvReads = 0;
        long bindingCalls = 0;
        for (int s = 0; s < endedAtStage.length; s++) {
            TierKind kind = limiter.stages().get(s).kind();
            if (kind == TierKind.WAF && s == 0) {
                workerRequests = sent - endedAtStage[s];
            } else if (kind == TierKind.DURABLE_OBJECT) {
                objectCalls += reaching;
            } else if (kind == TierKind.KV) {
                kvReads += reaching;
            } else if (kind == TierKind.BINDING) {
                bindingCalls += tokensReaching;
            }
            reaching -= endedAtStage[s];
            tokensReaching -= tokensEndedAtStage[s];
        }
        return new Invocations(workerRequests, objectCalls, kvReads, bindingCalls);
    }
}
