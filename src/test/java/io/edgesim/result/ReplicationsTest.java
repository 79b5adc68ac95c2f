package io.edgesim.result;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationsTest {

    @Test
    void averagesEachFigureOfEachLimiterOverTheRuns() {
        // [limiter][figure]: let_through, multiplication, wrongly_accepted, wrongly_rejected, keys_over_limit,
        // wrongly_throttled
        List<double[][]> samples = List.of(
                new double[][]{{298, 2.98, 198, 0, 1, 0}, {100, 1, 0, 0, 0, 0}},
                new double[][]{{301, 3.01, 201, 0, 1, 0}, {100, 1, 1, 1, 0, 1}},
                new double[][]{{303, 3.03, 203, 0, 1, 0}, {100, 1, 0, 0, 0, 0}},
                new double[][]{{300, 3.00, 200, 0, 1, 0}, {100, 1, 0, 0, 0, 0}});

        Replications r = Replications.of(List.of(7L, 8L, 9L, 10L), List.of("local", "exact"), samples);

        assertThat(r.n()).isEqualTo(4);
        assertThat(r.limiters().keySet()).containsExactly("local", "exact");
        assertThat(r.limiters().get("local").keySet())
                .containsExactly("let_through", "multiplication", "wrongly_accepted", "wrongly_rejected", "keys_over_limit",
                        "wrongly_throttled");
        assertThat(r.interval("local", "let_through")).contains(new Interval(300.5, 297.1876, 303.8124));
        assertThat(r.interval("exact", "let_through")).contains(new Interval(100, 100, 100));
        assertThat(r.interval("exact", "wrongly_rejected").orElseThrow().mean()).isEqualTo(0.25);
        assertThat(r.interval("local", "keys_over_limit")).contains(new Interval(1, 1, 1));
        assertThat(r.interval("exact", "wrongly_throttled").orElseThrow().mean()).isEqualTo(0.25);
    }

    @Test
    void aFigureSomeRunLacksHasNoInterval() {
        List<double[][]> samples = List.of(new double[][]{{5, Double.NaN, 5, 0, 0, 0}}, new double[][]{{6, 3.0, 4, 0, 0, 0}});

        Replications r = Replications.of(List.of(1L, 2L), List.of("l"), samples);

        assertThat(r.interval("l", "multiplication")).isEqualTo(Optional.empty());
        assertThat(r.interval("l", "let_through")).isPresent();
    }
}
