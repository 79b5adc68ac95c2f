package io.edgesim.model.algorithm;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code count = all} against plain models that keep every request they decided: each windowed algorithm decides
 * every request of random traces as its model does.
 */
class CountAllTest {

    private static final long SECOND = 1_000_000_000L;

    /** A plain model: decides a request of {@code cost} at {@code now}, counting it whatever the answer. */
    private interface Model {
        boolean allow(long now, long cost);
    }

    /** Epoch fixed window: a map from window number to everything sent in it. */
    private static Model fixedWindow(long limit, long windowNanos) {
        Map<Long, Long> sent = new HashMap<>();
        return (now, cost) -> {
            long before = sent.getOrDefault(now / windowNanos, 0L);
            sent.put(now / windowNanos, before + cost);
            // envoy: add the hits, then compare the new count with the limit
            return before + cost <= limit;
        };
    }

    /**
     * Cloudflare's estimate over everything sent: previous x (W - elapsed) / W + current, compared in whole numbers
     * (times W) so that nothing is rounded.
     */
    private static Model slidingWindow(long limit, long windowNanos) {
        Map<Long, Long> sent = new HashMap<>();
        return (now, cost) -> {
            long window = now / windowNanos;
            long elapsed = now - window * windowNanos;
            long previous = sent.getOrDefault(window - 1, 0L);
            long current = sent.getOrDefault(window, 0L);
            sent.put(window, current + cost);
            return previous * (windowNanos - elapsed) + (current + cost) * windowNanos <= limit * windowNanos;
        };
    }

    /** Every request sent in the last W, with its cost. */
    private static Model slidingLog(long limit, long windowNanos) {
        List<long[]> sent = new ArrayList<>();
        return (now, cost) -> {
            long inWindow = sent.stream().filter(r -> now - r[0] < windowNanos).mapToLong(r -> r[1]).sum();
            sent.add(new long[] {now, cost});
            return inWindow + cost <= limit;
        };
    }

    private static void decidesAsItsModel(AlgorithmKind kind, java.util.function.BiFunction<Long, Long, Model> model) {
        SplittableRandom random = new SplittableRandom(kind.ordinal());
        int refused = 0;
        for (int trace = 0; trace < 100; trace++) {
            long limit = 1 + random.nextInt(12);
            long windowNanos = (1 + random.nextInt(20)) * SECOND / 10;
            RateCounter counter = AlgorithmSpec.windowed(kind, limit, windowNanos).withCount(Counting.ALL)
                    .newCounter();
            Model plain = model.apply(limit, windowNanos);
            // keys around the limit: some traces below it, some above, with pauses that let the count drain
            long meanGap = windowNanos / limit * (1 + random.nextInt(4)) / 2;
            long t = 0;
            for (int i = 0; i < 400; i++) {
                t += random.nextInt(20) == 0 ? random.nextLong(2 * windowNanos) : random.nextLong(2 * meanGap + 1);
                long cost = random.nextInt(5) == 0 ? 2 : 1;
                boolean allowed = plain.allow(t, cost);
                assertThat(counter.tryAcquire(t, cost).allowed()).as("trace %d request %d at %d", trace, i, t)
                        .isEqualTo(allowed);
                refused += allowed ? 0 : 1;
            }
        }
        assertThat(refused).as("the traces reach the limit").isGreaterThan(1_000);
    }

    @Test
    void fixedWindowCountsEveryRequestAsEnvoysRatelimitDoes() {
        decidesAsItsModel(AlgorithmKind.FIXED_WINDOW, CountAllTest::fixedWindow);
    }

    @Test
    void slidingWindowEstimatesFromEveryRequest() {
        decidesAsItsModel(AlgorithmKind.SLIDING_WINDOW, CountAllTest::slidingWindow);
    }

    @Test
    void slidingLogLogsEveryRequest() {
        decidesAsItsModel(AlgorithmKind.SLIDING_LOG, CountAllTest::slidingLog);
    }

    @Test
    void aFloodingClientStaysRefusedWhileCountingAllAndGetsTheLimitThroughWhileCountingAdmitted() {
        // 20 requests a second against 10 per second, for 10 s
        for (AlgorithmKind kind : new AlgorithmKind[] {AlgorithmKind.SLIDING_WINDOW, AlgorithmKind.SLIDING_LOG}) {
            AlgorithmSpec admitted = AlgorithmSpec.windowed(kind, 10, SECOND);
            RateCounter counting = admitted.newCounter();
            RateCounter countingAll = admitted.withCount(Counting.ALL).newCounter();
            int passed = 0;
            int passedAll = 0;
            for (long t = 0; t < 10 * SECOND; t += SECOND / 20) {
                passed += counting.tryAcquire(t, 1).allowed() ? 1 : 0;
                passedAll += countingAll.tryAcquire(t, 1).allowed() ? 1 : 0;
            }
            assertThat(passed).as(kind.configName()).isBetween(90, 110);
            // the first window's 10, then the log (or estimate) never falls below the limit again
            assertThat(passedAll).as(kind.configName()).isEqualTo(10);
        }
    }
}
