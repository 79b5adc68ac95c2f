package io.edgesim.model.tier;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Where a counter lives, by scenario-file name. */
public enum TierKind {
    ISOLATE("isolate"),
    CACHE("cache"),
    KV("kv"),
    BINDING("binding"),
    WAF("waf"),
    DURABLE_OBJECT("durable-object"),
    ORIGIN("origin");

    private final String configName;

    TierKind(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /**
     * True for tiers decided by a remote single instance reached over the network (durable-object, origin); the
     * others decide inside the PoP (KV reads its store through the PoP's cached copy).
     */
    public boolean remote() {
        return this == DURABLE_OBJECT || this == ORIGIN;
    }

    public static TierKind parse(String name) {
        for (TierKind k : values()) {
            if (k.configName.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown tier '" + name + "'; allowed: " + allowedNames());
    }

    /** Every tier's name in scenario files, in declaration order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(TierKind::configName).toList();
    }

    public static String allowedNames() {
        return Arrays.stream(values()).map(TierKind::configName).collect(Collectors.joining(", "));
    }
}
