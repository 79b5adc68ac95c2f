package io.edgesim.scenario.tier;

import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.TierKind;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;

import java.util.List;

/**
 * The tier settings one stage reads: its own keys over the scenario's {@code tiers.<tier>} section over
 * reference.conf's {@code edgesim.tiers.<tier>}, layered by {@link ConfigReader#withFallback(ConfigReader)}, so that
 * each value is read, and a bad one reported, at the setting where it was written. The typed getters note each
 * default they take from reference.conf as an assumption. Also carries what a tier's settings are checked against:
 * the regions and whether the scenario injects faults.
 */
final class StageSettings {

    // the arrays of isolates and machines are allocated per PoP
    private static final int MAX_PER_POP = 100_000;
    private static final String PER_POP = "a whole number from 1 to 100,000";
    private static final List<String> SERVICE_TIME_KEYS = List.of("median", "p99");
    private static final String SERVICE_TIME = "{ median = 1ms, p99 = 15ms } with 0 < median <= p99 <= 60s, or one "
            + "duration";
    private static final String TIMEOUT = "a duration greater than 0 and at most "
            + Durations.format(TierSettingsReader.MAX_LATENCY_NANOS) + ", or null for none";

    private final TierKind kind;
    private final ConfigReader stage;
    private final ConfigReader scenario;
    private final ConfigReader reference;
    private final ConfigReader layered;
    private final AssumptionLog log;
    private final RegionMap regions;
    private final boolean faults;

    /**
     * @param stage    the stage's own keys, or null for the scenario-wide section alone
     * @param scenario the scenario's {@code tiers.<tier>} section, or null when it has none
     * @param log      where defaults in force are noted, or null
     * @param faults   whether the scenario injects faults
     */
    StageSettings(TierKind kind, ConfigReader stage, ConfigReader scenario, AssumptionLog log, RegionMap regions,
                  boolean faults) {
        this.kind = kind;
        this.stage = stage;
        this.scenario = scenario;
        this.reference = Defaults.section("tiers." + kind.configName());
        ConfigReader layers = scenario == null ? reference : scenario.withFallback(reference);
        this.layered = stage == null ? layers : stage.withFallback(layers);
        this.log = log;
        this.regions = regions;
        this.faults = faults;
    }

    /** The layered settings: each key as the most specific layer writes it, named where it was written. */
    ConfigReader settings() {
        return layered;
    }

    /** The stage's own keys (null for the check of the scenario-wide section alone). */
    ConfigReader stage() {
        return stage;
    }

    /** Where defaults in force are noted, or null. */
    AssumptionLog log() {
        return log;
    }

    RegionMap regions() {
        return regions;
    }

    /** Whether the scenario injects faults: settings that only faults make matter note their defaults only then. */
    boolean faults() {
        return faults;
    }

    /** False for the check of the scenario-wide section alone, where settings that go together may be split. */
    boolean forStage() {
        return stage != null;
    }

    /** True when the scenario's tiers section sets both keys and no stage overrides either. */
    boolean bothFromScenario(String a, String b) {
        return rank(a) == 1 && rank(b) == 1;
    }

    /** 0 when the stage sets {@code key}, 1 when the scenario's tiers section does, 2 for reference.conf. */
    int rank(String key) {
        if (stage != null && layered.writtenIn(key, stage)) {
            return 0;
        }
        return scenario != null && layered.writtenIn(key, scenario) ? 1 : 2;
    }

    /** Where {@code key}'s value comes from, for messages: "set at tiers.kv.miss-read-max", "the default". */
    String source(String key) {
        return fromReference(key) ? "the default in reference.conf" : "set at " + layered.setting(key);
    }

    /** The most specific layer the user wrote (the stage, else the scenario's tiers section). */
    ConfigReader userLayer() {
        return stage != null ? stage : scenario;
    }

    boolean fromReference(String key) {
        return rank(key) == 2;
    }

    /** Notes reference.conf's {@code value} of {@code key} (under this tier) as a default in force. */
    void logDefault(String key, String value) {
        if (log != null) {
            String path = "tiers." + kind.configName() + "." + key;
            if (stage != null) {
                // a limiter of one stage by its name, a stage of a chain by its path (limiters[1].chain[0])
                log.defaultUsed(path, value, stage.has("name") ? stage.string("name") : stage.path());
            } else {
                log.defaultUsed(path, value);
            }
        }
    }

    /**
     * The layered settings, after noting {@code key}'s default when it is reference.conf's, or that the stage set it
     * itself (so that a default another stage took is said with that stage).
     */
    ConfigReader used(String key) {
        if (fromReference(key) && reference.has(key)) {
            logDefault(key, reference.shown(key));
        } else if (log != null && stage != null && rank(key) == 0) {
            log.setByStage("tiers." + kind.configName() + "." + key);
        }
        return layered;
    }

    /** A remote stage's timeout: 0 for none (null). */
    long timeout() {
        if (!layered.has("timeout")) {
            return 0;
        }
        return layered.durationNanos("timeout", true, TierSettingsReader.MAX_LATENCY_NANOS, TIMEOUT);
    }

    long duration(String key) {
        return used(key).durationNanos(key);
    }

    long positiveDuration(String key) {
        return used(key).positiveDurationNanos(key);
    }

    long durationOfSeconds(String key, String why) {
        return used(key).durationOfSecondsNanos(key, why);
    }

    long latency(String key) {
        return used(key).durationNanos(key, false, TierSettingsReader.MAX_LATENCY_NANOS);
    }

    /**
     * A service time: a duration (every request takes it), or {@code { median = 1ms, p99 = 15ms }} (a lognormal
     * through them); {@code [median, p99]} in nanoseconds.
     */
    long[] serviceTime(String key) {
        ConfigReader r = used(key);
        if (r.value(key).valueType() != ConfigValueType.OBJECT) {
            long nanos = r.durationNanos(key, false, TierSettingsReader.MAX_LATENCY_NANOS);
            return new long[] {nanos, nanos};
        }
        ConfigReader d = r.object(key);
        d.rejectUnknownKeys(SERVICE_TIME_KEYS);
        if (!d.has("median") || !d.has("p99")) {
            throw d.errorHere("median and p99 are both needed", SERVICE_TIME);
        }
        long median = d.durationNanos("median", true, TierSettingsReader.MAX_LATENCY_NANOS, SERVICE_TIME);
        long p99 = d.durationNanos("p99", true, TierSettingsReader.MAX_LATENCY_NANOS, SERVICE_TIME);
        if (p99 < median) {
            throw d.error("p99", d.shown("p99") + " is below the median (" + d.shown("median") + ")", SERVICE_TIME);
        }
        return new long[] {median, p99};
    }

    int perPop(String key) {
        return used(key).positiveInt(key, MAX_PER_POP, PER_POP);
    }

    boolean bool(String key) {
        return used(key).bool(key);
    }

    String string(String key) {
        return used(key).string(key);
    }

    String optString(String key) {
        return used(key).optString(key);
    }
}
