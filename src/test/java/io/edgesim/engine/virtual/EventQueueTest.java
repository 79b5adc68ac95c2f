package io.edgesim.engine.virtual;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class EventQueueTest {

    @Test
    void pollsInTimeOrderAndKeepsInsertionOrderOnTies() {
        EventQueue<String> queue = new EventQueue<>();
        queue.add(30, "c");
        queue.add(10, "a1");
        queue.add(20, "b");
        queue.add(10, "a2");
        queue.add(10, "a3");
        List<String> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            out.add(queue.poll());
        }
        assertThat(out).containsExactly("a1", "a2", "a3", "b", "c");
    }

    @Test
    void everyPollReturnsTheEarliestQueuedEventWhileTheQueueGrowsAndShrinks() {
        EventQueue<long[]> queue = new EventQueue<>();
        PriorityQueue<long[]> reference = new PriorityQueue<>(
                Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 5_000; i++) {
            long[] event = {random.nextLong(1_000), i};
            queue.add(event[0], event);
            reference.add(event);
            if (i % 3 == 0) {
                assertThat(queue.poll()).isSameAs(reference.poll());
            }
        }
        assertThat(queue.size()).isEqualTo(reference.size());
        while (!reference.isEmpty()) {
            assertThat(queue.peekTime()).isEqualTo(reference.peek()[0]);
            assertThat(queue.poll()).isSameAs(reference.poll());
        }
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    void eventsSpreadOverSecondsComeOutInOrderWhereverTheyAreKept() {
        // as the engine adds them: each after the latest taken, most within half a second (in the slots), some
        // seconds later (beyond them), many at the same instant; and some before the latest taken, which the engine
        // never adds but the queue still orders
        EventQueue<long[]> queue = new EventQueue<>();
        PriorityQueue<long[]> reference = new PriorityQueue<>(
                Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        SplittableRandom random = new SplittableRandom(7);
        long slot = 1L << EventQueue.SLOT_SHIFT;
        long now = 5 * slot;
        int taken = 0;
        for (int i = 0; i < 200_000; i++) {
            long time = switch (random.nextInt(10)) {
                case 0 -> now + random.nextLong(6 * EventQueue.BUCKETS * slot);
                case 1 -> now - random.nextLong(3 * slot);
                case 2, 3 -> now + 10 * slot;
                // the last slots kept, which share their arrays with the slots just before the latest taken
                case 4 -> now + (EventQueue.BUCKETS - 1 - random.nextInt(3)) * slot;
                default -> now + random.nextLong(300 * slot);
            };
            long[] event = {time, i};
            queue.add(time, event);
            reference.add(event);
            while (random.nextInt(3) > 0 && !reference.isEmpty()) {
                assertThat(queue.peekTime()).as("event %d", i).isEqualTo(reference.peek()[0]);
                long[] next = queue.poll();
                assertThat(next).as("event %d", i).isSameAs(reference.poll());
                now = Math.max(now, next[0]);
                taken++;
            }
            assertThat(queue.size()).isEqualTo(reference.size());
        }
        while (!reference.isEmpty()) {
            assertThat(queue.poll()).isSameAs(reference.poll());
        }
        assertThat(queue.isEmpty()).isTrue();
        assertThat(taken).isGreaterThan(100_000);
    }

    @Test
    @Timeout(60)
    void aBurstAddedInManyOrdersWithinOneSlotComesOutInOrderWithoutMovingEveryEventForEachOne() {
        // 600,000 requests at one instant, each event due after one of 12 delays within the same ~1 ms slot, added in
        // random order: sorted insertion alone would move tens of thousands of events per event (minutes in all; with
        // the heap taking those, about 2 s)
        EventQueue<long[]> queue = new EventQueue<>();
        PriorityQueue<long[]> reference = new PriorityQueue<>(
                Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        SplittableRandom random = new SplittableRandom(3);
        long start = 40L << EventQueue.SLOT_SHIFT;
        for (int i = 0; i < 600_000; i++) {
            long[] event = {start + 1_000 * random.nextInt(12), i};
            queue.add(event[0], event);
            reference.add(event);
        }
        while (!reference.isEmpty()) {
            assertThat(queue.poll()).isSameAs(reference.poll());
        }
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    @Timeout(20)
    void aFullSlotTakenFromAndAddedToInTurnStaysInOrderWithoutMovingAllItsEventsEachTime() {
        // 262,144 events due in one slot (a power of two: the slot's arrays, doubled from 8, are then full), then one
        // taken and one added to that slot in turn, 150,000 times: moving every event up to the one free place at
        // each addition takes about 30 s; growing the arrays instead, well under 1 s
        EventQueue<long[]> queue = new EventQueue<>();
        PriorityQueue<long[]> reference = new PriorityQueue<>(
                Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        long start = 80L << EventQueue.SLOT_SHIFT;
        int order = 0;
        for (; order < 262_144; order++) {
            long[] event = {start + 10, order};
            queue.add(event[0], event);
            reference.add(event);
        }
        for (int i = 0; i < 150_000; i++, order++) {
            assertThat(queue.poll()).isSameAs(reference.poll());
            long[] event = {start + 20, order};
            queue.add(event[0], event);
            reference.add(event);
        }
        while (!reference.isEmpty()) {
            assertThat(queue.poll()).isSameAs(reference.poll());
        }
    }
}
