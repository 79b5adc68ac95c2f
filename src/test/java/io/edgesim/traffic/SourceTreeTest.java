package io.edgesim.traffic;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SourceTreeTest {

    @Test
    void takesByTimeThenByIndex() {
        long[] times = {7, 9, 5, 5};
        SourceTree tree = new SourceTree(times.length, i -> times[i]);

        List<Integer> order = new ArrayList<>();
        while (!tree.isEmpty()) {
            order.add(tree.top());
            tree.replaceTop(Sources.DONE);
        }

        assertThat(order).containsExactly(2, 3, 0, 1);
    }

    @Test
    void noSourcesOrOnlyDoneSourcesIsEmpty() {
        assertThat(new SourceTree(0, i -> 0).isEmpty()).isTrue();
        assertThat(new SourceTree(5, i -> Sources.DONE).isEmpty()).isTrue();
    }

    @Test
    void equalTimesComeOutInIndexOrderWhateverTheTreeShape() {
        for (int count = 1; count <= 70; count++) {
            SourceTree tree = new SourceTree(count, i -> 42);
            for (int expected = 0; expected < count; expected++) {
                assertThat(tree.top()).as("count %d", count).isEqualTo(expected);
                tree.replaceTop(Sources.DONE);
            }
            assertThat(tree.isEmpty()).isTrue();
        }
    }

    /**
     * The tree against the plainest model, a scan for the least (time, index), over many random runs: sizes that
     * are and are not powers of two, few distinct times (so most comparisons are between equal times), sources that
     * start or become done, and new times below, equal to and above the old.
     */
    @Test
    void givesTheSameOrderAsAScanForTheLeastTimeAndIndex() {
        SplittableRandom random = new SplittableRandom(7);
        for (int run = 0; run < 400; run++) {
            int count = run < 40 ? run : 1 + random.nextInt(run < 300 ? 200 : 3000);
            int spread = 1 + random.nextInt(run % 4 == 0 ? 1_000_000 : 8);
            long[] times = new long[count];
            for (int i = 0; i < count; i++) {
                times[i] = random.nextInt(10) == 0 ? Sources.DONE : random.nextInt(spread);
            }
            SourceTree tree = new SourceTree(count, i -> times[i]);
            int steps = 0;
            while (true) {
                int expected = leastOf(times);
                if (expected < 0) {
                    break;
                }
                assertThat(tree.isEmpty()).isFalse();
                assertThat(tree.top()).as("run %d step %d", run, steps).isEqualTo(expected);
                int draw = random.nextInt(20);
                if (draw == 0) {
                    times[expected] = Sources.DONE;
                } else if (draw == 1) {
                    times[expected] = Math.max(0, times[expected] - random.nextInt(spread));
                } else {
                    times[expected] += random.nextInt(spread);
                }
                tree.replaceTop(times[expected]);
                steps++;
            }
            assertThat(tree.isEmpty()).as("run %d", run).isTrue();
        }
    }

    @Test
    void timesAtTheEndsOfTheRangeAreOrdered() {
        long[] times = {Long.MAX_VALUE - 1, 0, Long.MAX_VALUE - 1, 0, 1};
        SourceTree tree = new SourceTree(times.length, i -> times[i]);

        List<Integer> order = new ArrayList<>();
        while (!tree.isEmpty()) {
            order.add(tree.top());
            tree.replaceTop(Sources.DONE);
        }

        assertThat(order).containsExactly(1, 3, 4, 0, 2);
    }

    /** Index of the source with the least (time, index) that is not done, or -1. */
    private static int leastOf(long[] times) {
        int least = -1;
        for (int i = 0; i < times.length; i++) {
            if (times[i] != Sources.DONE && (least < 0 || times[i] < times[least])) {
                least = i;
            }
        }
        return least;
    }

    @Test
    void refusesNegativeTimesWhichItsBranchFreeMatchCannotOrder() {
        assertThatThrownBy(() -> new SourceTree(3, s -> s - 1)).isInstanceOf(IllegalArgumentException.class);
        SourceTree tree = new SourceTree(3, s -> s);
        assertThatThrownBy(() -> tree.replaceTop(-2)).isInstanceOf(IllegalArgumentException.class);
    }
}
