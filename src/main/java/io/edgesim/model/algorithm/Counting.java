package io.edgesim.model.algorithm;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which requests a windowed counter counts ({@code count} in a scenario file): {@link #ADMITTED}, only those it lets
 * through, so a refused request changes nothing; {@link #ALL}, every request it decides, refused ones too (envoy's
 * ratelimit service adds a request's hits to the count before comparing it with the limit), so a client that keeps
 * sending above the limit stays refused. token-bucket and gcra have no such choice: a refused request takes no token.
 */
public enum Counting {
    ADMITTED("admitted"),
    ALL("all");

    private final String configName;

    Counting(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** The choice named {@code name} in a scenario file, or null when none is. */
    public static Counting byName(String name) {
        return Arrays.stream(values()).filter(c -> c.configName.equals(name)).findFirst().orElse(null);
    }

    public static String allowedNames() {
        return Arrays.stream(values()).map(Counting::configName).collect(Collectors.joining(", "));
    }
}
