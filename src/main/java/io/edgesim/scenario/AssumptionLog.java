package io.edgesim.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects the defaults in force that a scenario did not set, as "setting" -> "value (why)", in sorted order so
 * that every run of the same scenario reports them identically.
 */
final class AssumptionLog {

    private final Map<String, String> entries = new TreeMap<>();

    /** A reference.conf default used as is; {@code path} is under edgesim ("tiers.cache.write-delay"). */
    void defaultUsed(String path, String value) {
        entries.put(path, value + (Defaults.assumed(path) ? " (assumption)" : " (default)"));
    }

    /** Any other note ("regions.rtt.AMS-FRA" -> "6.2ms (estimated ...)"). */
    void note(String setting, String text) {
        entries.put(setting, text);
    }

    Map<String, String> toMap() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }
}
