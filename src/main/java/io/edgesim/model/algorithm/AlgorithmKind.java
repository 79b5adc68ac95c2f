package io.edgesim.model.algorithm;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The algorithms a counter can run, by their scenario-file names. */
public enum AlgorithmKind {
    FIXED_WINDOW("fixed-window"),
    SLIDING_WINDOW("sliding-window"),
    SLIDING_LOG("sliding-log"),
    TOKEN_BUCKET("token-bucket"),
    GCRA("gcra");

    private final String configName;

    AlgorithmKind(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** True for the algorithms configured with limit and window (the others take rate and burst). */
    public boolean windowed() {
        return this == FIXED_WINDOW || this == SLIDING_WINDOW || this == SLIDING_LOG;
    }

    /** Parses a scenario-file name, or throws IllegalArgumentException listing the allowed names. */
    public static AlgorithmKind parse(String name) {
        for (AlgorithmKind k : values()) {
            if (k.configName.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown algorithm '" + name + "'; allowed: " + allowedNames());
    }

    public static String allowedNames() {
        return Arrays.stream(values()).map(AlgorithmKind::configName).collect(Collectors.joining(", "));
    }
}
