package io.edgesim.engine.cluster.actors;

import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.remote.HotObjects;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The parts of a run's stage totals that node processes send add up: usage and counts sum, maxima take the larger. */
class StageTotalsTest {

    private static Map<String, Long> ordered(Object... namesAndValues) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], ((Number) namesAndValues[i + 1]).longValue());
        }
        return map;
    }

    @Test
    void usageAndCountsAddUpAndMaximaTakeTheLarger() {
        StageTotals fra = new StageTotals(
                List.of(List.of(Usage.NONE, new Usage(300, 100, 0, 3_000_000L, 0, 0))),
                List.of(List.of(ordered("isolate_evictions", 2, "max_admissions_between_syncs", 7), ordered(
                        "objects", 1))), List.of(List.of(HotObjects.NONE, HotObjects.NONE)));
        StageTotals syd = new StageTotals(
                List.of(List.of(Usage.NONE, new Usage(585, 0, 0, 5_850_000L, 0, 0))),
                List.of(List.of(ordered("isolate_evictions", 3, "max_admissions_between_syncs", 5,
                        "worker_invocations_saved", 9), Map.of())), List.of(List.of(HotObjects.NONE, HotObjects.NONE)));

        StageTotals both = fra.plus(syd);

        assertThat(both.limiterUsage(0)).isEqualTo(new Usage(885, 100, 0, 8_850_000L, 0, 0));
        assertThat(both.stats(0, 0)).containsExactly(Map.entry("isolate_evictions", 5L),
                Map.entry("max_admissions_between_syncs", 7L), Map.entry("worker_invocations_saved", 9L));
        assertThat(both.stats(0, 1)).containsExactly(Map.entry("objects", 1L));
        assertThat(syd.plus(fra).limiterUsage(0)).isEqualTo(both.limiterUsage(0));
    }
}
