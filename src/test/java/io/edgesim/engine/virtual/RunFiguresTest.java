package io.edgesim.engine.virtual;

import io.edgesim.report.ReportWriter;
import io.edgesim.result.Figure;
import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import io.edgesim.result.Threshold;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every figure the report prints, read from real runs: per limiter, region, plan and fault window. */
class RunFiguresTest {

    @Test
    void readsEachLimitersFiguresOverTheRunPerRegionAndPerFaultWindow() {
        RunResult run = new VirtualEngine(ScenarioLoader.load(Path.of("scenarios/region-outage.conf"),
                Path.of("regions.conf"))).run();
        LimiterResult failOpen = run.limiters().get(0);
        PeriodResult outage = run.periods().get(0);
        PeriodResult.LimiterPeriod failOpenInOutage = outage.limiters().get(0);

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(figures).containsEntry(Figure.whole("fail-open", "let_through"),
                (double) failOpen.totals().letThrough());
        assertThat(figures).containsEntry(new Figure("fail-open", "FRA", "", "", "latency_p99_ms"),
                failOpen.regions().get("FRA").latencyMs().p99());
        assertThat(figures).containsEntry(new Figure("fail-open", "", "", outage.label(), "let_through"),
                (double) failOpenInOutage.totals().letThrough());
        assertThat(figures).containsEntry(new Figure("fail-open", "", "", PeriodResult.OUTSIDE, "worst_key"),
                run.periods().get(1).limiters().get(0).worstKey());
        String region = failOpenInOutage.latency().keySet().iterator().next();
        assertThat(figures).containsEntry(new Figure("fail-open", region, "", outage.label(), "latency_p50_ms"),
                failOpenInOutage.latency().get(region).p50Ms());
        assertThat(figures).containsEntry(new Figure("fail-open", "", "", outage.label(), "usd_per_month"),
                failOpenInOutage.cost().usdPerMonth());
        assertThat(figures.keySet().iterator().next()).isEqualTo(Figure.whole("fail-open", "sent"));
    }

    @Test
    void readsTheHotObjectsOfEveryLimiterWithADurableObjectStage() {
        // the hot key at 1,500 a second on one object that serves 1,000: 2,000 of its 9,000 fail as overloaded;
        // the warm key's object and the hot key's two shards are not hot: 0, so that every seed has the figures
        RunResult run = new VirtualEngine(ScenarioLoader.load(Path.of("scenarios/hot-key-durable-object.conf"),
                Path.of("regions.conf"))).run();

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(figures).containsEntry(Figure.whole("hot-object", "hot_objects"), 1.0)
                .containsEntry(Figure.whole("hot-object", "hot_overloaded"), 2000.0)
                .containsEntry(Figure.whole("hot-object", "hot_peak_per_second"), 1500.0)
                .containsEntry(Figure.whole("warm-object", "hot_objects"), 0.0)
                .containsEntry(Figure.whole("hot-sharded", "hot_overloaded"), 0.0)
                .containsEntry(Figure.whole("hot-sharded", "hot_peak_per_second"), 0.0);
        assertThat(RunFigures.label("hot_overloaded")).isEqualTo("failed as overloaded");
    }

    @Test
    void aLimiterWithoutDurableObjectsHasNoHotObjectFigures() {
        RunResult run = new VirtualEngine(ScenarioLoader.load(Path.of("scenarios/three-pops.conf"),
                Path.of("regions.conf"))).run();

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(figures).doesNotContainKey(Figure.whole("local", "hot_objects"))
                .containsKey(Figure.whole("exact", "hot_objects"));
    }

