package io.edgesim.result;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationsTest {

    private static final Figure LET_THROUGH = Figure.whole("local", "let_through");
    private static final Figure MULTIPLICATION = Figure.whole("local", "multiplication");
    private static final Figure SYD_P99 = new Figure("durable-object", "SYD", "", "", "latency_p99_ms");

    private static Map<Figure, Double> run(double letThrough, double multiplication, double sydP99) {
        Map<Figure, Double> figures = new LinkedHashMap<>();
        figures.put(LET_THROUGH, letThrough);
        figures.put(MULTIPLICATION, multiplication);
        figures.put(SYD_P99, sydP99);
        return figures;
    }

    @Test
    void keepsEveryRunsValueOfEveryFigureInOrder() {
        Replications r = Replications.of(List.of(7L, 8L, 9L), List.of(run(298, 2.98, 400), run(301, 3.01, 410),
                run(303, 3.03, 405)));

        assertThat(r.n()).isEqualTo(3);
        assertThat(r.figures()).extracting(Replications.Estimate::figure)
                .containsExactly(LET_THROUGH, MULTIPLICATION, SYD_P99);
        assertThat(r.estimate(SYD_P99).orElseThrow().values()).containsExactly(400.0, 410.0, 405.0);
        Interval letThrough = r.interval("local", "let_through").orElseThrow();
        assertThat(letThrough.mean()).isEqualTo(300.66666667);
        assertThat(letThrough.median()).isEqualTo(301);
        assertThat(letThrough.ci95Low()).isGreaterThanOrEqualTo(298);
        assertThat(letThrough.ci95High()).isLessThanOrEqualTo(303);
        assertThat(r.limiters()).containsOnlyKeys("local");
        assertThat(r.limiters().get("local")).containsOnlyKeys("let_through", "multiplication");
    }

    @Test
    void aFigureSomeRunLacksHasItsValuesButNoInterval() {
        Map<Figure, Double> withoutP99 = run(6, 3.0, 0);
        withoutP99.remove(SYD_P99);

        Replications r = Replications.of(List.of(1L, 2L), List.of(run(5, Double.NaN, 400), withoutP99));

        assertThat(r.interval("local", "multiplication")).isEqualTo(Optional.empty());
        assertThat(r.estimate(MULTIPLICATION).orElseThrow().values()).containsExactly(Double.NaN, 3.0);
        assertThat(r.estimate(SYD_P99).orElseThrow().values()).containsExactly(400.0, Double.NaN);
        assertThat(r.interval("local", "let_through")).isPresent();
    }

    @Test
    void namesTheRunFurthestFromTheOthers() {
        double[] p99 = {1312, 402, 405, 410, 412, 415, 418, 420, 425, 431};
        List<Map<Figure, Double>> runs = new java.util.ArrayList<>();
        List<Long> seeds = new java.util.ArrayList<>();
        for (int i = 0; i < p99.length; i++) {
            runs.add(run(300, 3, p99[i]));
            seeds.add(7L + i);
        }

        Replications r = Replications.of(seeds, runs);

        assertThat(r.outliers()).containsExactly(new Outlier(SYD_P99, 7, 1312, 402, 431, 80.54));
        assertThat(SYD_P99.describe()).isEqualTo("durable-object latency p99 in SYD");
    }

    @Test
    void theSameRunsGiveTheSameIntervals() {
        List<Map<Figure, Double>> runs = List.of(run(1, 1, 1), run(5, 2, 9), run(2, 4, 3), run(8, 1, 2));

        assertThat(Replications.of(List.of(3L, 4L, 5L, 6L), runs))
                .isEqualTo(Replications.of(List.of(3L, 4L, 5L, 6L), runs));
    }

    @Test
    void twoFiguresWithTheSameValueInEveryRunHaveTheSameInterval() {
        // region-outage's fail-closed wrongly_accepted and keys_over_limit: 0 in four seeds, 1 in the fifth (their
        // intervals were 0 to 1 and 0 to 0.8 when the draws were seeded by the figure's name)
        List<Map<Figure, Double>> runs = new java.util.ArrayList<>();
        for (double value : new double[]{0, 0, 0, 0, 1}) {
            runs.add(run(value, value, 100 + value));
        }

        Replications r = Replications.of(List.of(11L, 12L, 13L, 14L, 15L), runs);

        Interval letThrough = r.estimate(LET_THROUGH).orElseThrow().interval().orElseThrow();
        assertThat(r.estimate(MULTIPLICATION).orElseThrow().interval()).contains(letThrough);
        assertThat(letThrough.ci95High()).isGreaterThan(letThrough.ci95Low());
    }
}
