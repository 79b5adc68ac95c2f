package io.edgesim.engine.virtual;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole runs where a tier that forgets state on its own (the cache's max-age, the KV expiration) must keep a counter
 * as long as it still decides: one PoP, one key, so that the tier's count equals the exact one unless it forgets.
 */
class StateLifetimeRunTest {

    private static final Path REGIONS = Path.of("regions.conf");

    private static RunResult run(Path dir, String scenario) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, scenario);
        Scenario loaded = ScenarioLoader.load(file, REGIONS);
        return new VirtualEngine(loaded).run();
    }

    /** Rows at {@code startMs}, {@code startMs + gapMs}, ... for key k at FRA, as CSV lines. */
    private static String rows(long startMs, long gapMs, int count) {
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < count; i++) {
            csv.append(startMs + i * gapMs).append(",FRA,k\n");
        }
        return csv.toString();
    }

    @Test
    void kvKeepsAnHourWindowsCountForTheWholeHourByDefault(@TempDir Path dir) throws IOException {
        // one request a second for 10 minutes against 10 per hour; an expiration of 60 s forgot the count 60 s after
        // the tenth write (refused requests write nothing) and let 10 more through every 2 minutes: 50
        RunResult result = run(dir, """
                name = kv-hour
                duration = 600s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 1 } ]
                limiters = [
                  { name = auto, tier = kv, limit = 10, window = 1h }
                  { name = sixty-seconds, tier = kv, limit = 10, window = 1h, expiration-ttl = 60s }
                ]
                """);

        LimiterResult auto = limiter(result, "auto");
        assertThat(auto.totals().accepted()).isEqualTo(10);
        assertThat(auto.exact().accepted()).isEqualTo(10);
        assertThat(auto.multiplication()).hasValue(1.0);
        // an explicit expiration models code that sets it, bug included
        assertThat(limiter(result, "sixty-seconds").totals().accepted()).isEqualTo(50);
        assertThat(result.assumptions())
                .containsEntry("tiers.kv.expiration-ttl",
                        "1h (default auto = max(60s, how long the counter's state matters))")
                .hasEntrySatisfying("limiters[1].expiration-ttl", note -> assertThat(note)
                        .startsWith("60s: shorter than the 1h the fixed-window counter's state matters"));
    }

    @Test
    void kvKeepsASlidingWindowsPreviousCountByDefault(@TempDir Path dir) throws IOException {
        // 10 per 60 s: 10 requests at 0-9 s, 10 at 70-79 s; at 70 s window 0's 10 still weigh ceil(10 x 50/60) = 9,
        // so one passes, and two more as the weight falls to 8 (72 s) and 7 (78 s): 13. Forgotten at 69 s (60 s
        // after the last write), all 20 passed.
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n" + rows(0, 1_000, 10) + rows(70_000, 1_000, 10));
        RunResult result = run(dir, """
                name = kv-sliding
                duration = 90s
                regions = [FRA]
                clients = [ { name = r, trace = "t.csv" } ]
                limiters = [ { name = kv, tier = kv, algorithm = sliding-window, limit = 10, window = 60s } ]
                """);

        LimiterResult kv = limiter(result, "kv");
        assertThat(kv.totals().accepted()).isEqualTo(13);
        assertThat(kv.exact().accepted()).isEqualTo(13);
        assertThat(result.assumptions()).containsEntry("tiers.kv.expiration-ttl",
                "120s (default auto = max(60s, how long the counter's state matters))");
    }

    @Test
    void cacheKeepsASlidingWindowsPreviousCount(@TempDir Path dir) throws IOException {
        // 10 per 10 s: 10 requests at 0-0.9 s, 10 at 11.0-11.9 s; window 0's 10 still weigh 9 there, so one more
        // passes: 11. An entry that lived one window (gone at 10.905 s) let all 20 through.
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n" + rows(0, 100, 10) + rows(11_000, 100, 10));
        RunResult result = run(dir, """
                name = cache-sliding
                duration = 20s
                regions = [FRA]
                clients = [ { name = r, trace = "t.csv" } ]
                limiters = [ { name = cache, tier = cache, algorithm = sliding-window, limit = 10, window = 10s } ]
                """);

        LimiterResult cache = limiter(result, "cache");
        assertThat(cache.totals().accepted()).isEqualTo(11);
        assertThat(cache.exact().accepted()).isEqualTo(11);
        assertThat(cache.multiplication()).hasValue(1.0);
    }
}
