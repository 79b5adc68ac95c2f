package io.edgesim.model.response;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;

/**
 * The IETF rate-limit header fields, as structured-field items named by the policy:
 * {@code RateLimit-Policy: "name";q=<quota>;w=<window s>} and {@code RateLimit: "name";r=<remaining>;t=<reset s>}.
 * Seconds are integers (the draft allows no fractions): durations are rounded up.
 */
final class RateLimitFields {

    static final long NANOS_PER_SECOND = 1_000_000_000L;

    private RateLimitFields() {
    }

    /** q is the limit (the burst for rate algorithms), w the window (the time to refill the burst), at least 1 s. */
    static String policy(String policyName, AlgorithmSpec spec) {
        return sfString(policyName) + ";q=" + spec.limit() + ";w=" + Math.max(1, ceilSeconds(spec.windowNanos()));
    }

    /** r is the remaining allowance, t the seconds until the full allowance is back (0 when it is). */
    static String limit(String policyName, Decision decision, long nowNanos) {
        long resetSeconds = ceilSeconds(Math.max(0, decision.resetNanos() - nowNanos));
        return sfString(policyName) + ";r=" + decision.remaining() + ";t=" + resetSeconds;
    }

    static long ceilSeconds(long nanos) {
        return nanos / NANOS_PER_SECOND + (nanos % NANOS_PER_SECOND == 0 ? 0 : 1);
    }

    /** A structured-field string (RFC 8941 sf-string): printable ASCII, with {@code "} and {@code \} escaped. */
    static String sfString(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException("policy name '" + value
                        + "' must be printable ASCII to appear in a RateLimit header");
            }
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }
}
