package io.edgesim.result;

/**
 * The limiter judged against an exact count: the same algorithm and parameters, global, zero latency, on the same
 * stream in arrival order.
 *
 * @param accepted         what the exact count accepted
 * @param wronglyAccepted  let through by the limiter (accepted or failed open) but refused by the exact count
 * @param wronglyRejected  refused by the limiter (rejected or failed closed) but accepted by the exact count
 */
public record ExactComparison(long accepted, long wronglyAccepted, long wronglyRejected) {
}
