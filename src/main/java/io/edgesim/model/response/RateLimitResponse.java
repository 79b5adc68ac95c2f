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
 * 1), {@code X-RateLimit-Scope} (the tier that refused, so that an edge refusal can be told from an origin one),
 * {@code RateLimit-Policy} and {@code RateLimit} (the IETF fields, see {@link #acceptedHeaders}), and
 * {@code Content-Type: application/json}. Body: {@code {"error":"rate_limited","scope":"<tier>","retry_after":n}}
 * with n equal to Retry-After.
 *
 * <p>A request that can never pass (its cost is above what the counter can ever allow, see {@link #neverPasses})
 * gets no {@code Retry-After}: the header is a delay after which a retry is worth making (RFC 9110, 10.2.3), and no
 * delay is. Its body says so instead, {@code {"error":"rate_limited","scope":"<tier>","retry_after":null,
 * "reason":"cost_exceeds_limit"}}, and {@code RateLimit-Policy} carries the quota the cost exceeds.
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
        boolean never = neverPasses(decision.retryAfterNanos());
        Map<String, String> headers = new LinkedHashMap<>();
        if (!never) {
            headers.put("Retry-After", Long.toString(retryAfterSeconds(decision)));
        }
        headers.put("X-RateLimit-Scope", tier);
        headers.putAll(acceptedHeaders(policyName, decision, spec, nowNanos));
        headers.put("Content-Type", "application/json");
        String body = "{\"error\":\"rate_limited\",\"scope\":" + Json.string(tier) + ",\"retry_after\":"
                + (never ? "null,\"reason\":\"cost_exceeds_limit\"" : Long.toString(retryAfterSeconds(decision)))
                + "}";
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

    /**
     * Whether a refusal whose retry-after is {@code retryAfterNanos} can never pass, whatever the wait: the counters
     * say so with {@code Long.MAX_VALUE} (see {@link Decision}). Such a refusal has no Retry-After.
     */
    public static boolean neverPasses(long retryAfterNanos) {
        return retryAfterNanos == Long.MAX_VALUE;
    }

    /** Retry-After for a refusal: the retry-after in whole seconds, rounded up, at least 1 (see the other overload). */
    public static long retryAfterSeconds(Decision decision) {
        return retryAfterSeconds(decision.retryAfterNanos());
    }

    /**
     * The Retry-After header value for a refusal whose retry-after is {@code retryAfterNanos}: whole seconds, rounded
     * up, at least 1.
     *
     * @throws IllegalArgumentException for a refusal that {@link #neverPasses}, which carries no Retry-After
     */
    public static long retryAfterSeconds(long retryAfterNanos) {
        if (neverPasses(retryAfterNanos)) {
            throw new IllegalArgumentException("a request that can never pass has no Retry-After");
        }
        return Math.max(1, RateLimitFields.ceilSeconds(retryAfterNanos));
    }

    private static void requireHeaderSafe(String tier) {
        if (tier.isEmpty() || tier.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("tier '" + tier
                    + "' must be a non-empty name without control characters");
        }
    }
}
