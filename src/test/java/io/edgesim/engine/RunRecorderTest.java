package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.result.CostResult;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RetryAfterStats;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunRecorderTest {

    private static final long HOUR_NANOS = 3_600_000_000_000L;
    private static final double HOUR_MS = 3_600_000.0;

    private static final long SECOND_NANOS = 1_000_000_000L;

    /** The first limiter of three-pops.conf after {@code feed} recorded outcomes into a fresh recorder. */
    private static LimiterResult firstLimiterAfter(Consumer<RunRecorder> feed) {
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), Path.of("regions.conf"));
        RunRecorder recorder = new RunRecorder(scenario, "virtual");
        feed.accept(recorder);
        int limiters = scenario.limiters().size();
        RunResult result = recorder.finish(
                Collections.nCopies(limiters, new CostResult(0, Map.of(), Map.of())),
                Collections.nCopies(limiters, Map.of()));
        return result.limiters().get(0);
    }

    private static LatencyStats latencyOfFirstLimiterInFra(List<Long> latenciesNanos) {
        return firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (long latency : latenciesNanos) {
                recorder.record(0, fra, 0, Outcome.ACCEPTED, false, latency, -1, true, 0);
            }
        }).regions().get("FRA").latencyMs();
    }

    /** Rejections in FRA, each told {@code retryAfterNanos}, the exact count refusing them too. */
    private static void reject(RunRecorder recorder, long... retryAfterNanos) {
        int fra = recorder.popIndex("FRA");
        for (long nanos : retryAfterNanos) {
            recorder.record(0, fra, 0, Outcome.REJECTED, false, 0, 0, false, nanos);
        }
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
    void retryAfterFiguresAreTheWholeSecondsTheHeadersCarried() {
        // a WAF rule with a 1 h timeout refusing once a second: 3573 s to exactly 3600 s; a nanosecond over a whole
        // second is told the next one
        long[] told = LongStream.rangeClosed(3_573, 3_600).map(s -> s * SECOND_NANOS).toArray();
        told[0] = 3_572 * SECOND_NANOS + 1;

        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder, told)).retryAfter();

        // nearest rank over 28 values: the 14th and the 26th
        assertThat(retryAfter).isEqualTo(new RetryAfterStats(3_586, 3_598, 3_600, 0));
    }

    @Test
    void retryAfterOfADayIsNotRoundedToAHistogramBucket() {
        long[] told = LongStream.rangeClosed(86_373, 86_400).map(s -> s * SECOND_NANOS).toArray();

        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder, told)).retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(86_386, 86_398, 86_400, 0));
    }

    @Test
    void refusalsThatCanNeverPassAreCountedApartFromTheRetryAfterFigures() {
        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder,
                Long.MAX_VALUE, 5 * SECOND_NANOS, Long.MAX_VALUE, 20 * SECOND_NANOS, Long.MAX_VALUE)).retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(5, 20, 20, 3));
    }

    @Test
    void onlyRefusalsThatCanNeverPassLeaveTheRetryAfterFiguresAtZero() {
        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder, Long.MAX_VALUE, Long.MAX_VALUE))
                .retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(0, 0, 0, 2));
    }

    @Test
    void multiplicationIsUnboundedWhenRequestsGotThroughThatTheExactCountRefusedAll() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 10; i++) {
                recorder.record(0, fra, 0, Outcome.ACCEPTED, false, 0, -1, false, 0);
            }
        });

        assertThat(limiter.multiplication()).isEmpty();
        assertThat(limiter.multiplicationUnbounded()).isTrue();
        assertThat(limiter.exact().wronglyAccepted()).isEqualTo(10);
    }

    @Test
    void multiplicationIsNotApplicableWhenNeitherLetAnythingThrough() {
        LimiterResult limiter = firstLimiterAfter(recorder -> reject(recorder, Long.MAX_VALUE, Long.MAX_VALUE));

        assertThat(limiter.multiplication()).isEmpty();
        assertThat(limiter.multiplicationUnbounded()).isFalse();
    }

    @Test
    void multiplicationIsLetThroughOverExactAccepted() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 3; i++) {
                recorder.record(0, fra, 0, Outcome.ACCEPTED, false, 0, -1, i == 0, 0);
            }
        });

        assertThat(limiter.multiplication()).hasValue(3.0);
        assertThat(limiter.multiplicationUnbounded()).isFalse();
    }

    @Test
    void theLargestLatencyTheEngineCanMeasureIsRecorded() {
        LatencyStats stats = latencyOfFirstLimiterInFra(List.of(Long.MAX_VALUE, Long.MAX_VALUE));

        assertThat(stats.p50()).isLessThanOrEqualTo(stats.max())
                .isCloseTo(Long.MAX_VALUE / 1e6, within(Long.MAX_VALUE / 1e6 * 0.001));
    }
}
