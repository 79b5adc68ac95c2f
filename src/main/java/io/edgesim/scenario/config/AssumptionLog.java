package io.edgesim.scenario.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Collects the defaults in force that a scenario did not set, as "setting" -> "value (why)", and notes on settings
 * that work against what they model (a KV expiration shorter than the counter's state lifetime), in sorted order so
 * that every run of the same scenario reports them identically.
 */
public final class AssumptionLog {

    private final Map<String, String> entries = new TreeMap<>();
    // per default resolved stage by stage (expiration-ttl = auto): each stage's path and value, in reading order
    private final Map<String, List<String[]>> resolved = new TreeMap<>();

    // per tier default, the stages that took it ("waf-free"), and the defaults some other stage set itself
    private final Map<String, Set<String>> takenAt = new TreeMap<>();
    private final Set<String> setByAStage = new TreeSet<>();

    /** A reference.conf default used as is; {@code path} is under edgesim ("tiers.cache.write-delay"). */
    public void defaultUsed(String path, String value) {
        entries.put(path, value + (Defaults.assumed(path) ? " (assumption)" : " (default)"));
    }

    /** The same, taken by the stage {@code stage} (its limiter's name, or for a stage of a chain its path). */
    public void defaultUsed(String path, String value, String stage) {
        defaultUsed(path, value);
        takenAt.computeIfAbsent(path, k -> new LinkedHashSet<>()).add(stage);
    }

    /**
     * A stage set the tier setting {@code path} itself: where another stage took the default, the entry names that
     * stage (`tiers.waf.plan = free (default, at waf-free)` beside waf-pro's own `plan = pro`).
     */
    public void setByStage(String path) {
        setByAStage.add(path);
    }

    /** Any other note ("regions.rtt.AMS-FRA" -> "6.2ms (estimated ...)"). */
    public void note(String setting, String text) {
        entries.put(setting, text);
    }

    /**
     * A reference.conf default that each stage resolves for itself ({@code rule}, such as "auto = max(60s, ...)"):
     * {@code stage} is where it applies ("limiters[0]"), {@code value} what it came to there. The entry shows the
     * value when all stages agree, else each value with its stages.
     */
    public void defaultResolved(String path, String rule, String stage, String value) {
        List<String[]> values = resolved.computeIfAbsent(path, k -> new ArrayList<>());
        values.add(new String[] {stage, value});
        Map<String, List<String>> stagesByValue = new LinkedHashMap<>();
        for (String[] v : values) {
            stagesByValue.computeIfAbsent(v[1], k -> new ArrayList<>()).add(v[0]);
        }
        String shown = stagesByValue.size() == 1 ? value : stagesByValue.entrySet().stream()
                .map(e -> e.getKey() + " at " + String.join(", ", e.getValue()))
                .collect(Collectors.joining("; "));
        entries.put(path, shown + " (" + (Defaults.assumed(path) ? "assumption" : "default") + " " + rule + ")");
    }

    public Map<String, String> toMap() {
        Map<String, String> out = new LinkedHashMap<>(entries);
        takenAt.forEach((path, stages) -> {
            String entry = out.get(path);
            if (setByAStage.contains(path) && entry != null && entry.endsWith(")")) {
                out.put(path, entry.substring(0, entry.length() - 1) + ", at " + String.join(", ", stages) + ")");
            }
        });
        return Collections.unmodifiableMap(out);
    }
}
