package io.edgesim.engine;

import io.edgesim.model.Outcome;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.result.KeyResults;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PerWindow;
import io.edgesim.result.RetryAfterStats;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RunRecorderTest {

    private static final long HOUR_NANOS = 3_600_000_000_000L;
    private static final double HOUR_MS = 3_600_000.0;

    private static final long SECOND_NANOS = 1_000_000_000L;
    private static final long MINUTE_NANOS = 60 * SECOND_NANOS;

    @TempDir
    Path dir;

    /** The window of a request at {@code nanos} under a reference of 60 s windows aligned to time 0. */
    private static long minuteOf(long nanos) {
        return nanos / MINUTE_NANOS;
    }

    // the run's numbering of keys, as an engine keeps it: one per test
    private final KeyIds keys = new KeyIds();

    // the number of key (no plan) in the run's numbering
    private int id(String key) {
        return keys.idOf(key, null);
    }

    /** The first limiter of three-pops.conf after {@code feed} recorded outcomes into a fresh recorder. */
    private LimiterResult firstLimiterAfter(Consumer<RunRecorder> feed) {
        return firstLimiterAfter(Path.of("scenarios/three-pops.conf"), feed);
    }

    /** The first limiter of {@code file} after {@code feed} recorded outcomes into a fresh recorder. */
    private LimiterResult firstLimiterAfter(Path file, Consumer<RunRecorder> feed) {
        return firstLimiterAfter(file, keys, feed);
    }

    /** The same, with the run's keys numbered by {@code keys}. */
    private static LimiterResult firstLimiterAfter(Path file, KeyIds keys, Consumer<RunRecorder> feed) {
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));
        RunRecorder recorder = new RunRecorder(scenario, "virtual", keys);
        feed.accept(recorder);
        int limiters = scenario.limiters().size();
        RunResult result = recorder.finish(
                Collections.nCopies(limiters, Usage.NONE),
                Collections.nCopies(limiters, Map.of()), Collections.nCopies(limiters, List.of()),
                scenario.durationNanos());
        return result.limiters().get(0);
    }

    private LatencyStats latencyOfFirstLimiterInFra(List<Long> latenciesNanos) {
        return firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (long latency : latenciesNanos) {
                recorder.record(0, fra, 0, id("edge_test"), 1, Outcome.ACCEPTED, false, latency, -1, true,
                        minuteOf(0), 0, 0);
            }
        }).regions().get("FRA").latencyMs();
    }

    /** Rejections in FRA, each told {@code retryAfterNanos}, the exact count refusing them too. */
    private void reject(RunRecorder recorder, long... retryAfterNanos) {
        int fra = recorder.popIndex("FRA");
        for (long nanos : retryAfterNanos) {
            recorder.record(0, fra, 0, id("edge_test"), 1, Outcome.REJECTED, false, 0, 0, false, minuteOf(0), nanos, 0);
        }
    }

    @Test
    void percentilesFollowLatenciesOfHundredsOfHours() {
        // 1 h, 2 h, ... 101 h: a Durable Object whose queue holds requests for days
        List<Long> latencies = LongStream.rangeClosed(1, 101).map(h -> h * HOUR_NANOS).boxed()
                .toList();

        LatencyStats stats = latencyOfFirstLimiterInFra(latencies);

        // 101 values: counted exactly, nearest rank (51st, 91st, 100th)
        assertThat(stats.max()).isEqualTo(101 * HOUR_MS);
        assertThat(stats.p50()).isEqualTo(51 * HOUR_MS);
        assertThat(stats.p90()).isEqualTo(91 * HOUR_MS);
        assertThat(stats.p99()).isEqualTo(100 * HOUR_MS);
        assertThat(stats.p50()).isLessThanOrEqualTo(stats.p90()).isLessThanOrEqualTo(stats.p99())
                .isLessThanOrEqualTo(stats.max());
    }

    @Test
    void millisecondLatenciesKeepTheirPrecision() {
        // 2.5 ms nine times, then 250 ms: exact, to the microsecond
        List<Long> latencies = new ArrayList<>(Collections.nCopies(9, 2_500_000L));
        latencies.add(250_000_000L);

        LatencyStats stats = latencyOfFirstLimiterInFra(latencies);

        assertThat(stats.p50()).isEqualTo(2.5);
        assertThat(stats.p90()).isEqualTo(2.5);
        assertThat(stats.p99()).isEqualTo(250.0);
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
        assertThat(retryAfter).isEqualTo(new RetryAfterStats(3_586, 3_598, 3_600, 0, 28));
    }

    @Test
    void retryAfterOfADayIsNotRoundedToAHistogramBucket() {
        long[] told = LongStream.rangeClosed(86_373, 86_400).map(s -> s * SECOND_NANOS).toArray();

        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder, told)).retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(86_386, 86_398, 86_400, 0, 28));
    }

    @Test
    void refusalsThatCanNeverPassAreCountedApartFromTheRetryAfterFigures() {
        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder,
                Long.MAX_VALUE, 5 * SECOND_NANOS, Long.MAX_VALUE, 20 * SECOND_NANOS, Long.MAX_VALUE)).retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(5, 20, 20, 3, 2));
    }

    @Test
    void onlyRefusalsThatCanNeverPassLeaveTheRetryAfterFiguresAtZero() {
        RetryAfterStats retryAfter = firstLimiterAfter(recorder -> reject(recorder, Long.MAX_VALUE, Long.MAX_VALUE))
                .retryAfter();

        assertThat(retryAfter).isEqualTo(new RetryAfterStats(0, 0, 0, 2, 0));
    }

    @Test
    void multiplicationIsUnboundedWhenRequestsGotThroughThatTheExactCountRefusedAll() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 10; i++) {
                recorder.record(0, fra, 0, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, false, minuteOf(0), 0, 0);
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
                recorder.record(0, fra, 0, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, i == 0, minuteOf(0), 0, 0);
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

    /**
     * {@code count} requests of API key {@code key} in {@code pop}, spread over the minute from {@code fromNanos},
     * each ending as {@code outcome} (failed ones failing open when {@code failedOpen}).
     */
    private void send(RunRecorder recorder, String pop, String key, long fromNanos, int count,
                             Outcome outcome, boolean failedOpen) {
        for (int i = 0; i < count; i++) {
            recorder.record(0, recorder.popIndex(pop), fromNanos + i * (MINUTE_NANOS / count), id(key), 1, outcome,
                    failedOpen, 0, outcome == Outcome.ACCEPTED ? -1 : 0, false,
                    minuteOf(fromNanos + i * (MINUTE_NANOS / count)), 0, 0);
        }
    }

    private void accept(RunRecorder recorder, String pop, long fromNanos, int count) {
        send(recorder, pop, "edge_test", fromNanos, count, Outcome.ACCEPTED, false);
    }

    @Test
    void threePopsEachLettingOneHundredThroughInAMinuteTripleTheLimitInThatWindow() {
        // three-pops.conf's cache limiter: 100 per 60 s per API key
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            for (String pop : List.of("FRA", "AMS", "SYD")) {
                accept(recorder, pop, 0, 100);
                send(recorder, pop, "edge_test", 0, 50, Outcome.REJECTED, false);
            }
        });

        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 1, 300, 3.0, 3.0, 0, "epoch"));
    }

    @Test
    void aWindowWithoutTrafficIsNotCounted() {
        // windows 0 and 2 see traffic, window 1 (60 s to 120 s) none
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            for (String pop : List.of("FRA", "AMS", "SYD")) {
                accept(recorder, pop, 0, 100);
            }
            accept(recorder, "FRA", 2 * MINUTE_NANOS, 150);
        });

        PerWindow perWindow = limiter.perWindow().orElseThrow();
        assertThat(perWindow.windows()).isEqualTo(2);
        assertThat(perWindow.maxLetThrough()).isEqualTo(300);
        assertThat(perWindow.maxFactor()).isEqualTo(3.0);
        // (300 + 150) / 2 / 100
        assertThat(perWindow.meanFactor()).isEqualTo(2.25);
    }

    @Test
    void aWindowInWhichEverythingWasRefusedCountsWithNothingLetThrough() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            accept(recorder, "FRA", 0, 100);
            send(recorder, "FRA", "edge_test", MINUTE_NANOS, 40, Outcome.REJECTED, false);
            send(recorder, "FRA", "edge_test", MINUTE_NANOS, 10, Outcome.FAILED, false);
        });

        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 2, 100, 1.0, 0.5, 0, "epoch"));
    }

    @Test
    void requestsThatFailedOpenAreLetThroughAndCountAgainstTheLimit() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            accept(recorder, "FRA", 0, 100);
            send(recorder, "FRA", "edge_test", 0, 20, Outcome.FAILED, true);
        });

        assertThat(limiter.perWindow().orElseThrow().maxLetThrough()).isEqualTo(120);
    }

    @Test
    void eachKeyIsCountedAgainstTheLimitInItsOwnWindow() {
        // two API keys, 100 each in the same minute: each got its own limit, no more
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            send(recorder, "FRA", "key-a", 0, 100, Outcome.ACCEPTED, false);
            send(recorder, "AMS", "key-b", 0, 100, Outcome.ACCEPTED, false);
        });

        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 2, 100, 1.0, 1.0, 0, "epoch"));
    }

    @Test
    void windowsAreAlignedToTimeZeroAndOutcomesMayComeOutOfOrder() {
        // 59.999 s and 60 s fall in different windows; the later window's request is recorded first
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int syd = recorder.popIndex("SYD");
            recorder.record(0, syd, MINUTE_NANOS, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(MINUTE_NANOS), 0, 0);
            recorder.record(0, syd, MINUTE_NANOS - 1, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(MINUTE_NANOS - 1), 0, 0);
            recorder.record(0, syd, MINUTE_NANOS + 1, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(MINUTE_NANOS + 1), 0, 0);
        });

        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 2, 2, 0.02, 0.015, 0, "epoch"));
    }

    @Test
    void anOutcomeMoreThanAWindowLateIsCountedInTheMeanAndReportedLate() {
        // windows 0, 1 and 2 of one key; then an outcome for window 0 comes back after window 2 opened
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            recorder.record(0, fra, 0, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true, minuteOf(0), 0, 0);
            recorder.record(0, fra, MINUTE_NANOS, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(MINUTE_NANOS), 0, 0);
            recorder.record(0, fra, 2 * MINUTE_NANOS, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(2 * MINUTE_NANOS), 0, 0);
            recorder.record(0, fra, 1, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true, minuteOf(1), 0, 0);
        });

        // window 0 was closed when window 2 opened: the late outcome is left out of every figure
        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 3, 1, 0.01, 0.01, 1, "epoch"));
    }

    @Test
    void anOutcomeForAWindowPassedByIsLeftOutSoTheMeanNeverExceedsTheLargest() {
        // windows 1 and 2 of one key open first; window 0's only outcome comes back after them
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int syd = recorder.popIndex("SYD");
            recorder.record(0, syd, MINUTE_NANOS, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(MINUTE_NANOS), 0, 0);
            recorder.record(0, syd, 2 * MINUTE_NANOS, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                    minuteOf(2 * MINUTE_NANOS), 0, 0);
            recorder.record(0, syd, 10, id("edge_test"), 1, Outcome.ACCEPTED, false, 0, -1, true, minuteOf(10), 0, 0);
        });

        PerWindow perWindow = limiter.perWindow().orElseThrow();
        assertThat(perWindow).isEqualTo(new PerWindow("api-key", 60.0, 100, 2, 1, 0.01, 0.01, 1, "epoch"));
        assertThat(perWindow.meanFactor()).isLessThanOrEqualTo(perWindow.maxFactor());
    }

    @Test
    void perKeyFiguresFollowAHandCountedTrace() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            // a: 150 let through in the first minute against a limit of 100 (the exact count took the first 100)
            for (int i = 0; i < 150; i++) {
                recorder.record(0, fra, i * 100_000_000L, id("a"), 1, Outcome.ACCEPTED, false, 0, -1, i < 100,
                        minuteOf(i * 100_000_000L), 0, 0);
            }
            // b: 40 accepted, then 10 refused that the exact count accepted
            for (int i = 0; i < 50; i++) {
                recorder.record(0, fra, i * SECOND_NANOS, id("b"), 1, i < 40 ? Outcome.ACCEPTED : Outcome.REJECTED,
                        false, 0, i < 40 ? -1 : 0, true, minuteOf(i * SECOND_NANOS), SECOND_NANOS, 0);
            }
            // c: one request in the second minute, failed open (let through)
            recorder.record(0, fra, MINUTE_NANOS + 1, id("c"), 1, Outcome.FAILED, true, 0, 0, true,
                    minuteOf(MINUTE_NANOS + 1), 0, 0);
        });

        KeyResults keys = limiter.keys();
        assertThat(keys.key()).isEqualTo("api-key");
        assertThat(keys.windowSeconds()).isEqualTo(60.0);
        assertThat(keys.seen()).isEqualTo(3);
        assertThat(keys.overLimit()).isEqualTo(1);
        assertThat(keys.wronglyThrottled()).isEqualTo(1);
        // ratios 0.01, 0.4, 1.5: nearest rank p50 = the 2nd, p90 and p99 = the 3rd
        assertThat(keys.letThroughRatio()).isEqualTo(new KeyResults.Ratios(0.4, 1.5, 1.5, 1.5));
        assertThat(keys.ratioByPercent()).hasSize(101);
        assertThat(keys.ratioByPercent().get(0)).isEqualTo(0.01);
        assertThat(keys.ratioByPercent().get(33)).isEqualTo(0.01);
        assertThat(keys.ratioByPercent().get(34)).isEqualTo(0.4);
        assertThat(keys.ratioByPercent().get(100)).isEqualTo(1.5);
        assertThat(keys.top()).containsExactly(
                new KeyResults.KeyOutcome("a", null, 150, 150, 100, 1.5, 0),
                new KeyResults.KeyOutcome("b", null, 50, 40, 100, 0.4, 10),
                new KeyResults.KeyOutcome("c", null, 1, 1, 100, 0.01, 0));
    }

    @Test
    void theTopKeysAreTheTenWithTheLargestRatio() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            // key-i gets i requests through
            for (int key = 1; key <= 25; key++) {
                for (int i = 0; i < key; i++) {
                    recorder.record(0, fra, i * SECOND_NANOS, id("key-" + key), 1, Outcome.ACCEPTED, false, 0, -1, true,
                            minuteOf(i * SECOND_NANOS),
                            0, 0);
                }
            }
        });

        assertThat(limiter.keys().seen()).isEqualTo(25);
        assertThat(limiter.keys().top()).extracting(KeyResults.KeyOutcome::key).containsExactly("key-25", "key-24",
                "key-23", "key-22", "key-21", "key-20", "key-19", "key-18", "key-17", "key-16");
        assertThat(limiter.keys().overLimit()).isZero();
    }

    @Test
    void aTokenBucketsKeysAreCountedInWindowsOfBurstOverRateAgainstTwiceTheBurst(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("bucket.conf");
        Files.writeString(file, """
                name = bucket
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 1 } ]
                limiters = [ { name = b, tier = isolate, algorithm = token-bucket, rate = 2, burst = 10 } ]
                """);
        LimiterResult limiter = firstLimiterAfter(file, recorder -> {
            int fra = recorder.popIndex("FRA");
            // 25 through in the first 5 s window: more than a full bucket plus one refill (20)
            for (int i = 0; i < 25; i++) {
                recorder.record(0, fra, i * 100_000_000L, id("k"), 1, Outcome.ACCEPTED, false, 0, -1, true, 0, 0, 0);
            }
        });

        assertThat(limiter.perWindow()).isEmpty();
        assertThat(limiter.keys().windowSeconds()).isEqualTo(5.0);
        assertThat(limiter.keys().top()).containsExactly(new KeyResults.KeyOutcome("k", null, 25, 25, 20, 1.25, 0));
        assertThat(limiter.keys().overLimit()).isEqualTo(1);
    }

    @Test
    void eachKeyIsJudgedAgainstItsPlansLimitAndEachPlanGetsItsOwnFigures(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("plans.conf");
        Files.writeString(file, """
                name = plans
                duration = 120s
                regions = [FRA]
                clients = [ { name = f, key = f, rate = 1, plan = free }, { name = p, key = p, rate = 1, plan = pro }
                            { name = n, key = n, rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 10, window = 60s,
                               plans { free { limit = 5 }, pro { limit = 50 } } } ]
                """);
        LimiterResult limiter = firstLimiterAfter(file, recorder -> {
            // each key gets 20 through in the first minute
            for (String key : List.of("f", "p", "n")) {
                String plan = key.equals("f") ? "free" : key.equals("p") ? "pro" : null;
                for (int i = 0; i < 20; i++) {
                    recorder.record(0, recorder.popIndex("FRA"), i * SECOND_NANOS, this.keys.idOf(key, plan), 1,
                            Outcome.ACCEPTED, false, 0, -1, true, minuteOf(i * SECOND_NANOS), 0, 0);
                }
            }
        });

        KeyResults keys = limiter.keys();
        // free 20 / 5, pro 20 / 50, no plan 20 / 10
        assertThat(keys.top()).containsExactly(
                new KeyResults.KeyOutcome("f", "free", 20, 20, 5, 4.0, 0),
                new KeyResults.KeyOutcome("n", null, 20, 20, 10, 2.0, 0),
                new KeyResults.KeyOutcome("p", "pro", 20, 20, 50, 0.4, 0));
        assertThat(keys.overLimit()).isEqualTo(2);
        assertThat(keys.plans()).containsExactly(
                new KeyResults.PlanKeys("free", 5, 1, 1, 1, 0, new KeyResults.Ratios(4.0, 4.0, 4.0, 4.0)),
                new KeyResults.PlanKeys("pro", 50, 1, 1, 0, 0, new KeyResults.Ratios(0.4, 0.4, 0.4, 0.4)));
        // the limiter's own limit would misjudge the keys of plans: no per-window figure against it
        assertThat(limiter.perWindow()).isEmpty();
    }

    @Test
    void keysGivenByNumberAreCountedLikeKeysGivenByName() {
        KeyIds keys = new KeyIds();
        for (int i = 0; i < 3; i++) {
            keys.idOf("key-" + i, null);
        }
        LimiterResult byNumber = firstLimiterAfter(Path.of("scenarios/three-pops.conf"), keys, recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 30; i++) {
                recorder.record(0, fra, i * SECOND_NANOS, i % 3, 1, Outcome.ACCEPTED, false, 0, -1, true,
                        minuteOf(i * SECOND_NANOS), 0, 0);
            }
        });
        LimiterResult byName = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 30; i++) {
                recorder.record(0, fra, i * SECOND_NANOS, id("key-" + i % 3), 1, Outcome.ACCEPTED, false, 0, -1, true,
                        minuteOf(i * SECOND_NANOS), 0, 0);
            }
        });

        assertThat(byNumber.perWindow()).hasValue(new PerWindow("api-key", 60.0, 100, 3, 10, 0.1, 0.1, 0, "epoch"));
        assertThat(byName.perWindow()).isEqualTo(byNumber.perWindow());
        assertThat(byName.keys()).isEqualTo(byNumber.keys());
    }

    @Test
    void aRequestCountsItsCostInTokensAgainstTheLimit() {
        LimiterResult limiter = firstLimiterAfter(recorder -> {
            int fra = recorder.popIndex("FRA");
            for (int i = 0; i < 10; i++) {
                recorder.record(0, fra, i * SECOND_NANOS, id("edge_test"), 5, Outcome.ACCEPTED, false, 0, -1, true,
                        minuteOf(i * SECOND_NANOS), 0, 0);
            }
        });

        assertThat(limiter.perWindow().orElseThrow().maxLetThrough()).isEqualTo(50);
        assertThat(limiter.perWindow().orElseThrow().maxFactor()).isEqualTo(0.5);
    }

    @Test
    void windowsFarApartInALongRunHoldOnlyWhatSawTraffic() throws IOException {
        // ten years of 1 s windows: 315 million of them, two with traffic
        Path file = dir.resolve("decade.conf");
        Files.writeString(file, """
                name = decade
                duration = 3650d
                regions = [FRA]
                clients = [ { name = a, key = "k", rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 4, window = 1s } ]
                """);
        long lastSecond = (3650L * 86_400 - 1) * SECOND_NANOS;

        LimiterResult limiter = firstLimiterAfter(file, recorder -> {
            int fra = recorder.popIndex("FRA");
            recorder.record(0, fra, 0, id("k"), 1, Outcome.ACCEPTED, false, 0, -1, true, 0, 0, 0);
            for (int i = 0; i < 3; i++) {
                recorder.record(0, fra, lastSecond + i, id("k"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                        (lastSecond + i) / SECOND_NANOS, 0, 0);
            }
        });

        assertThat(limiter.perWindow()).hasValue(new PerWindow("api-key", 1.0, 4, 2, 3, 0.75, 0.5, 0, "epoch"));
    }

    @Test
    void aTokenBucketHasNoWindowSoNothingIsCountedPerWindow() throws IOException {
        Path file = dir.resolve("bucket.conf");
        Files.writeString(file, """
                name = bucket
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = "k", rate = 1 } ]
                limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 1, burst = 10 } ]
                """);

        LimiterResult limiter = firstLimiterAfter(file, recorder ->
                recorder.record(0, recorder.popIndex("FRA"), 0, id("k"), 1, Outcome.ACCEPTED, false, 0, -1, true,
                        minuteOf(0), 0, 0));

        assertThat(limiter.perWindow()).isEmpty();
    }

    @Test
    void figuresRoundHalfUpWithoutStoppingAtALongsLargest() {
        assertThat(RunRecorder.round(2.25, 1)).isEqualTo(2.3);
        assertThat(RunRecorder.round(0.123449, 4)).isEqualTo(0.1234);
        // a month's bill at the largest prices allowed (Math.round stopped at 922,337,203,685,477.5807)
        assertThat(RunRecorder.round(3.5e17, 4)).isEqualTo(3.5e17);
    }

    @Test
    void aChainNamesEveryStagesAlgorithmAndOneThatCountsAlikeOnce() throws IOException {
        Path file = dir.resolve("chain.conf");
        Files.writeString(file, """
                name = chain
                duration = 60s
                regions = [FRA, SYD]
                clients = [ { name = c, key = k, rate = 1 } ]
                limiters = [
                  { name = shield, chain = [
                    { tier = cache, limit = 600, window = 60s, key = api-key }
                    { tier = origin, limit = 100, window = 60s, key = api-key, region = FRA } ] }
                  { name = alike, chain = [
                    { tier = cache, limit = 100, window = 60s, key = api-key }
                    { tier = durable-object, limit = 100, window = 60s, key = api-key } ] }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));

        // the header "shield (cache > origin, fixed-window 100 per 60s)" hid the cache's 600
        assertThat(RunRecorder.algorithmOf(scenario.limiters().get(0)))
                .isEqualTo("fixed-window 600 per 60s > fixed-window 100 per 60s");
        assertThat(RunRecorder.algorithmOf(scenario.limiters().get(1))).isEqualTo("fixed-window 100 per 60s");
    }
}
