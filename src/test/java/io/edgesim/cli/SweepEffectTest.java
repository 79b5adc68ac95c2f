package io.edgesim.cli;

import io.edgesim.cli.CommandLines.Outcome;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/** `sweep` and `validate` say in one line when a swept setting changes no run. */
class SweepEffectTest {

    // every key is on a plan that both stages list: the stages' own limits count for no one
    private static final String SHIELD = """
            name = shield
            duration = 20s
            seed = 3
            regions = [FRA, AMS]
            clients = [
              { name = free, count = 20, key = "free-{i}", plan = free, rate = 2 }
              { name = pro, count = 5, key = "pro-{i}", plan = pro, rate = 5 }
            ]
            limiters = [
              { name = shield, plans { free { limit = 10 }, pro { limit = 100 } }, chain = [
                { tier = cache, limit = 50, window = 10s, key = api-key }
                { tier = durable-object, limit = 50, window = 10s, key = api-key }
              ] }
            ]
            """;

    @Test
    void aMultiplicationAboveItsBoundInTheSweepsTableIsExplainedUnderIt(@TempDir Path dir) {
        // the botnet over 64 PoPs: 16.50 through the caches against a bound of 16.00 (their write delay)
        Outcome sweep = edgesim("sweep", "scenarios/browser-vs-botnet.conf", "--param", "clients.botnet.count=16,64",
                "--out", dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(dir.resolve("out").resolve("sweep.md")).content().contains("| 64 | 46 | 1.53 (bound 1.97) | 495 | "
                + "16.50 (bound 16.00) |", "\nAbove the bound (botnet-per-location at 64): the bound is about where "
                + "the count lives, not about how late the tier sees it; a cache's write delay,")
                .doesNotContain("browser-per-location at");
    }

    @Test
    void aStageLimitThatThePlansReplaceChangesNoRunAndSweepSaysWhy(@TempDir Path dir) {
        Path scenario = ScenarioFixture.write(dir, "s.conf", SHIELD);
        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "limiters.shield.chain.0.limit=50,100,200",
                "--out", dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        String line = "sweep: limiters.shield.chain.0.limit changed no run: every value gave the same results (the "
                + "plans of limiter shield replace it for every client it sees)";
        assertThat(sweep.out().lines()).contains(line);
        // sweep.md, read without the console, says so too
        assertThat(dir.resolve("out").resolve("sweep.md")).content().contains("\n" + line + "\n");
    }

    @Test
    void theNotesOfTheScenariosRunAreSaidWithTheValuesTheyHoldAt(@TempDir Path dir) {
        // one burst a minute: a 10 s run bills it six times its cadence, a 60 s run at it
        Path scenario = ScenarioFixture.write(dir, "s.conf", """
                name = bursts
                duration = 10s
                regions = [FRA]
                clients = [ { name = b, key = k, burst { every = 1m, size = 200 } } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
                """);
        // (a cache: a Durable Object's 60 s window would add the note on a run shorter than its window)
        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "duration=10s,60s",
                "--out", dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        String note = "note: duration: the bill scales the 10s run to a 30-day month as if it repeated, which bills "
                + "more bursts than their cadence for b (1 burst, one every 60s: 6.00x): at their cadence their "
                + "requests' share of the bill would be that many times smaller (a duration that is a whole multiple "
                + "of their `every` bills them at their cadence) (at duration = 10s)";
        assertThat(sweep.out().lines()).containsOnlyOnce(note);
        assertThat(dir.resolve("out").resolve("sweep.md")).content().contains("\n" + note + "\n");
    }

    @Test
    void aSettingThatChangesTheRunGetsNoLine(@TempDir Path dir) {
        Path scenario = ScenarioFixture.write(dir, "s.conf", SHIELD);
        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "limiters.shield.plans.free.limit=5,10",
                "--out", dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(sweep.out()).doesNotContain("changed no run");
        assertThat(dir.resolve("out").resolve("sweep.md")).content().doesNotContain("changed no run");
    }

    @Test
    void aSettingNothingUsesChangesNoRunWithoutAReasonSweepCanTell(@TempDir Path dir) {
        // no limiter of the scenario is a KV one
        Path scenario = ScenarioFixture.write(dir, "s.conf", SHIELD);
        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "tiers.kv.cache-ttl=60s,120s",
                "--out", dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(sweep.out().lines()).contains("sweep: tiers.kv.cache-ttl changed no run: every value gave the same "
                + "results");
    }

    @Test
    void validateSaysSoForTheSweepAScenarioDeclares(@TempDir Path dir) {
        Path scenario = ScenarioFixture.write(dir, "s.conf", SHIELD
                + "sweep = \"limiters.shield.chain.1.limit=50,100\"\n");
        Outcome validate = edgesim("validate", scenario.toString());

        assertThat(validate.status()).as(validate.err()).isZero();
        assertThat(validate.out().lines()).containsExactly(
                scenario + ": ok - scenario shield, 2 client source(s), 1 limiter(s), regions FRA, AMS",
                scenario + ": sweep: limiters.shield.chain.1.limit changes no run: the plans of limiter shield "
                        + "replace it for every client it sees");
    }

    @Test
    void validateSaysNothingMoreForASweepThatCounts(@TempDir Path dir) {
        Path scenario = ScenarioFixture.write(dir, "s.conf", SHIELD
                + "sweep = \"limiters.shield.plans.pro.limit=50,100\"\n");
        Outcome validate = edgesim("validate", scenario.toString());

        assertThat(validate.status()).as(validate.err()).isZero();
        assertThat(validate.out().lines()).containsExactly(
                scenario + ": ok - scenario shield, 2 client source(s), 1 limiter(s), regions FRA, AMS");
    }

    @Test
    void aStageLimitCountsWhenAClientHasNoPlan(@TempDir Path dir) {
        String withoutPlan = SHIELD.replace("{ name = pro, count = 5, key = \"pro-{i}\", plan = pro, rate = 5 }",
                "{ name = pro, count = 5, key = \"pro-{i}\", rate = 5 }");
        Path scenario = ScenarioFixture.write(dir, "s.conf", withoutPlan);
        assertThat(SweepEffect.overridden("limiters.shield.chain.0.limit",
                loadAt(scenario, "limiters.shield.chain.0.limit", "50", "100"))).isNull();
    }

    @Test
    void aPlanNoClientHasChangesNothing(@TempDir Path dir) {
        String extraPlan = SHIELD.replace("pro { limit = 100 } }", "pro { limit = 100 }, gold { limit = 7 } }");
        Path scenario = ScenarioFixture.write(dir, "s.conf", extraPlan);
        assertThat(SweepEffect.overridden("limiters.shield.plans.gold.limit",
                loadAt(scenario, "limiters.shield.plans.gold.limit", "7", "8")))
                .isEqualTo("no client of limiter shield has the plan it sets");
    }

    private static List<Scenario> loadAt(Path scenario, String path, String... values) {
        ScenarioInput input = new ScenarioInput();
        input.scenarioFile = scenario;
        return List.of(values).stream().map(v -> input.load(Map.of(path, v))).toList();
    }
}
