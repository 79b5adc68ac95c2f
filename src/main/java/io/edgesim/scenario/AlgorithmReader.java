package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Counting;
import io.edgesim.model.algorithm.WindowAnchor;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;

/**
 * Reads an algorithm and its numbers: {@code limit} per {@code window} for the windowed algorithms, with
 * {@code count} (admitted or all) and, for fixed-window, {@code anchor} (epoch or first-request); {@code rate} per
 * second and {@code burst} for token-bucket and gcra. The keys of the other family, and an anchor on another
 * algorithm than fixed-window, are refused rather than ignored, so a typo in intent is caught.
 */
final class AlgorithmReader {

    static final String LIMIT = "a whole number from 1 to 9e15";
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
            return AlgorithmSpec.windowed(kind, limit, window).withAnchor(anchor(r, kind, base))
                    .withCount(count(r, base));
        }
        refuse(r, kind, "limit", "rate and burst");
        refuse(r, kind, "window", "rate and burst");
        if (r.written("anchor")) {
            throw r.error("anchor", kind.configName() + " has no anchor", "anchor with fixed-window only");
        }
        if (r.written("count")) {
            throw r.error("count", kind.configName() + " has no count: a refused request takes no token",
                    "count with fixed-window, sliding-window, sliding-log");
        }
        double rate = r.has("rate") || base == null ? r.positiveNumber("rate", MAX_RATE_PER_SECOND, RATE) : base.ratePerSecond();
        long burst = r.has("burst") || base == null ? r.positiveWhole("burst", LIMIT) : base.burst();
        return AlgorithmSpec.rated(kind, rate, burst);
    }

    // where a fixed window starts: written, else the base's when it is a fixed-window too, else the default; the
    // other windowed algorithms count in epoch-aligned windows and take no anchor
    private static WindowAnchor anchor(ConfigReader r, AlgorithmKind kind, AlgorithmSpec base) {
        if (kind != AlgorithmKind.FIXED_WINDOW) {
            if (r.has("anchor")) {
                throw r.error("anchor", kind.configName() + " has no anchor", "anchor with fixed-window only");
            }
            return WindowAnchor.EPOCH;
        }
        if (r.has("anchor")) {
            return anchorNamed(r, "anchor");
        }
        if (base != null && base.kind() == kind) {
            return base.anchor();
        }
        return anchorNamed(Defaults.section("stage"), "anchor");
    }

    private static WindowAnchor anchorNamed(ConfigReader r, String key) {
        String name = r.string(key);
        WindowAnchor anchor = WindowAnchor.byName(name);
        if (anchor == null) {
            throw r.error(key, "'" + name + "' is not an anchor", WindowAnchor.allowedNames());
        }
        return anchor;
    }

    // which requests count: written, else the base's when it counts in windows, else the default
    private static Counting count(ConfigReader r, AlgorithmSpec base) {
        ConfigReader from = r;
        if (!r.has("count")) {
            if (base != null && base.kind().windowed()) {
                return base.count();
            }
            from = Defaults.section("stage");
        }
        String name = from.string("count");
        Counting count = Counting.byName(name);
        if (count == null) {
            throw from.error("count", "'" + name + "' is not a way of counting", Counting.allowedNames());
        }
        return count;
    }

    private static void refuse(ConfigReader r, AlgorithmKind kind, String key, String takes) {
        if (r.written(key)) {
            throw r.error(key, kind.configName() + " takes " + takes + ", not " + key, takes);
        }
    }
}
