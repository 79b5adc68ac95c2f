package io.edgesim.scenario.tier;

import io.edgesim.model.tier.TierSettings;

/** Reads the settings of the isolate tier: isolates per PoP and their mean lifetime. */
final class IsolateReader {

    private IsolateReader() {
    }

    static TierSettings read(StageSettings s) {
        return new TierSettings.Isolate(s.perPop("isolates-per-pop"), s.durationOfSeconds("mean-lifetime",
                "isolates live for seconds to minutes; the run draws every one's lifetime"));
    }
}
