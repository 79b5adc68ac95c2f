package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;

/**
 * Reads an algorithm and its numbers: {@code limit} per {@code window} for the windowed algorithms,
 * {@code rate} per second and {@code burst} for token-bucket and gcra. The keys of the other family are refused
 * rather than ignored, so a typo in intent is caught.
 */
final class AlgorithmReader {

    static final String LIMIT = "a whole number of 1 or more";
    // one token per nanosecond: a faster refill would space tokens less than the simulation's time unit apart
    static final double MAX_RATE_PER_SECOND = 1e9;
    static final String RATE = "tokens per second, greater than 0 and at most 1,000,000,000";

    private AlgorithmReader() {
    }

    /** The algorithm named at {@code key} of {@code r}, or {@code fallback} when the key is absent. */
    static AlgorithmKind kind(ConfigReader r, String key, AlgorithmKind fallback) {
        if (!r.has(key)) {
            return fallback;
        }
        String name = r.string(key);
        for (AlgorithmKind k : AlgorithmKind.values()) {
            if (k.configName().equals(name)) {
                return k;
            }
        }
        throw r.error(key, "'" + name + "' is not an algorithm", AlgorithmKind.allowedNames());
    }

    /** The default algorithm of a stage (reference.conf edgesim.stage.algorithm). */
    static AlgorithmKind defaultKind() {
        return kind(Defaults.section("stage"), "algorithm", null);
    }

    /**
     * The numbers of {@code kind} from {@code r}; {@code base}, when not null, supplies the ones {@code r} leaves
     * out (a limiter's reference falls back to its last stage).
     */
    static AlgorithmSpec spec(ConfigReader r, AlgorithmKind kind, AlgorithmSpec base) {
        if (kind.windowed()) {
            refuse(r, kind, "rate", "limit and window");
            refuse(r, kind, "burst", "limit and window");
            long limit = r.has("limit") || base == null ? r.positiveWhole("limit", LIMIT) : base.limit();
            long window = r.has("window") || base == null ? r.positiveDurationNanos("window") : base.windowNanos();
            return AlgorithmSpec.windowed(kind, limit, window);
        }
        refuse(r, kind, "limit", "rate and burst");
        refuse(r, kind, "window", "rate and burst");
        double rate = r.has("rate") || base == null ? r.positiveNumber("rate", MAX_RATE_PER_SECOND, RATE) : base.ratePerSecond();
        long burst = r.has("burst") || base == null ? r.positiveWhole("burst", LIMIT) : base.burst();
        return AlgorithmSpec.rated(kind, rate, burst);
    }

    private static void refuse(ConfigReader r, AlgorithmKind kind, String key, String takes) {
        if (r.written(key)) {
            throw r.error(key, kind.configName() + " takes " + takes + ", not " + key, takes);
        }
    }
}
