package io.edgesim.scenario.tier;

import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.remote.ObjectShards;
import io.edgesim.model.tier.remote.Placement;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;

import java.util.List;

/**
 * Reads the settings of a Durable Object stage: its service time, how many requests may wait, whether it fails
 * open, where its objects live ({@code placement}), its timeout, and whether its state survives an outage
 * ({@code state}, noted as a default only with faults).
 */
final class DurableObjectReader {

    private static final int MAX_QUEUE_BOUND = 1_000_000;
    private static final String QUEUE_BOUND = "a whole number from 0 to 1,000,000";
    private static final List<String> PLACEMENT_KEYS = List.of("policy", "region", "hint");
    private static final String DURABLE = "durable";
    private static final String IN_MEMORY = "in-memory";
    private static final String SHARDS = "a whole number from 1 to 1,000";

    private DurableObjectReader() {
    }

    static TierSettings read(StageSettings s) {
        long[] serviceTime = s.serviceTime("service-time");
        return new TierSettings.DurableObject(serviceTime[0], serviceTime[1], queueBound(s, "queue-bound"),
                s.bool("fail-open"), placement(s), s.timeout(), inMemory(s), shards(s));
    }

    // not an assumption: one object per key is what a namespace does unless the code splits keys
    private static int shards(StageSettings s) {
        return s.settings().positiveInt("shards", ObjectShards.MAX_SHARDS, SHARDS);
    }

    private static int queueBound(StageSettings s, String key) {
        ConfigReader r = s.used(key);
        long n = r.wholeNumber(key, QUEUE_BOUND);
        if (n < 0) {
            throw r.error(key, n + " is negative", QUEUE_BOUND);
        }
        if (n > MAX_QUEUE_BOUND) {
            throw r.error(key, n + " is too large", QUEUE_BOUND);
        }
        return (int) n;
    }

    // durable or in-memory; its default is noted only when faults can make it matter
    private static boolean inMemory(StageSettings s) {
        String key = "state";
        ConfigReader r = s.faults() ? s.used(key) : s.settings();
        String value = r.string(key);
        if (!value.equals(DURABLE) && !value.equals(IN_MEMORY)) {
            throw r.error(key, "'" + value + "' is not a state", DURABLE + ", " + IN_MEMORY);
        }
        return value.equals(IN_MEMORY);
    }

    private static Placement placement(StageSettings s) {
        ConfigReader reference = Defaults.section("tiers.durable-object.placement");
        if (s.fromReference("placement")) {
            s.logDefault("placement.policy", reference.string("policy"));
        }
        ConfigReader written = s.settings().object("placement");
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
        RegionMap regions = s.regions();
        List<String> capable = regions.codes().stream().filter(c -> regions.region(c).durableObjects()).toList();
        if (policy == Placement.Policy.FIXED) {
            if (region == null) {
                throw p.error("region", "missing for policy = fixed",
                        "a region hosting Durable Objects: " + CodeList.of(capable));
            }
            if (!regions.contains(region) || !regions.region(region).durableObjects()) {
                String problem = regions.contains(region) ? region + " does not host Durable Objects"
                        : region + " is not a region of the regions file";
                throw p.error("region", problem, CodeList.of(capable, region));
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
}
