package io.edgesim.result;

/**
 * Receives every decision of a run, one call per request per limiter, in the order the engine completes them
 * (for the --decisions CSV). Engines call it only when one is attached, so runs without it pay nothing.
 */
public interface DecisionListener extends AutoCloseable {

    /**
     * @param limiter        limiter name
     * @param timeNanos      the request's arrival time at its PoP
     * @param pop            the PoP
     * @param key            the key the deciding stage counted under
     * @param cost           the request's cost
     * @param allowed        "true", "false", "failed-open" or "failed-closed"
     * @param remaining      remaining allowance reported by the deciding stage
     * @param retryAfterNanos time until a retry could pass (0 when allowed)
     * @param latencyNanos   added latency
     */
    void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed, long remaining,
                 long retryAfterNanos, long latencyNanos);

    @Override
    void close();

    /** A listener that drops everything. */
    DecisionListener NONE = new DecisionListener() {
        @Override
        public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                            long remaining, long retryAfterNanos, long latencyNanos) {
        }

        @Override
        public void close() {
        }
    };
}
