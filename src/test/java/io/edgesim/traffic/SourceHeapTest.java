package io.edgesim.traffic;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SourceHeapTest {

    @Test
    void popsByTimeThenByIndex() {
        SourceHeap heap = new SourceHeap(4);
        heap.add(3, 5);
        heap.add(2, 5);
        heap.add(1, 9);
        heap.add(0, 7);

        List<Integer> order = new ArrayList<>();
        while (!heap.isEmpty()) {
            order.add(heap.top());
            heap.removeTop();
        }

        assertThat(order).containsExactly(2, 3, 0, 1);
    }

    @Test
    void replacingTheTopKeepsTheHeapOrdered() {
        int n = 500;
        SourceHeap heap = new SourceHeap(n);
        SplittableRandom random = new SplittableRandom(1);
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            times[i] = random.nextLong(1000);
            heap.add(i, times[i]);
        }

        long previous = -1;
        int taken = 0;
        while (!heap.isEmpty()) {
            int top = heap.top();
            assertThat(times[top]).isGreaterThanOrEqualTo(previous);
            previous = times[top];
            taken++;
            if (taken % 3 == 0) {
                heap.removeTop();
            } else {
                times[top] += random.nextLong(50);
                heap.replaceTop(times[top]);
            }
        }

        assertThat(taken).isGreaterThan(n);
    }
}
