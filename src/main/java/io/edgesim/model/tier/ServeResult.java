package io.edgesim.model.tier;

import io.edgesim.model.StageResult;

/**
 * What a remote counter (Durable Object, origin) did with one request that reached it.
 *
 * @param result     the answer; its addedLatencyNanos is the time spent at the server (queueing + service)
 * @param startNanos when service began (the decision is taken at this time)
 * @param replyNanos when the reply leaves the server
 */
public record ServeResult(StageResult result, long startNanos, long replyNanos) {
}
