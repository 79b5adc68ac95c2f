package io.edgesim.model.cost;

/**
 * What the Workers of one limiter did that Cloudflare bills per request, counted on the requests' side of the chain
 * (the tiers count the rest in {@link Usage}). A request that fails, times out or is lost is counted as the platform
 * bills it: once it reached the Worker it is an invocation, and a call the Worker made is a call, answered or not.
 *
 * @param workerRequests     Worker invocations: every request that a WAF rule did not block before the Worker
 * @param durableObjectCalls calls the Workers made to Durable Objects (served, overloaded, lost or timed out)
 * @param kvReads            Workers KV reads the Workers attempted (one per request that meets a KV stage; one that
 *                           failed because KV was down included)
 * @param bindingCalls       calls to the Rate Limiting binding ({@code limit()}), published as free
 */
public record Invocations(long workerRequests, long durableObjectCalls, long kvReads, long bindingCalls) {

    public static final Invocations NONE = new Invocations(0, 0, 0, 0);

    public Invocations {
        if (workerRequests < 0 || durableObjectCalls < 0 || kvReads < 0 || bindingCalls < 0) {
            throw new IllegalArgumentException("invocations must not be negative");
        }
    }
}
