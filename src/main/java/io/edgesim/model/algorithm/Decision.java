package io.edgesim.model.algorithm;

/**
 * A counter's answer to one request.
 *
 * @param allowed         whether the request passes
 * @param remaining       requests of cost 1 that would still pass right after this one (never negative)
 * @param retryAfterNanos 0 when allowed; else the time until a request of the same cost would pass, nanoseconds
 *                        (Long.MAX_VALUE when it never can: cost above the burst)
 * @param resetNanos      scenario time at which the counter is next back to its full allowance (the time of the
 *                        decision when it already is)
 */
public record Decision(boolean allowed, long remaining, long retryAfterNanos, long resetNanos) {
}
