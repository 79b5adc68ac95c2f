package io.edgesim.engine;

import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * A limiter's tier statistics by stage, as {@link RunRecorder#finish} takes them: keyed "index:tier" ("0:waf"),
 * stages with nothing to say left out.
 */
public final class StageStats {

    private StageStats() {
    }

    /** @param statsOfStage the statistics of stage {@code s} (empty when it has none) */
    public static Map<String, Map<String, Long>> of(LimiterSpec limiter, IntFunction<Map<String, Long>> statsOfStage) {
        Map<String, Map<String, Long>> stats = new LinkedHashMap<>();
        for (int s = 0; s < limiter.stages().size(); s++) {
            StageSpec stage = limiter.stages().get(s);
            Map<String, Long> values = statsOfStage.apply(s);
            if (!values.isEmpty()) {
                stats.put(s + ":" + stage.kind().configName(), values);
            }
        }
        return stats;
    }
}
