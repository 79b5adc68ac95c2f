package io.edgesim.result;

/**
 * The most a limiter's way of counting can let one key through in one window, as a multiple of the key's limit:
 * min(N, r / L) for a count kept in each location separately (N the locations the key reached in the run, r the most
 * it offered in one window, in tokens, L its limit per window), 1 for one exact count. Each key's figure bounds what
 * it got through in any window; the largest over keys bounds the limiter's per-window figure and its run-wide
 * multiplication (in each window a key gets at most min(N L, r) where the exact count accepts min(L, r)). It bounds
 * the counting, not the tier: a count that lags (write-behind, an asynchronous sync) or a limiter that fails open can
 * let more through.
 *
 * @param scope    "per-location" or "exact" ({@code io.edgesim.model.tier.CountScope})
 * @param highest  the key with the largest bound (for an exact count: factor 1, no key)
 * @param worstKey the bound of the key that got the most through against its limit (the worst key); the same as
 *                 {@code highest} for an exact count
 */
public record MultiplicationBound(String scope, KeyBound highest, KeyBound worstKey) {

    /** The bound: the largest over keys, in the limit's units (let through in a window / the limit). */
    public double factor() {
        return highest.factor();
    }

    /**
     * The bound on the run-wide multiplication (let through / what the exact count accepts): {@link #factor}, but at
     * least 1, since a key that offers less than its limit in a window is let through whole by both counts (a bound
     * of 0.30 beside a multiplication of 1.00 read as broken).
     */
    public double onMultiplication() {
        return Math.max(1, factor());
    }

    /**
     * One key's bound.
     *
     * @param key              the key, or null for an exact count (the same for every key)
     * @param locations        the locations it reached in the run (0 for an exact count)
     * @param offeredPerWindow the most it offered in one window, in tokens (0 for an exact count)
     * @param limit            its limit per window, in tokens (0 for an exact count)
     * @param factor           min(locations, offeredPerWindow / limit) rounded to 4 decimals, or 1 for an exact count
     */
    public record KeyBound(String key, int locations, long offeredPerWindow, long limit, double factor) {

        /** The bound of one exact count: once the limit, whatever the key. */
        public static final KeyBound EXACT = new KeyBound(null, 0, 0, 0, 1);
    }
}
