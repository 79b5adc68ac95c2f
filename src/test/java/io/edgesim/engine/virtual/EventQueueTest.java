package io.edgesim.engine.virtual;

import org.junit.jupiter.api.Test;

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
}
