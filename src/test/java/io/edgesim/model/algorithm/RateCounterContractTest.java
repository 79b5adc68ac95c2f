package io.edgesim.model.algorithm;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The promises of {@link RateCounter}, checked for every algorithm with comparable parameters: 10 per second (limit
 * 10 per 1 s, or rate 10/s with burst 10), and an uneven pair (7 per 900 ms, or rate 3.3/s with burst 4) whose
 * emission interval is not a whole number of nanoseconds; the windowed ones also counting every request
 * ({@code count = all}), and fixed-window also with windows anchored at the key's first request.
 */
class RateCounterContractTest {

    private static final long SECOND = 1_000_000_000L;

    static Stream<AlgorithmSpec> specs() {
        List<AlgorithmSpec> specs = new ArrayList<>();
        for (AlgorithmKind kind : AlgorithmKind.values()) {
            if (kind.windowed()) {
                for (Counting count : Counting.values()) {
                    specs.add(AlgorithmSpec.windowed(kind, 10, SECOND).withCount(count));
                    specs.add(AlgorithmSpec.windowed(kind, 7, 900_000_000L).withCount(count));
                    if (kind == AlgorithmKind.FIXED_WINDOW) {
                        specs.add(AlgorithmSpec.windowed(kind, 10, SECOND).withCount(count)
                                .withAnchor(WindowAnchor.FIRST_REQUEST));
                        specs.add(AlgorithmSpec.windowed(kind, 7, 900_000_000L).withCount(count)
                                .withAnchor(WindowAnchor.FIRST_REQUEST));
                    }
                }
            } else {
                specs.add(AlgorithmSpec.rated(kind, 10, 10));
                specs.add(AlgorithmSpec.rated(kind, 3.3, 4));
            }
        }
        return specs.stream();
    }

    static Stream<AlgorithmSpec> countingAdmitted() {
        return specs().filter(spec -> !spec.countsRefused());
    }

    static Stream<AlgorithmSpec> countingAll() {
        return specs().filter(AlgorithmSpec::countsRefused);
    }

    /** A request the stream sent and what the counter answered. */
    private record Sent(long timeNanos, long cost, Decision decision) {
    }

