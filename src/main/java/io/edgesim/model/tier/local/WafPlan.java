package io.edgesim.model.tier.local;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a WAF rate limiting rule may use on each Cloudflare plan (developers.cloudflare.com/waf/rate-limiting-rules/,
 * "Availability"): counting periods and mitigation timeouts are taken from one list of supported values, up to a
 * plan maximum, and the counting characteristics are limited. Free: 10 s period, 10 s timeout; Pro: periods up to
 * 1 min, timeouts up to 1 h; Business: up to 10 min and 1 day; Enterprise: periods up to 65,535 s, timeouts up to
 * 1 day (custom values via the API are allowed: any whole number of seconds up to 1 day).
 *
 * <p>Characteristics: IP on Free, Pro and Business (IP with NAT support is not modelled); Enterprise is taken as
 * Enterprise with Advanced Rate Limiting, which adds header (api-key, X-Forwarded-For), cookie (anonymous token, with
 * the IP) and path characteristics. A rule always counts per data center; there is no rule without a
 * characteristic, so the {@code global} key is not offered.
 */
public enum WafPlan {
    FREE("free", 10, 10, false, Set.of(KeyKind.IP)),
    PRO("pro", 60, 3_600, false, Set.of(KeyKind.IP)),
    BUSINESS("business", 600, 86_400, false, Set.of(KeyKind.IP)),
    ENTERPRISE("enterprise", 65_535, 86_400, true,
            Set.of(KeyKind.IP, KeyKind.API_KEY, KeyKind.XFF, KeyKind.ANON_TOKEN_IP, KeyKind.PATH));

    /** The period and timeout values the rules accept, in seconds ("Not all values are available on all plans"). */
    public static final List<Long> SUPPORTED_SECONDS = List.of(10L, 15L, 20L, 30L, 40L, 45L, 60L, 90L, 120L, 180L,
            240L, 300L, 480L, 600L, 900L, 1_200L, 1_800L, 2_400L, 3_600L, 65_535L, 86_400L);

    private static final long NANOS_PER_SECOND = Durations.NANOS_PER_SECOND;

    private final String configName;
    private final long maxPeriodSeconds;
    private final long maxTimeoutSeconds;
    private final boolean customTimeouts;
    private final Set<KeyKind> characteristics;

    WafPlan(String configName, long maxPeriodSeconds, long maxTimeoutSeconds, boolean customTimeouts,
            Set<KeyKind> characteristics) {
        this.configName = configName;
        this.maxPeriodSeconds = maxPeriodSeconds;
        this.maxTimeoutSeconds = maxTimeoutSeconds;
        this.customTimeouts = customTimeouts;
        this.characteristics = characteristics;
    }

    public String configName() {
        return configName;
    }

    /** Parses a scenario-file name, or throws IllegalArgumentException listing the allowed names. */
    public static WafPlan parse(String name) {
        for (WafPlan p : values()) {
            if (p.configName.equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown WAF plan '" + name + "'; allowed: "
                + Arrays.stream(values()).map(WafPlan::configName).collect(Collectors.joining(", ")));
    }

    /** Null when the plan allows this rule, else one line naming the first thing wrong and what is allowed. */
    public String validate(long periodNanos, long timeoutNanos, KeyKind key) {
        String problem = periodProblem(periodNanos);
        if (problem == null) {
            problem = timeoutProblem(timeoutNanos);
        }
        return problem == null ? characteristicProblem(key) : problem;
    }

    /** Null when {@code periodNanos} is a counting period of this plan, else what is allowed. */
    public String periodProblem(long periodNanos) {
        if (isSupported(periodNanos, maxPeriodSeconds)) {
            return null;
        }
        return "period " + Durations.format(periodNanos) + " is not available to WAF rules on Cloudflare's "
                + configName + " plan; allowed: " + allowedPeriods();
    }

    /** The counting periods of this plan: "10s, 15s, 20s, 30s, 40s, 45s, 60s". */
    public String allowedPeriods() {
        return supportedUpTo(maxPeriodSeconds);
    }

    /** Null when {@code timeoutNanos} is a mitigation timeout of this plan, else what is allowed. */
    public String timeoutProblem(long timeoutNanos) {
        boolean custom = customTimeouts && timeoutNanos > 0 && timeoutNanos % NANOS_PER_SECOND == 0
                && timeoutNanos / NANOS_PER_SECOND <= maxTimeoutSeconds;
        if (custom || isSupported(timeoutNanos, maxTimeoutSeconds)) {
            return null;
        }
        String allowed = customTimeouts ? "any whole number of seconds up to " + Durations.format(
                maxTimeoutSeconds * NANOS_PER_SECOND) : supportedUpTo(maxTimeoutSeconds);
        return "mitigation timeout " + Durations.format(timeoutNanos) + " is not available to WAF rules on "
                + "Cloudflare's " + configName + " plan; allowed: " + allowed;
    }

    /** Null when the plan can count per {@code key}, else what is allowed. */
    public String characteristicProblem(KeyKind key) {
        if (characteristics.contains(key)) {
            return null;
        }
        return "key '" + key.configName() + "' is not a counting characteristic of WAF rules on Cloudflare's "
                + configName + " plan; allowed: " + Arrays.stream(KeyKind.values()).filter(characteristics::contains)
                .map(KeyKind::configName).collect(Collectors.joining(", "));
    }

    private static boolean isSupported(long nanos, long maxSeconds) {
        return nanos % NANOS_PER_SECOND == 0 && nanos / NANOS_PER_SECOND <= maxSeconds
                && SUPPORTED_SECONDS.contains(nanos / NANOS_PER_SECOND);
    }

    // all in seconds, as Cloudflare's table lists them: "2400s, 3600s, 65535s", not "2400s, 1h, 65535s"
    private static String supportedUpTo(long maxSeconds) {
        return SUPPORTED_SECONDS.stream().mapToLong(Long::longValue).filter(s -> s <= maxSeconds)
                .mapToObj(s -> s + "s").collect(Collectors.joining(", "));
    }
}
