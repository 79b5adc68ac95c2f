package io.edgesim.scenario.tier;

import io.edgesim.model.tier.TierSettings;

/**
 * Reads the settings of the Rate Limiting binding: machines per PoP, how often they sync, and the namespace whose
 * counters it shares (null for counters of its own).
 */
final class BindingReader {

    private BindingReader() {
    }

    static TierSettings read(StageSettings s) {
        return new TierSettings.Binding(s.perPop("machines-per-pop"), s.positiveDuration("sync-interval"),
                s.optString("namespace"));
    }
}
