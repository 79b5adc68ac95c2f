package io.edgesim.model.response;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answer a limiter gives a refused request: status 429, headers in a fixed order, a JSON body.
 *
 * <p>Headers, in order: {@code Retry-After} (whole seconds until the same request would pass, rounded up, at least
 * 1; a request that can never pass gets the ceiling of {@code Long.MAX_VALUE} ns, 9223372037 s),
 * {@code X-RateLimit-Scope} (the tier that refused, so that an edge refusal can be told from an origin one),
 * {@code RateLimit-Policy} and {@code RateLimit} (the IETF fields, see {@link #acceptedHeaders}), and
 * {@code Content-Type: application/json}. Body: {@code {"error":"rate_limited","scope":"<tier>","retry_after":n}}
 * with n equal to Retry-After.
 *
 * @param status  the HTTP status (429)
 * @param headers header name to value, in sending order; unmodifiable
 * @param body    the JSON body
 */
public record RateLimitResponse(int status, Map<String, String> headers, String body) {

    public static final int TOO_MANY_REQUESTS = 429;

    public RateLimitResponse {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /**
     * The 429 for a refused {@code decision} of the limiter {@code policyName} (printable ASCII) at tier
     * {@code tier} (a tier name, e.g. "durable-object"), decided at scenario time {@code nowNanos}.
     *
     * @throws IllegalArgumentException when the decision allowed the request, or a name cannot appear in a header
     */
    public static RateLimitResponse rejected(String policyName, String tier, Decision decision, AlgorithmSpec spec,
                                             long nowNanos) {
        if (decision.allowed()) {
            throw new IllegalArgumentException("a 429 needs a refused decision, got an allowed one");
        }
        requireHeaderSafe(tier);
        long retryAfterSeconds = retryAfterSeconds(decision);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Retry-After", Long.toString(retryAfterSeconds));
        headers.put("X-RateLimit-Scope", tier);
        headers.putAll(acceptedHeaders(policyName, decision, spec, nowNanos));
        headers.put("Content-Type", "application/json");
        String body = "{\"error\":\"rate_limited\",\"scope\":" + Json.string(tier) + ",\"retry_after\":"
                + retryAfterSeconds + "}";
        return new RateLimitResponse(TOO_MANY_REQUESTS, headers, body);
    }

    /**
     * The IETF fields any response carries, accepted or not: {@code RateLimit-Policy: "name";q=<limit>;w=<window
     * seconds, rounded up, at least 1>} and {@code RateLimit: "name";r=<remaining>;t=<seconds until the full
     * allowance is back, rounded up>}. For token-bucket and gcra, q is the burst and w the time to refill it.
     */
    public static Map<String, String> acceptedHeaders(String policyName, Decision decision, AlgorithmSpec spec,
                                                      long nowNanos) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("RateLimit-Policy", RateLimitFields.policy(policyName, spec));
        headers.put("RateLimit", RateLimitFields.limit(policyName, decision, nowNanos));
        return Collections.unmodifiableMap(headers);
    }

    /** Retry-After for a refusal: the retry-after in whole seconds, rounded up, at least 1. */
    public static long retryAfterSeconds(Decision decision) {
        return Math.max(1, RateLimitFields.ceilSeconds(decision.retryAfterNanos()));
    }

    private static void requireHeaderSafe(String tier) {
        if (tier.isEmpty() || tier.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("tier '" + tier
                    + "' must be a non-empty name without control characters");
        }
    }
}
