package io.edgesim.scenario;

import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.KvStore;
import io.edgesim.model.tier.ObjectShards;
import io.edgesim.model.tier.Placement;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.WafPlan;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Builds the {@link TierSettings} of a stage from three layers, first match wins: the stage's own keys, the
 * scenario's {@code tiers.<tier>} section, and reference.conf's {@code edgesim.tiers.<tier>}. Each value is read
 * from the layer that set it, so a bad value is reported at its own setting path. Defaults taken from
 * reference.conf are logged as assumptions.
 */
final class TierSettingsReader {

    private static final List<String> PLACEMENT_KEYS = List.of("policy", "region", "hint");
    // per-request latencies and service times: a minute is far beyond any real one (the defaults are 0.5-20 ms)
    // and keeps a Durable Object's longest queue (queue-bound x service-time, at most ~2 years) far from overflow
    static final long MAX_LATENCY_NANOS = 60L * Durations.NANOS_PER_SECOND;
    static final int MAX_QUEUE_BOUND = 1_000_000;
    // the arrays of isolates and machines are allocated per PoP
    static final int MAX_PER_POP = 100_000;
    private static final String PER_POP = "a whole number from 1 to 100,000";
    private static final String QUEUE_BOUND = "a whole number from 0 to 1,000,000";
    private static final String SHARDS = "a whole number from 1 to 1,000";
    private static final List<String> SERVICE_TIME_KEYS = List.of("median", "p99");
    private static final String SERVICE_TIME = "{ median = 1ms, p99 = 15ms } with 0 < median <= p99 <= 60s, or one "
            + "duration";
    // the KV expiration that keeps a counter as long as its state matters (KvStore.expirationTtlNanosFor)
    static final String AUTO = "auto";
    private static final String AUTO_RULE = "auto = max(60s, how long the counter's state matters)";

    private static final String DURABLE = "durable";
    private static final String IN_MEMORY = "in-memory";
    private static final String TIMEOUT = "a duration greater than 0 and at most "
            + Durations.format(MAX_LATENCY_NANOS) + ", or null for none";

    private final Map<TierKind, ConfigReader> scenarioTiers;
    private final RegionMap regions;
    // settings that only faults make matter (state, an origin's fail-open) note their defaults only with faults
    private final boolean faults;

    private TierSettingsReader(Map<TierKind, ConfigReader> scenarioTiers, RegionMap regions, boolean faults) {
        this.scenarioTiers = scenarioTiers;
        this.regions = regions;
        this.faults = faults;
    }

    /**
     * A reader over the scenario's {@code tiers} section ({@code scenario} may lack one). Every tier written there
     * is validated at once, so a bad scenario-wide value fails even when no limiter uses that tier.
     *
     * @param faults whether the scenario injects faults
     */
    static TierSettingsReader create(ConfigReader scenario, RegionMap regions, boolean faults) {
        Map<TierKind, ConfigReader> tiers = new EnumMap<>(TierKind.class);
        if (scenario.has("tiers")) {
            ConfigReader section = scenario.object("tiers");
            for (String name : section.keys()) {
                TierKind kind = tierKind(name);
                if (kind == null) {
                    throw section.error(name, "'" + name + "' is not a tier", TierKind.allowedNames());
                }
                ConfigReader tier = section.object(name);
                tier.rejectUnknownKeys(settingNames(kind));
                tiers.put(kind, tier);
            }
        }
        TierSettingsReader reader = new TierSettingsReader(tiers, regions, faults);
        for (TierKind kind : tiers.keySet()) {
            reader.read(kind, null, null, null);
        }
        return reader;
    }

    /** The settings a tier has, in reference.conf order: the keys a stage of that tier may set. */
    static List<String> settingNames(TierKind kind) {
        return RegionsLoader.inFileOrder(Defaults.section("tiers." + kind.configName()));
    }

    static TierKind tierKind(String name) {
        for (TierKind k : TierKind.values()) {
            if (k.configName().equals(name)) {
                return k;
            }
        }
        return null;
    }

    /**
     * The settings of a stage of {@code kind}.
     *
     * @param stage     the stage's own keys, or null for the scenario-wide section alone
     * @param algorithm the stage's algorithm (settings that default to what it needs are resolved with it), or
     *                  null for the scenario-wide section alone
     * @param log       where defaults in force are noted, or null
     */
    TierSettings read(TierKind kind, ConfigReader stage, AlgorithmSpec algorithm, AssumptionLog log) {
        Layers l = new Layers(kind, stage, scenarioTiers.get(kind), log);
        return switch (kind) {
            case ISOLATE -> new TierSettings.Isolate(l.perPop("isolates-per-pop"),
                    l.positiveDuration("mean-lifetime"));
            case CACHE -> new TierSettings.Cache(l.latency("read-latency"), l.duration("write-delay"));
            case KV -> kv(l, algorithm);
            case BINDING -> new TierSettings.Binding(l.perPop("machines-per-pop"),
                    l.positiveDuration("sync-interval"), l.optString("namespace"));
            case WAF -> waf(l);
            case DURABLE_OBJECT -> {
                long[] serviceTime = l.serviceTime("service-time");
                yield new TierSettings.DurableObject(serviceTime[0], serviceTime[1], l.queueBound("queue-bound"),
                        l.bool("fail-open"), placement(l), l.timeout(), inMemory(l), shards(l));
            }
            case ORIGIN -> origin(l);
        };
    }

