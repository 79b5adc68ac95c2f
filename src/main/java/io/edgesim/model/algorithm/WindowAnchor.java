package io.edgesim.model.algorithm;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where a fixed window starts ({@code anchor} in a scenario file): {@link #EPOCH}, windows [kW, (k+1)W) aligned to
 * scenario time 0 for every key alike (the Workers Rate Limiting binding); {@link #FIRST_REQUEST}, each key's own
 * windows, the first starting at the key's first counted request and each next one at the first counted request
 * after the previous has ended (the seed article's Durable Object code).
 */
public enum WindowAnchor {
    EPOCH("epoch"),
    FIRST_REQUEST("first-request");

    private final String configName;

    WindowAnchor(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** The anchor named {@code name} in a scenario file, or null when none is. */
    public static WindowAnchor byName(String name) {
        return Arrays.stream(values()).filter(a -> a.configName.equals(name)).findFirst().orElse(null);
    }

    public static String allowedNames() {
        return Arrays.stream(values()).map(WindowAnchor::configName).collect(Collectors.joining(", "));
    }
}
