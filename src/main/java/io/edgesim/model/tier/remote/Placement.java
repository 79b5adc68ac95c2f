package io.edgesim.model.tier.remote;

/**
 * Where a Durable Object lives. Placement is fixed when the object is created.
 *
 * @param policy   first-request, fixed, location-hint or per-area
 * @param region   home region for {@code fixed}, else null
 * @param hint     area for {@code location-hint} (weur, eeur, wnam, enam, sam, apac, oc, afr, me), else null
 */
public record Placement(Policy policy, String region, String hint) {

    /** The placement policies, by scenario-file name. */
    public enum Policy {
        FIRST_REQUEST("first-request"),
        FIXED("fixed"),
        LOCATION_HINT("location-hint"),
        PER_AREA("per-area");

        private final String configName;

        Policy(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        public static Policy parse(String name) {
            for (Policy p : values()) {
                if (p.configName.equals(name)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown placement policy '" + name
                    + "'; allowed: first-request, fixed, location-hint, per-area");
        }
    }
}
