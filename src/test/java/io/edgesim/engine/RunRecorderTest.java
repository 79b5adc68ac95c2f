package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.result.CostResult;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunRecorderTest {

    private static final long HOUR_NANOS = 3_600_000_000_000L;
    private static final double HOUR_MS = 3_600_000.0;

    private static LatencyStats latencyOfFirstLimiterInFra(List<Long> latenciesNanos) {
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), Path.of("regions.conf"));
        RunRecorder recorder = new RunRecorder(scenario, "virtual");
        int fra = recorder.popIndex("FRA");
        for (long latency : latenciesNanos) {
            recorder.record(0, fra, 0, Outcome.ACCEPTED, false, latency, -1, true, 0);
        }
        int limiters = scenario.limiters().size();
        RunResult result = recorder.finish(
                Collections.nCopies(limiters, new CostResult(0, Map.of(), Map.of())),
                Collections.nCopies(limiters, Map.of()));
        return result.limiters().get(0).regions().get("FRA").latencyMs();
    }

    @Test
    void percentilesFollowLatenciesOfHundredsOfHours() {
        // 1 h, 2 h, ... 101 h: a Durable Object whose queue holds requests for days
        List<Long> latencies = LongStream.rangeClosed(1, 101).map(h -> h * HOUR_NANOS).boxed()
                .toList();

        LatencyStats stats = latencyOfFirstLimiterInFra(latencies);

        assertThat(stats.max()).isEqualTo(101 * HOUR_MS);
        assertThat(stats.p50()).isCloseTo(51 * HOUR_MS, within(51 * HOUR_MS * 0.001));
        assertThat(stats.p90()).isCloseTo(91 * HOUR_MS, within(91 * HOUR_MS * 0.001));
        assertThat(stats.p99()).isCloseTo(100 * HOUR_MS, within(100 * HOUR_MS * 0.001));
        assertThat(stats.p50()).isLessThanOrEqualTo(stats.p90()).isLessThanOrEqualTo(stats.p99())
                .isLessThanOrEqualTo(stats.max());
    }

    @Test
    void millisecondLatenciesKeepTheirPrecision() {
        // 2.5 ms nine times, then 250 ms: the small values stay within HdrHistogram's 3 significant digits
        List<Long> latencies = new ArrayList<>(Collections.nCopies(9, 2_500_000L));
        latencies.add(250_000_000L);

        LatencyStats stats = latencyOfFirstLimiterInFra(latencies);

        assertThat(stats.p50()).isCloseTo(2.5, within(0.0025));
        assertThat(stats.p99()).isCloseTo(250.0, within(0.25));
        assertThat(stats.max()).isEqualTo(250.0);
    }

    @Test
    void theLargestLatencyTheEngineCanMeasureIsRecorded() {
        LatencyStats stats = latencyOfFirstLimiterInFra(List.of(Long.MAX_VALUE, Long.MAX_VALUE));

        assertThat(stats.p50()).isLessThanOrEqualTo(stats.max())
                .isCloseTo(Long.MAX_VALUE / 1e6, within(Long.MAX_VALUE / 1e6 * 0.001));
    }
}
