package io.edgesim.result;

/**
 * What one limiter let through per window of its exact reference, against that reference's limit: the
 * multiplication factor window by window, where {@link LimiterResult#multiplication()} gives it over the whole run.
 * Windows are aligned to scenario time 0 (window k holds the arrivals in [k W, (k + 1) W)), as an epoch-aligned
 * fixed-window counter's are, or each key's own for a reference anchored at the key's first request, and are counted
 * per key of the reference (its {@code key}): a limit of 100 per minute per API key is compared with what one API
 * key got through in one minute. "Let through" is accepted plus failed open, counted in tokens (the requests' cost, 1
 * for most), as the limit is.
 *
 * @param key           what the exact reference keys on ("api-key", "ip", ...): one count per key per window
 * @param windowSeconds the reference's window W, in seconds
 * @param limit         the reference's limit per window, in tokens
 * @param windows       windows that saw traffic, counted once per key: a key that sent requests in 3 windows and
 *                      another that sent in 2 make 5 (a window in which the limiter let nothing through counts, with
 *                      0; a window without any request does not)
 * @param maxLetThrough the most one key got through in one window
 * @param maxFactor     {@code maxLetThrough / limit}, rounded to 4 decimals
 * @param meanFactor    the mean of let through / limit over those windows, rounded to 4 decimals (0 when there were
 *                      none)
 * @param lateOutcomes  outcomes that came back more than a window after a later request of the same key (from a far
 *                      tier) and found their window closed or passed by: left out of the figures above, which then
 *                      understate by what they carried (0 in a run where nothing comes back that late)
 * @param anchor        where the windows start: "epoch" (at scenario time 0) or "first-request" (each key's own)
 */
public record PerWindow(String key, double windowSeconds, long limit, long windows, long maxLetThrough,
                        double maxFactor, double meanFactor, long lateOutcomes, String anchor) {

    /** Whether each key's windows start at its first request rather than at scenario time 0. */
    public boolean firstRequest() {
        return anchor.equals("first-request");
    }
}
