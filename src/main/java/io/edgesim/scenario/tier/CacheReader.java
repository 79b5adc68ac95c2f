package io.edgesim.scenario.tier;

import io.edgesim.model.tier.TierSettings;

/** Reads the settings of the cache tier: its read latency and how long after the response a write lands. */
final class CacheReader {

    private CacheReader() {
    }

    static TierSettings read(StageSettings s) {
        return new TierSettings.Cache(s.latency("read-latency"), s.duration("write-delay"));
    }
}
