package io.edgesim.traffic;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SourceCalendar} gives the order of (time, index): checked on small cases, then step by step against a
 * {@link PriorityQueue} on (time, index) and against {@link SourceTree}, the loser tree main merged with before, on
 * seeded workloads that reach every place an entry can be (ready, ring, far heap) and every way between them.
 */
class SourceCalendarTest {

    @Test
    void takesByTimeThenByIndex() {
        long[] times = {7, 9, 5, 5};

        assertThat(drain(new SourceCalendar(times.length, i -> times[i]))).containsExactly(2, 3, 0, 1);
    }

    @Test
    void noSourcesOrOnlyDoneSourcesIsEmpty() {
        assertThat(new SourceCalendar(0, i -> 0).isEmpty()).isTrue();
        assertThat(new SourceCalendar(5, i -> Sources.DONE).isEmpty()).isTrue();
    }

    @Test
    void equalTimesComeOutInIndexOrderWhateverTheCount() {
        for (int count : new int[] {1, 2, 3, 63, 64, 65, 70, 5000}) {
            SourceCalendar calendar = new SourceCalendar(count, i -> 42);
            for (int expected = 0; expected < count; expected++) {
                assertThat(calendar.isEmpty()).isFalse();
                assertThat(calendar.top()).as("count %d", count).isEqualTo(expected);
                calendar.replaceTop(Sources.DONE);
            }
            assertThat(calendar.isEmpty()).isTrue();
        }
    }

    @Test
    void timesAtTheEndsOfTheRangeAreOrdered() {
        long[] times = {Long.MAX_VALUE - 1, 0, Long.MAX_VALUE - 1, 0, 1, Long.MIN_VALUE, -1};

        assertThat(drain(new SourceCalendar(times.length, i -> times[i]))).containsExactly(5, 6, 1, 3, 4, 0, 2);
    }

    @Test
    void aSourceGivenATimeBeforeTheOneJustTakenComesNext() {
        long[] times = {1_000, 2_000, 3_000};
        SourceCalendar calendar = new SourceCalendar(times.length, i -> times[i]);

        assertThat(calendar.top()).isEqualTo(0);
        calendar.replaceTop(500);

        assertThat(calendar.isEmpty()).isFalse();
        assertThat(calendar.top()).isEqualTo(0);
    }

    /**
     * Seeded random workloads, each step checked against a priority queue on (time, index) and the loser tree: few
     * and many sources, first times all equal (no spacing to size the buckets by), bunched or spread; new times
     * equal to the old (ties), a little later (bursts, back into the bucket being taken), a gap later, far beyond
     * the ring, earlier than the old, or done.
     */
    @Test
    void givesTheSameOrderAsAPriorityQueueAndTheLoserTree() {
        SplittableRandom random = new SplittableRandom(7);
        for (int run = 0; run < 300; run++) {
            int count = run < 40 ? run : 1 + random.nextInt(run < 200 ? 300 : 3000);
            long spread = 1 + random.nextLong(run % 3 == 0 ? 8 : run % 3 == 1 ? 1_000_000 : 100_000_000_000L);
            boolean together = run % 7 == 0;
            long[] times = new long[count];
            for (int i = 0; i < count; i++) {
                times[i] = random.nextInt(10) == 0 ? Sources.DONE : together ? 5_000 : random.nextLong(spread);
            }
            checkAgainstReferences("run " + run, times, random, spread, 20 * count + 50);
        }
    }

    /** The sizes a million Poisson clients get, scaled down: many sources, many requests each, a few far ones. */
    @Test
    void givesTheSameOrderAsAPriorityQueueForManyPoissonSources() {
        SplittableRandom random = new SplittableRandom(11);
        int count = 100_000;
        long meanGapNanos = 100_000_000_000L;
        long[] times = new long[count];
        for (int i = 0; i < count; i++) {
            times[i] = exponential(random, meanGapNanos);
        }
        SourceCalendar calendar = new SourceCalendar(count, i -> times[i]);
        PriorityQueue<long[]> queue = queueOf(times);
        for (int step = 0; step < 600_000; step++) {
            long[] least = queue.poll();
            assertThat(calendar.isEmpty()).isFalse();
            assertThat(calendar.top()).as("step %d", step).isEqualTo((int) least[1]);
            long next = least[0] + exponential(random, meanGapNanos);
            calendar.replaceTop(next);
            queue.add(new long[] {next, least[1]});
        }
    }

    private static void checkAgainstReferences(String name, long[] times, SplittableRandom random, long spread,
            int maxSteps) {
        SourceCalendar calendar = new SourceCalendar(times.length, i -> times[i]);
        SourceTree tree = new SourceTree(times.length, i -> times[i]);
        PriorityQueue<long[]> queue = queueOf(times);
        for (int step = 0; !queue.isEmpty(); step++) {
            long[] least = queue.poll();
            int expected = (int) least[1];
            assertThat(calendar.isEmpty()).as("%s step %d", name, step).isFalse();
            assertThat(calendar.top()).as("%s step %d", name, step).isEqualTo(expected);
            assertThat(tree.top()).as("%s step %d", name, step).isEqualTo(expected);
            long next = step >= maxSteps ? Sources.DONE : nextTime(least[0], random, spread);
            calendar.replaceTop(next);
            tree.replaceTop(next);
            if (next != Sources.DONE) {
                queue.add(new long[] {next, expected});
            }
        }
        assertThat(calendar.isEmpty()).as(name).isTrue();
        assertThat(tree.isEmpty()).as(name).isTrue();
    }

    private static long nextTime(long old, SplittableRandom random, long spread) {
        int draw = random.nextInt(40);
        if (draw == 0) {
            return Sources.DONE;
        } else if (draw <= 4) {
            return old;
        } else if (draw <= 12) {
            return old + 1 + random.nextInt(2_000);
        } else if (draw == 13) {
            return old + (1L << 40) + random.nextLong(1L << 44);
        } else if (draw == 14) {
            return Math.max(0, old - random.nextLong(spread));
        }
        return old + random.nextLong(spread);
    }

    private static PriorityQueue<long[]> queueOf(long[] times) {
        PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (int i = 0; i < times.length; i++) {
            if (times[i] != Sources.DONE) {
                queue.add(new long[] {times[i], i});
            }
        }
        return queue;
    }

    private static long exponential(SplittableRandom random, long meanNanos) {
        return Math.round(-Math.log(1 - random.nextDouble()) * meanNanos);
    }

    private static List<Integer> drain(SourceCalendar calendar) {
        List<Integer> order = new ArrayList<>();
        while (!calendar.isEmpty()) {
            order.add(calendar.top());
            calendar.replaceTop(Sources.DONE);
        }
        return order;
    }
}
