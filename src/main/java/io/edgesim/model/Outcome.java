package io.edgesim.model;

/** How a limiter (or one stage of it) treated a request. Every request ends in exactly one of these. */
public enum Outcome {
    /** The limiter let the request through. */
    ACCEPTED,
    /** The limiter refused the request (HTTP 429). */
    REJECTED,
    /** The limiter could not decide (KV write refused, Durable Object overloaded); see failedOpen. */
    FAILED
}
