/**
 * What a client sees when a limiter answers: the 429 contract of the seed article (Retry-After, a JSON body naming
 * the tier, a header naming the tier) and the IETF {@code RateLimit} / {@code RateLimit-Policy} fields
 * (draft-ietf-httpapi-ratelimit-headers), built from a counter's {@link io.edgesim.model.algorithm.Decision}.
 */
package io.edgesim.model.response;