    private TierSettings origin(Layers l) {
        String region = l.string("region");
        if (!regions.contains(region)) {
            String allowed = String.join(", ", regions.codes());
            if (!l.fromReference("region")) {
                throw l.reader("region").error("region", region + " is not a region of the regions file", allowed);
            }
            // reference.conf's default does not fit the user's regions file: the fix is to set region here
            throw l.userLayer().error("region", "not set, and the default " + region + " (reference.conf) is not a "
                    + "region of the regions file", allowed);
        }
        long[] serviceTime = l.serviceTime("service-time");
        return new TierSettings.Origin(region, serviceTime[0], serviceTime[1], l.timeout(),
                faults ? l.bool("fail-open") : l.reader("fail-open").bool("fail-open"));
    }

    private TierSettings kv(Layers l, AlgorithmSpec algorithm) {
        long cacheTtl = l.kvTtl("cache-ttl", "");
        long expirationTtl = expirationTtl(l, algorithm);
        long missMin = l.latency("miss-read-min");
        long missMax = l.latency("miss-read-max");
        if (missMax < missMin && (l.forStage() || l.bothFromScenario("miss-read-min", "miss-read-max"))) {
            throw missReadOrder(l, missMin, missMax);
        }
        return new TierSettings.Kv(cacheTtl, expirationTtl, l.latency("hot-read"), missMin, missMax,
                l.positiveDuration("min-write-interval"), l.bool("fail-open"));
    }

    /**
     * {@code expiration-ttl}: {@code auto} becomes {@link KvStore#expirationTtlNanosFor} of the stage's algorithm;
     * an explicit value keeps its meaning (the user's code may really expire its counter too early), and one
     * shorter than the counter's state lifetime is noted, as it changes decisions. For the scenario-wide section
     * alone ({@code algorithm} null) only the value is checked.
     */
    private long expirationTtl(Layers l, AlgorithmSpec algorithm) {
        String key = "expiration-ttl";
        ConfigReader r = l.reader(key);
        if (r.has(key) && r.value(key).valueType() == ConfigValueType.STRING && AUTO.equals(r.string(key))) {
            if (algorithm == null) {
                // the scenario-wide section alone is only checked, its settings are not used
                return KvStore.MIN_TTL_NANOS;
            }
            long nanos = KvStore.expirationTtlNanosFor(algorithm);
            if (l.fromReference(key) && l.log != null) {
                l.log.defaultResolved("tiers.kv." + key, AUTO_RULE, l.stage.path(), Durations.format(nanos));
            }
            return nanos;
        }
        long nanos = l.kvTtl(key, AUTO + ", or ");
        if (algorithm != null && l.log != null && nanos < algorithm.stateLifetimeNanos()) {
            String source = l.rank(key) == 1 ? " (" + l.source(key) + ")" : "";
            l.log.note(l.stage.setting(key), Durations.format(nanos) + source + ": shorter than the "
                    + Durations.format(algorithm.stateLifetimeNanos()) + " the " + algorithm.kind().configName()
                    + " counter's state matters, so KV forgets counts that still decide (as code with this "
                    + "expiration does; " + AUTO + " would keep them "
                    + Durations.format(KvStore.expirationTtlNanosFor(algorithm)) + ")");
        }
        return nanos;
    }

    /**
     * miss-read-max below miss-read-min: blames the one written at the more specific layer (the stage, then the
     * scenario's tiers section), since that is the one the user just set; reference.conf's pair is consistent.
     */
    private static InputException missReadOrder(Layers l, long missMin, long missMax) {
        if (l.rank("miss-read-min") < l.rank("miss-read-max")) {
            return l.reader("miss-read-min").error("miss-read-min", Durations.format(missMin)
                    + " is more than miss-read-max (" + Durations.format(missMax) + ", " + l.source("miss-read-max")
                    + ")", "a duration from 0 to miss-read-max (" + Durations.format(missMax)
                    + "), or raise miss-read-max too");
        }
        return l.reader("miss-read-max").error("miss-read-max", Durations.format(missMax)
                + " is less than miss-read-min (" + Durations.format(missMin) + ", " + l.source("miss-read-min")
                + ")", "a duration from miss-read-min (" + Durations.format(missMin) + ") to "
                + Durations.format(MAX_LATENCY_NANOS) + ", or lower miss-read-min too");
    }

