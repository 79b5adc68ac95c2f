package io.edgesim.engine.virtual;

import io.edgesim.report.JsonReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.Figure;
import io.edgesim.result.Interval;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ParallelRunsTest {

    private static Scenario threePops() {
        return ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), Path.of("regions.conf"));
    }

    @Test
    void replicationsGiveTheSameBytesOnOneAndTwoThreads() {
        String oneThread = JsonReport.render(ParallelRuns.replicated(threePops(), 6, DecisionListener.NONE, 1));
        String twoThreads = JsonReport.render(ParallelRuns.replicated(threePops(), 6, DecisionListener.NONE, 2));

        assertThat(twoThreads).isEqualTo(oneThread).contains("\"replications\" : {");
    }

    @Test
    void theReportIsTheRunAtTheScenarioSeedAsWithoutReplications() {
        RunResult alone = new VirtualEngine(threePops()).run();

        RunResult replicated = ParallelRuns.replicated(threePops(), 3, DecisionListener.NONE, 2);

        assertThat(replicated.replications()).isPresent();
        assertThat(new RunResult(replicated.scenario(), replicated.description(), replicated.engine(),
                replicated.seed(), replicated.durationSeconds(), replicated.regions(), replicated.limiters(),
                replicated.latencyPairs(), replicated.assumptions(), replicated.settings(), Optional.empty(), Optional.empty(),
                replicated.faults(), replicated.periods(), List.of()))
                .isEqualTo(alone);
    }

    @Test
    void replicationsRunTheFollowingSeedsAndKeepEachOnesFigures() {
        List<Map<Figure, Double>> alone = new ArrayList<>();
        double[] wronglyAccepted = new double[4];
        for (int r = 0; r < 4; r++) {
            RunResult run = new VirtualEngine(threePops().withSeed(7 + r)).run();
            alone.add(RunFigures.of(run));
            wronglyAccepted[r] = run.limiters().get(1).exact().wronglyAccepted();
        }

        Replications r = ParallelRuns.replicated(threePops(), 4, DecisionListener.NONE, 2).replications()
                .orElseThrow();

        assertThat(r.seeds()).containsExactly(7L, 8L, 9L, 10L);
        assertThat(r).isEqualTo(Replications.of(List.of(7L, 8L, 9L, 10L), alone));
        assertThat(r.estimate(Figure.whole("exact", "wrongly_accepted")).orElseThrow().values())
                .containsExactly(Arrays.stream(wronglyAccepted).boxed().toArray(Double[]::new));
        assertThat(r.interval("local", "let_through")).contains(new Interval(300, 300, 300, 300, 300, 300));
        assertThat(r.estimate(new Figure("exact", "SYD", "", "", "latency_p99_ms"))).isPresent();
    }

    @Test
    void replicationsKeepEachSeedsHotObjects() {
        Scenario hot = ScenarioLoader.load(Path.of("scenarios/hot-key-durable-object.conf"), Path.of("regions.conf"));

        Replications r = ParallelRuns.replicated(hot, 3, DecisionListener.NONE, 2).replications().orElseThrow();

        // 1,500 a second at an object that serves 1,000, whatever the seed: 2,000 of 9,000 fail as overloaded
        assertThat(r.estimate(Figure.whole("hot-object", "hot_overloaded")).orElseThrow().values())
                .containsExactly(2000.0, 2000.0, 2000.0);
        assertThat(r.interval("hot-object", "hot_peak_per_second"))
                .contains(new Interval(1500, 1500, 1500, 1500, 1500, 1500));
        assertThat(r.estimate(Figure.whole("warm-object", "hot_objects")).orElseThrow().values())
                .containsExactly(0.0, 0.0, 0.0);
    }

    @Test
    void eachRunsEveryScenarioAndKeepsTheirOrder() {
        List<Scenario> scenarios = List.of(threePops().withSeed(3), threePops().withSeed(1),
                threePops().withSeed(2));

        List<RunResult> results = ParallelRuns.each(scenarios, 2);

        assertThat(results).extracting(RunResult::seed).containsExactly(3L, 1L, 2L);
        assertThat(results.get(1)).isEqualTo(new VirtualEngine(threePops().withSeed(1)).run());
    }
}
