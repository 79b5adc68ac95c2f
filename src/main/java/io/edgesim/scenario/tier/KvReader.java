package io.edgesim.scenario.tier;

import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.tier.local.KvStore;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.ConfigReader;

/**
 * Reads the settings of the KV tier: its cache and expiration times to live (at least KV's minimum of 60 s), its
 * read latencies (a miss between miss-read-min and miss-read-max), the interval between writes of a key, and
 * whether a failed write lets the request through.
 */
final class KvReader {

    // the KV expiration that keeps a counter as long as its state matters (KvStore.expirationTtlNanosFor)
    private static final String AUTO = "auto";
    private static final String AUTO_RULE = "auto = max(60s, how long the counter's state matters)";

    private KvReader() {
    }

    /**
     * @param algorithm the stage's algorithm ({@code expiration-ttl = auto} resolves with it), or null for the
     *                  scenario-wide section alone
     */
    static TierSettings read(StageSettings s, AlgorithmSpec algorithm) {
        long cacheTtl = ttl(s, "cache-ttl", "");
        long expirationTtl = expirationTtl(s, algorithm);
        long missMin = s.latency("miss-read-min");
        long missMax = s.latency("miss-read-max");
        if (missMax < missMin && (s.forStage() || s.bothFromScenario("miss-read-min", "miss-read-max"))) {
            throw missReadOrder(s, missMin, missMax);
        }
        return new TierSettings.Kv(cacheTtl, expirationTtl, s.latency("hot-read"), missMin, missMax,
                s.positiveDuration("min-write-interval"), s.bool("fail-open"));
    }

    /**
     * {@code expiration-ttl}: {@code auto} becomes {@link KvStore#expirationTtlNanosFor} of the stage's algorithm;
     * an explicit value keeps its meaning (the user's code may really expire its counter too early), and one
     * shorter than the counter's state lifetime is noted, as it changes decisions. For the scenario-wide section
     * alone ({@code algorithm} null) only the value is checked.
     */
    private static long expirationTtl(StageSettings s, AlgorithmSpec algorithm) {
        String key = "expiration-ttl";
        ConfigReader r = s.settings();
        if (r.has(key) && r.value(key).valueType() == ConfigValueType.STRING && AUTO.equals(r.string(key))) {
            if (algorithm == null) {
                // the scenario-wide section alone is only checked, its settings are not used
                return KvStore.MIN_TTL_NANOS;
            }
            long nanos = KvStore.expirationTtlNanosFor(algorithm);
            if (s.fromReference(key) && s.log() != null) {
                s.log().defaultResolved("tiers.kv." + key, AUTO_RULE, s.stage().path(), Durations.format(nanos));
            }
            return nanos;
        }
        long nanos = ttl(s, key, AUTO + ", or ");
        if (algorithm != null && s.log() != null && nanos < algorithm.stateLifetimeNanos()) {
            String source = s.rank(key) == 1 ? " (" + s.source(key) + ")" : "";
            s.log().note(s.stage().setting(key), Durations.format(nanos) + source + ": shorter than the "
                    + Durations.format(algorithm.stateLifetimeNanos()) + " the " + algorithm.kind().configName()
                    + " counter's state matters, so KV forgets counts that still decide (as code with this "
                    + "expiration does; " + AUTO + " would keep them "
                    + Durations.format(KvStore.expirationTtlNanosFor(algorithm)) + ")");
        }
        return nanos;
    }

    /** A KV time to live: at least 60 s; {@code alsoAllowed} prefixes the allowed range ("auto, or "). */
    private static long ttl(StageSettings s, String key, String alsoAllowed) {
        ConfigReader r = s.used(key);
        String allowed = alsoAllowed + "a duration from " + Durations.format(KvStore.MIN_TTL_NANOS) + " to "
                + Durations.format(ConfigReader.MAX_DURATION_NANOS);
        long nanos = r.durationNanos(key, false, ConfigReader.MAX_DURATION_NANOS, allowed);
        if (nanos < KvStore.MIN_TTL_NANOS) {
            throw r.error(key, r.shown(key) + " is under the KV minimum of "
                    + Durations.format(KvStore.MIN_TTL_NANOS), allowed);
        }
        return nanos;
    }

    /**
     * miss-read-max below miss-read-min: blames the one written at the more specific layer (the stage, then the
     * scenario's tiers section), since that is the one the user just set; reference.conf's pair is consistent.
     */
    private static InputException missReadOrder(StageSettings s, long missMin, long missMax) {
        ConfigReader r = s.settings();
        if (s.rank("miss-read-min") < s.rank("miss-read-max")) {
            return r.error("miss-read-min", Durations.format(missMin) + " is more than miss-read-max ("
                    + Durations.format(missMax) + ", " + s.source("miss-read-max") + ")", "a duration from 0 to "
                    + "miss-read-max (" + Durations.format(missMax) + "), or raise miss-read-max too");
        }
        return r.error("miss-read-max", Durations.format(missMax) + " is less than miss-read-min ("
                + Durations.format(missMin) + ", " + s.source("miss-read-min") + ")", "a duration from miss-read-min ("
                + Durations.format(missMin) + ") to " + Durations.format(TierSettingsReader.MAX_LATENCY_NANOS)
                + ", or lower miss-read-min too");
    }
}