    private TierSettings waf(Layers l) {
        String name = l.string("plan");
        WafPlan plan = wafPlan(name);
        if (plan == null) {
            throw l.reader("plan").error("plan", "'" + name + "' is not a plan",
                    Arrays.stream(WafPlan.values()).map(WafPlan::configName).collect(Collectors.joining(", ")));
        }
        long timeout = l.positiveDuration("mitigation-timeout");
        // checked per stage: a scenario-wide timeout may be meant for stages that set their own plan
        String problem = l.forStage() ? plan.timeoutProblem(timeout) : null;
        if (problem != null) {
            // reference.conf's timeout fits every plan; were it ever not to, the plan the user chose is to blame
            String blamed = l.fromReference("mitigation-timeout") ? "plan" : "mitigation-timeout";
            throw l.reader(blamed).fail(blamed, problem);
        }
        return new TierSettings.Waf(name, l.duration("update-delay"), timeout);
    }

    static WafPlan wafPlan(String name) {
        return Arrays.stream(WafPlan.values()).filter(p -> p.configName().equals(name)).findFirst().orElse(null);
    }

    // durable or in-memory; its default is noted only when faults can make it matter
    private boolean inMemory(Layers l) {
        String key = "state";
        ConfigReader r = faults ? l.used(key) : l.reader(key);
        String value = r.string(key);
        if (!value.equals(DURABLE) && !value.equals(IN_MEMORY)) {
            throw r.error(key, "'" + value + "' is not a state", DURABLE + ", " + IN_MEMORY);
        }
        return value.equals(IN_MEMORY);
    }

    // not an assumption: one object per key is what a namespace does unless the code splits keys
    private static int shards(Layers l) {
        return l.reader("shards").positiveInt("shards", ObjectShards.MAX_SHARDS, SHARDS);
    }

    private Placement placement(Layers l) {
        ConfigReader layer = l.reader("placement");
        ConfigReader reference = Defaults.section("tiers.durable-object.placement");
        if (l.fromReference("placement")) {
            l.logDefault("placement.policy", reference.string("policy"));
        }
        ConfigReader written = layer == l.reference ? reference : layer.object("placement");
        written.rejectUnknownKeys(PLACEMENT_KEYS);
        ConfigReader p = written.withFallback(reference.config());
        String name = p.string("policy");
        Placement.Policy policy = null;
        for (Placement.Policy candidate : Placement.Policy.values()) {
            if (candidate.configName().equals(name)) {
                policy = candidate;
            }
        }
        if (policy == null) {
            throw p.error("policy", "'" + name + "' is not a placement policy",
                    "first-request, fixed (with region), location-hint (with hint), per-area");
        }
        String region = p.optString("region");
        String hint = p.optString("hint");
        if (policy != Placement.Policy.FIXED && region != null) {
            throw p.error("region", "a region is set but the policy is " + name,
                    "region only with policy = fixed");
        }
        if (policy != Placement.Policy.LOCATION_HINT && hint != null) {
            throw p.error("hint", "a hint is set but the policy is " + name, "hint only with policy = location-hint");
        }
        List<String> capable = regions.codes().stream().filter(c -> regions.region(c).durableObjects()).toList();
        if (policy == Placement.Policy.FIXED) {
            if (region == null) {
                throw p.error("region", "missing for policy = fixed",
                        "a region hosting Durable Objects: " + String.join(", ", capable));
            }
            if (!regions.contains(region) || !regions.region(region).durableObjects()) {
                String problem = regions.contains(region) ? region + " does not host Durable Objects"
                        : region + " is not a region of the regions file";
                throw p.error("region", problem, String.join(", ", capable));
            }
        }
        if (policy == Placement.Policy.LOCATION_HINT) {
            if (hint == null) {
                throw p.error("hint", "missing for policy = location-hint", String.join(", ", RegionMap.AREAS));
            }
            if (!RegionMap.AREAS.contains(hint)) {
                throw p.error("hint", "'" + hint + "' is not an area", String.join(", ", RegionMap.AREAS));
            }
        }
        return new Placement(policy, region, hint);
    }

    /** The three layers of one read; typed getters read from the first layer that writes the key. */
    private final class Layers {
        private final TierKind kind;
        private final ConfigReader stage;
        private final ConfigReader scenario;
        private final ConfigReader reference;
        private final AssumptionLog log;

        Layers(TierKind kind, ConfigReader stage, ConfigReader scenario, AssumptionLog log) {
            this.kind = kind;
            this.stage = stage;
            this.scenario = scenario;
            this.reference = Defaults.section("tiers." + kind.configName());
            this.log = log;
        }

