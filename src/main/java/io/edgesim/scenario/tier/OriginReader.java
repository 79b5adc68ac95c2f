package io.edgesim.scenario.tier;

import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.scenario.config.CodeList;

/**
 * Reads the settings of the origin tier: the region it runs in (one of the regions file's), its service time, its
 * timeout, and whether a request it did not answer in time is let through (noted as a default only with faults).
 */
final class OriginReader {

    private OriginReader() {
    }

    static TierSettings read(StageSettings s) {
        String region = s.string("region");
        RegionMap regions = s.regions();
        if (!regions.contains(region)) {
            String allowed = CodeList.of(regions.codes(), region);
            if (!s.fromReference("region")) {
                throw s.settings().error("region", region + " is not a region of the regions file", allowed);
            }
            // reference.conf's default does not fit the user's regions file: the fix is to set region here
            throw s.userLayer().error("region", "not set, and the default " + region + " (reference.conf) is not a "
                    + "region of the regions file", allowed);
        }
        long[] serviceTime = s.serviceTime("service-time");
        return new TierSettings.Origin(region, serviceTime[0], serviceTime[1], s.timeout(),
                s.faults() ? s.bool("fail-open") : s.settings().bool("fail-open"));
    }
}
