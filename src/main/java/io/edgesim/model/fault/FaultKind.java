package io.edgesim.model.fault;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The kinds of fault a scenario can inject, by their names in a scenario file. */
public enum FaultKind {
    /** Nothing in a region answers: its PoP takes no traffic and the objects homed there serve nothing. */
    REGION_OUTAGE("region-outage"),
    /** One PoP takes no traffic; its clients land on the nearest live PoP (anycast failover). */
    POP_OUTAGE("pop-outage"),
    /** Messages between two regions are lost, both ways. */
    PARTITION("partition"),
    /** Messages between two regions take longer: the round trip grows by the fault's extra. */
    LATENCY("latency"),
    /** Workers KV reads and writes fail. */
    KV_OUTAGE("kv-outage");

    private final String configName;

    FaultKind(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** The kind named {@code name} in a scenario file, or null. */
    public static FaultKind parse(String name) {
        for (FaultKind kind : values()) {
            if (kind.configName.equals(name)) {
                return kind;
            }
        }
        return null;
    }

    /** "region-outage, pop-outage, ...", for messages. */
    public static String allowedNames() {
        return Arrays.stream(values()).map(FaultKind::configName).collect(Collectors.joining(", "));
    }
}