    @Test
    void readsEachPlansKeyFiguresAndSharesOfItsKeys(@TempDir Path dir) throws IOException {
        Path scenario = dir.resolve("plans.conf");
        Files.writeString(scenario, """
                name = plans
                duration = 20s
                seed = 3
                regions = [FRA, SYD]
                clients = [
                  { name = free, count = 50, key = "free-{i}", plan = free, rate = 2, pops { FRA = 1, SYD = 1 } }
                  { name = pro, count = 5, key = "pro-{i}", plan = pro, rate = 20, pops { FRA = 1, SYD = 1 } }
                ]
                plans {
                  free { limit = 10, window = 10s }
                  pro { limit = 100, window = 10s }
                }
                limiters = [ { name = local, tier = cache, algorithm = fixed-window, key = api-key } ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(scenario, Path.of("regions.conf"))).run();
        KeyResults keys = run.limiters().get(0).keys();
        KeyResults.PlanKeys free = keys.plans().stream().filter(p -> p.plan().equals("free")).findFirst()
                .orElseThrow();

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(free.overLimit()).isPositive();
        assertThat(figures).containsEntry(new Figure("local", "", "free", "", "keys_over_limit"),
                (double) free.overLimit());
        assertThat(figures).containsEntry(new Figure("local", "", "free", "", "keys_over_limit_share"),
                free.overLimit() / 50.0);
        assertThat(figures).containsEntry(Figure.whole("local", "keys_over_limit_share"),
                (double) keys.overLimit() / 55);
        assertThat(figures.get(new Figure("local", "", "pro", "", "worst_key")))
                .isEqualTo(keys.plans().stream().filter(p -> p.plan().equals("pro")).findFirst().orElseThrow()
                        .letThroughRatio().max());
        assertThat(figures.values()).allMatch(v -> v.isNaN() || v >= 0);
    }

    @Test
    void aRegionTheLimiterSawNoRequestInCountsZeroAndHasNoLatency(@TempDir Path dir) throws IOException {
        // "fail if any request reaches SYD" must hold when none does, not fail for want of a figure
        Path scenario = dir.resolve("quiet.conf");
        Files.writeString(scenario, """
                name = quiet
                duration = 20s
                seed = 1
                regions = [FRA, SYD, IAD]
                clients = [ { name = a, count = 3, key = "k-{i}", rate = 2, pops = [FRA, IAD] } ]
                limiters = [ { name = local, tier = isolate, algorithm = fixed-window, limit = 10, window = 10s,
                               key = api-key } ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(scenario, Path.of("regions.conf"))).run();

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(figures).containsEntry(new Figure("local", "SYD", "", "", "sent"), 0.0)
                .containsEntry(new Figure("local", "SYD", "", "", "let_through"), 0.0)
                .doesNotContainKey(new Figure("local", "SYD", "", "", "latency_p99_ms"))
                .containsKey(new Figure("local", "FRA", "", "", "latency_p99_ms"));
        assertThat(figures.get(new Figure("local", "FRA", "", "", "sent"))).isPositive();
        Figure sydSent = new Figure("local", "SYD", "", "", "sent");
        assertThat(new Threshold("local.sent.SYD < 1", sydSent, Threshold.Bound.VALUE, Threshold.Op.LT, 1)
                .check(run).passed()).isTrue();
        assertThat(new Threshold("local.sent.SYD > 0", sydSent, Threshold.Bound.VALUE, Threshold.Op.GT, 0)
                .check(run).passed()).isFalse();
    }

    @Test
    void aPlanNoKeyIsOnCountsZeroButHasNoShareAndNoWorstKey(@TempDir Path dir) throws IOException {
        Path scenario = dir.resolve("plans.conf");
        Files.writeString(scenario, """
                name = plans
                duration = 20s
                seed = 3
                regions = [FRA, SYD]
                clients = [ { name = free, count = 5, key = "free-{i}", plan = free, rate = 2, pops = [FRA, SYD] } ]
                plans {
                  free { limit = 10, window = 10s }
                  pro { limit = 100, window = 10s }
                }
                limiters = [ { name = local, tier = cache, algorithm = fixed-window, key = api-key } ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(scenario, Path.of("regions.conf"))).run();

        Map<Figure, Double> figures = RunFigures.of(run);

        assertThat(figures).containsEntry(new Figure("local", "", "pro", "", "keys_over_limit"), 0.0)
                .containsEntry(new Figure("local", "", "pro", "", "wrongly_throttled"), 0.0);
        assertThat(figures.get(new Figure("local", "", "pro", "", "keys_over_limit_share"))).isNaN();
        assertThat(figures.get(new Figure("local", "", "pro", "", "wrongly_throttled_share"))).isNaN();
        assertThat(figures.get(new Figure("local", "", "pro", "", "worst_key"))).isNaN();
        assertThat(figures.get(new Figure("local", "", "free", "", "worst_key"))).isGreaterThan(1);
        assertThat(ReportWriter.texts(run).get("report.md"))
                .contains("| local | pro | 100 | 0 | 0 | 0 | 0 | n/a | n/a | n/a | n/a |");
    }
}
