package io.edgesim.report;

import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Outcome;
import io.edgesim.model.cost.Usage;
import io.edgesim.model.key.KeyIds;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Test fixture: results of a one-limiter scenario in FRA whose outcomes a test records by hand. */
final class RecordedRuns {

    static final long SECOND_NANOS = 1_000_000_000L;
    /** The number of the run's one key, "k", in the numbering of the recorder {@link #run} hands out. */
    static final int K = 0;

    private RecordedRuns() {
    }

    /** The run after {@code feed} recorded outcomes for limiter 0 ("l", a cache limit of 3 per 10 s). */
    static RunResult run(Path dir, Consumer<RunRecorder> feed) {
        KeyIds keys = new KeyIds();
        keys.idOf("k", null);
        return run(dir, keys, feed);
    }

    /** The same, the recorder numbering keys with {@code keys}, as the test numbers those it records. */
    static RunResult run(Path dir, KeyIds keys, Consumer<RunRecorder> feed) {
        Path file = dir.resolve("one.conf");
        try {
            Files.writeString(file, """
                    name = one
                    duration = 10s
                    regions = [FRA]
                    clients = [ { name = a, key = "k", rate = 1 } ]
                    limiters = [ { name = l, tier = cache, limit = 3, window = 10s } ]
                    """);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Scenario scenario = ScenarioLoader.load(file, Path.of("regions.conf"));
        RunRecorder recorder = new RunRecorder(scenario, "virtual", keys);
        feed.accept(recorder);
        return recorder.finish(Collections.nCopies(1, Usage.NONE),
                Collections.nCopies(1, Map.of()), Collections.nCopies(1, List.of()),
                scenario.durationNanos());
    }

    /** {@code count} requests in FRA that the limiter accepted, the exact count accepting them or not. */
    static void accept(RunRecorder recorder, int count, boolean exactAllowed) {
        for (int i = 0; i < count; i++) {
            // the reference's 10 s windows
            recorder.record(0, recorder.popIndex("FRA"), i * SECOND_NANOS, K, 1, Outcome.ACCEPTED, false, 0, -1,
                    exactAllowed, i / 10, 0, 0);
        }
    }

    /** Rejections in FRA, the exact count refusing them too, each told {@code retryAfterNanos}. */
    static void reject(RunRecorder recorder, long... retryAfterNanos) {
        for (long nanos : retryAfterNanos) {
            recorder.record(0, recorder.popIndex("FRA"), 0, K, 1, Outcome.REJECTED, false, 0, 0, false, 0, nanos, 0);
        }
    }
}