        ConfigReader reader(String key) {
            if (stage != null && stage.written(key)) {
                return stage;
            }
            if (scenario != null && scenario.written(key)) {
                return scenario;
            }
            return reference;
        }

        /** False for the check of the scenario-wide section alone, where settings that go together may be split. */
        boolean forStage() {
            return stage != null;
        }

        /** True when the scenario's tiers section sets both keys and no stage overrides either. */
        boolean bothFromScenario(String a, String b) {
            return scenario != null && reader(a) == scenario && reader(b) == scenario;
        }

        /** 0 when the stage sets {@code key}, 1 when the scenario's tiers section does, 2 for reference.conf. */
        int rank(String key) {
            ConfigReader r = reader(key);
            return r == stage ? 0 : r == scenario ? 1 : 2;
        }

        /** Where {@code key}'s value comes from, for messages: "set at tiers.kv.miss-read-max", "the default". */
        String source(String key) {
            ConfigReader r = reader(key);
            return r == reference ? "the default in reference.conf" : "set at " + r.setting(key);
        }

        /** The most specific layer the user wrote (the stage, else the scenario's tiers section). */
        ConfigReader userLayer() {
            return stage != null ? stage : scenario;
        }

        boolean fromReference(String key) {
            return reader(key) == reference;
        }

        void logDefault(String key, String value) {
            if (log != null) {
                log.defaultUsed("tiers." + kind.configName() + "." + key, value);
            }
        }

        /** A remote stage's timeout: 0 for none (null). */
        long timeout() {
            ConfigReader r = reader("timeout");
            if (!r.has("timeout")) {
                return 0;
            }
            return r.durationNanos("timeout", true, MAX_LATENCY_NANOS, TIMEOUT);
        }

        ConfigReader used(String key) {
            ConfigReader r = reader(key);
            if (r == reference && reference.has(key)) {
                logDefault(key, reference.shown(key));
            }
            return r;
        }

        long duration(String key) {
            return used(key).durationNanos(key);
        }

        long positiveDuration(String key) {
            return used(key).positiveDurationNanos(key);
        }

        long latency(String key) {
            return used(key).durationNanos(key, false, MAX_LATENCY_NANOS);
        }

        /**
         * A service time: a duration (every request takes it), or {@code { median = 1ms, p99 = 15ms }} (a lognormal
         * through them); {@code [median, p99]} in nanoseconds.
         */
        long[] serviceTime(String key) {
            ConfigReader r = used(key);
            if (r.value(key).valueType() != ConfigValueType.OBJECT) {
                long nanos = r.durationNanos(key, false, MAX_LATENCY_NANOS);
                return new long[] {nanos, nanos};
            }
            ConfigReader d = r.object(key);
            d.rejectUnknownKeys(SERVICE_TIME_KEYS);
            if (!d.has("median") || !d.has("p99")) {
                throw d.errorHere("median and p99 are both needed", SERVICE_TIME);
            }
            long median = d.durationNanos("median", true, MAX_LATENCY_NANOS, SERVICE_TIME);
            long p99 = d.durationNanos("p99", true, MAX_LATENCY_NANOS, SERVICE_TIME);
            if (p99 < median) {
                throw d.error("p99", d.shown("p99") + " is below the median (" + d.shown("median") + ")",
                        SERVICE_TIME);
            }
            return new long[] {median, p99};
        }

        int perPop(String key) {
            return used(key).positiveInt(key, MAX_PER_POP, PER_POP);
        }

        int queueBound(String key) {
            ConfigReader r = used(key);
            long n = r.wholeNumber(key, QUEUE_BOUND);
            if (n < 0) {
                throw r.error(key, n + " is negative", QUEUE_BOUND);
            }
            if (n > MAX_QUEUE_BOUND) {
                throw r.error(key, n + " is too large", QUEUE_BOUND);
            }
            return (int) n;
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

        /** A KV time to live: at least 60 s; {@code alsoAllowed} prefixes the allowed range ("auto, or "). */
        long kvTtl(String key, String alsoAllowed) {
            ConfigReader r = used(key);
            String allowed = alsoAllowed + "a duration from " + Durations.format(KvStore.MIN_TTL_NANOS) + " to "
                    + Durations.format(ConfigReader.MAX_DURATION_NANOS);
            long nanos = r.durationNanos(key, false, ConfigReader.MAX_DURATION_NANOS, allowed);
            if (nanos < KvStore.MIN_TTL_NANOS) {
                throw r.error(key, r.shown(key) + " is under the KV minimum of "
                        + Durations.format(KvStore.MIN_TTL_NANOS), allowed);
            }
            return nanos;
        }
    }
}
