package io.edgesim.serve;

import io.edgesim.model.Outcome;
import io.edgesim.model.Request;
import io.edgesim.model.response.RateLimitResponse;
import io.edgesim.model.tier.ChainProgress;
import io.edgesim.model.tier.LimiterSpec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a live client is answered once the served limiter's chain for its request ended: 200 when it was let
 * through (accepted, or failed open), the limiter's own 429 when refused ({@link ChainProgress#rejection}: the
 * Retry-After, X-RateLimit-Scope naming the refusing tier, RateLimit-Policy and RateLimit of the reports' sample
 * response), 503 when the tier failed closed. Every answer names its PoP ({@code X-Edgesim-PoP}) and the latency the
 * limiter added, milliseconds of scenario time ({@code X-Edgesim-Added-Latency-Ms}).
 *
 * @param status  the HTTP status
 * @param headers header name to value, in sending order, Content-Type among them
 * @param body    the body, JSON
 */
record LiveAnswer(int status, Map<String, String> headers, String body) {

    static final String POP = "X-Edgesim-PoP";
    static final String ADDED_LATENCY = "X-Edgesim-Added-Latency-Ms";
    static final int OK = 200;
    static final int UNAVAILABLE = 503;
    private static final double NANOS_PER_MS = 1e6;

    static LiveAnswer of(LimiterSpec limiter, Request request, ChainProgress progress) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(POP, request.pop());
        headers.put(ADDED_LATENCY, String.format("%.3f", progress.latencyNanos() / NANOS_PER_MS));
        if (progress.outcome() == Outcome.REJECTED) {
            RateLimitResponse refused = progress.rejection(limiter.name(), limiter, request.plan(),
                    request.timeNanos() + progress.latencyNanos());
            headers.putAll(refused.headers());
            return new LiveAnswer(refused.status(), headers, refused.body());
        }
        headers.put("Content-Type", "application/json");
        if (progress.outcome() == Outcome.FAILED && !progress.failedOpen()) {
            return new LiveAnswer(UNAVAILABLE, headers, "{\"error\":\"limiter_failed\",\"failed_open\":false}");
        }
        return new LiveAnswer(OK, headers, "{\"allowed\":true,\"failed_open\":" + progress.failedOpen() + "}");
    }
}