    /** Requests at random gaps averaging a quarter of the fair spacing, so demand is about four times the limit. */
    private static List<Sent> saturate(RateCounter counter, AlgorithmSpec spec, long durationNanos, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long fairGapNanos = spec.windowNanos() / spec.limit();
        List<Sent> sent = new ArrayList<>();
        for (long t = 0; t < durationNanos; t += random.nextLong(fairGapNanos / 2 + 1)) {
            long cost = 1 + random.nextInt(Math.min(3, (int) spec.limit()));
            sent.add(new Sent(t, cost, counter.tryAcquire(t, cost)));
        }
        return sent;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void saturatingStreamNeverGetsMoreThanTheLimitAllows(AlgorithmSpec spec) {
        long durationNanos = 8 * spec.windowNanos();
        List<Sent> accepted = saturate(spec.newCounter(), spec, durationNanos, 42).stream()
                .filter(s -> s.decision().allowed()).toList();

        long tokens = accepted.stream().mapToLong(Sent::cost).sum();
        if (!spec.countsRefused()) {
            // counting every request, a stream four times over the limit is mostly refused (countingAllLetsThrough..)
            assertThat(tokens).as("the stream saturates the counter").isGreaterThan(8 * spec.limit() * 7 / 10);
        }
        switch (spec.kind()) {
            case SLIDING_LOG ->
                    assertThat(maxTokensInAnyWindow(accepted, spec.windowNanos())).isLessThanOrEqualTo(spec.limit());
            case FIXED_WINDOW, SLIDING_WINDOW -> {
                if (spec.anchor() == WindowAnchor.EPOCH) {
                    assertThat(maxTokensInAnAlignedWindow(accepted, spec.windowNanos()))
                            .isLessThanOrEqualTo(spec.limit());
                }
                assertThat(maxTokensInAnyWindow(accepted, spec.windowNanos())).isLessThanOrEqualTo(2 * spec.limit());
            }
            case TOKEN_BUCKET, GCRA -> assertWithinBurstPlusRate(accepted, spec);
        }
    }

    private static long maxTokensInAnyWindow(List<Sent> accepted, long windowNanos) {
        long max = 0;
        for (int i = 0; i < accepted.size(); i++) {
            long tokens = 0;
            long startNanos = accepted.get(i).timeNanos();
            for (int j = i; j < accepted.size() && accepted.get(j).timeNanos() - startNanos < windowNanos; j++) {
                tokens += accepted.get(j).cost();
            }
            max = Math.max(max, tokens);
        }
        return max;
    }

    private static long maxTokensInAnAlignedWindow(List<Sent> accepted, long windowNanos) {
        return accepted.stream()
                .collect(Collectors.groupingBy(s -> s.timeNanos() / windowNanos,
                        Collectors.summingLong(Sent::cost)))
                .values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** Between any two accepted requests (inclusive) at most burst + rate * elapsed tokens were taken. */
    private static void assertWithinBurstPlusRate(List<Sent> accepted, AlgorithmSpec spec) {
        for (int i = 0; i < accepted.size(); i++) {
            long tokens = 0;
            for (int j = i; j < accepted.size(); j++) {
                tokens += accepted.get(j).cost();
                double elapsedSeconds = (accepted.get(j).timeNanos() - accepted.get(i).timeNanos()) / (double) SECOND;
                double allowed = spec.burst() + spec.ratePerSecond() * elapsedSeconds;
                assertThat((double) tokens).isLessThanOrEqualTo(allowed + 1e-9);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countingAdmitted")
    void refusedRequestConsumesNothing(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        long t = 0;
        while (counter.tryAcquire(t, 1).allowed()) {
            t += 1_000;
        }
        RateCounter untouched = counter.copy();

        Decision refused = counter.tryAcquire(t, 1);
        Decision retried = counter.tryAcquire(t, 1);

        assertThat(refused.allowed()).isFalse();
        assertThat(retried).isEqualTo(refused);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200; i++) {
            t += random.nextLong(spec.windowNanos() / 4);
            long cost = 1 + random.nextInt(2);
            assertThat(counter.tryAcquire(t, cost)).isEqualTo(untouched.tryAcquire(t, cost));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countingAll")
    void countingAllLetsThroughOnlyWhatCountingAdmittedDoesAndLessWhenSaturated(AlgorithmSpec spec) {
        // counting all counts a superset of what counting admitted counts, in the same windows (every cost is
        // within the limit, so both open a window at the same requests)
        AlgorithmSpec admitted = spec.withCount(Counting.ADMITTED);
        List<Sent> all = saturate(spec.newCounter(), spec, 8 * spec.windowNanos(), 42);
        List<Sent> some = saturate(admitted.newCounter(), admitted, 8 * spec.windowNanos(), 42);

        assertThat(all).hasSameSizeAs(some);
        long fewer = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).decision().allowed()) {
                assertThat(some.get(i).decision().allowed()).as("request %d", i).isTrue();
            } else if (some.get(i).decision().allowed()) {
                fewer++;
            }
        }
        assertThat(fewer).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countingAll")
    void countingAllARefusedRequestCountsLikeAnAcceptedOne(AlgorithmSpec spec) {
        // fill to one short of the limit, then a refused request of cost 2 counts 2: the count is now over the limit
        RateCounter counter = spec.newCounter();
        counter.tryAcquire(0, spec.limit() - 1);
        Decision refused = counter.tryAcquire(1, 2);

        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        Decision look = counter.tryAcquire(2, 0);
        assertThat(look.remaining()).isZero();
        // a request of cost 1 would have passed before the refused one
        assertThat(counter.tryAcquire(3, 1).allowed()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countingAll")
    void countingAllCostAboveTheLimitIsRefusedForever(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        for (long t : new long[] {0, spec.windowNanos(), 1_000 * spec.windowNanos()}) {
            Decision decision = counter.tryAcquire(t, spec.limit() + 1);
            assertThat(decision.allowed()).isFalse();
            assertThat(decision.retryAfterNanos()).isEqualTo(Long.MAX_VALUE);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countingAdmitted")
    void costAboveTheLimitIsRefusedForeverAndConsumesNothing(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        long tooMuch = spec.limit() + 1;

        for (long t : new long[] {0, spec.windowNanos(), 1_000 * spec.windowNanos()}) {
            Decision decision = counter.tryAcquire(t, tooMuch);
            assertThat(decision.allowed()).isFalse();
            assertThat(decision.retryAfterNanos()).isEqualTo(Long.MAX_VALUE);
            assertThat(decision.remaining()).isEqualTo(spec.limit());
        }
        assertThat(counter.tryAcquire(1_000 * spec.windowNanos(), spec.limit()).allowed()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void retryAfterIsExact(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        SplittableRandom random = new SplittableRandom(11);
        long fairGapNanos = spec.windowNanos() / spec.limit();
        int refusals = 0;
        for (long t = 0; t < 20 * spec.windowNanos(); t += random.nextLong(fairGapNanos)) {
            long cost = 1 + random.nextInt(Math.min(3, (int) spec.limit()));
            RateCounter before = counter.copy();
            Decision decision = counter.tryAcquire(t, cost);
            if (decision.allowed()) {
                assertThat(decision.retryAfterNanos()).isZero();
                continue;
            }
            refusals++;
            long retryAfter = decision.retryAfterNanos();
            assertThat(retryAfter).isPositive();
            // sent alone after this one: from the state it left (the same as before it, unless counting all)
            RateCounter after = counter.copy();
            if (!spec.countsRefused()) {
                assertThat(before.copy().tryAcquire(t + retryAfter, cost)).isEqualTo(after.copy().tryAcquire(
                        t + retryAfter, cost));
            }
            assertThat(after.copy().tryAcquire(t + retryAfter - 1, cost).allowed()).as("early, at %d", t).isFalse();
            assertThat(after.copy().tryAcquire(t + retryAfter, cost).allowed()).as("on time, at %d", t).isTrue();
        }
        assertThat(refusals).isGreaterThan(20);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void remainingIsExactlyWhatStillPassesNow(AlgorithmSpec spec) {
        for (Sent sent : saturate(spec.newCounter(), spec, 3 * spec.windowNanos(), 5)) {
            assertThat(sent.decision().remaining()).isBetween(0L, spec.limit());
        }
        RateCounter counter = spec.newCounter();
        SplittableRandom random = new SplittableRandom(5);
        for (long t = 0; t < 3 * spec.windowNanos(); t += random.nextLong(spec.windowNanos() / spec.limit())) {
            Decision decision = counter.tryAcquire(t, 1);
            RateCounter probe = counter.copy();
            for (long i = 0; i < decision.remaining(); i++) {
                assertThat(probe.tryAcquire(t, 1).allowed()).isTrue();
            }
            assertThat(probe.tryAcquire(t, 1).allowed()).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void resetIsWhenTheFullAllowanceIsBack(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        assertThat(counter.tryAcquire(0, 0).resetNanos()).as("a fresh counter is full").isZero();
        for (Sent sent : saturate(counter, spec, 3 * spec.windowNanos(), 9)) {
            long resetNanos = sent.decision().resetNanos();
            assertThat(resetNanos).isGreaterThan(sent.timeNanos());
        }
        long lastNanos = 3 * spec.windowNanos();
        long resetNanos = counter.tryAcquire(lastNanos, 1).resetNanos();
        assertThat(counter.copy().tryAcquire(resetNanos - 1, 0).remaining()).isLessThan(spec.limit());
        Decision atReset = counter.copy().tryAcquire(resetNanos, 0);
        assertThat(atReset.remaining()).isEqualTo(spec.limit());
        assertThat(atReset.resetNanos()).isEqualTo(resetNanos);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void copyIsIndependent(AlgorithmSpec spec) {
        RateCounter original = spec.newCounter();
        original.tryAcquire(0, 1);
        RateCounter copy = original.copy();

        while (copy.tryAcquire(10, 1).allowed()) {
            // drain the copy only
        }

        assertThat(original.tryAcquire(10, 1).remaining()).isEqualTo(spec.limit() - 2);
        assertThat(copy.tryAcquire(10, 0).remaining()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void lookingWithCostZeroPassesAndConsumesNothing(AlgorithmSpec spec) {
        RateCounter counter = spec.newCounter();
        counter.tryAcquire(0, 1);

        Decision look = counter.tryAcquire(5, 0);

        assertThat(look.allowed()).isTrue();
        assertThat(counter.tryAcquire(5, 0)).isEqualTo(look);
        assertThat(look.remaining()).isEqualTo(spec.limit() - 1);
    }
}
