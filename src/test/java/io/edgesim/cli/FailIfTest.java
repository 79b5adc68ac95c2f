package io.edgesim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/** `--fail-if` on run and sweep: thresholds read before the run, checked after it, exit status 3 when one fails. */
class FailIfTest {

    // one key over FRA and SYD, 30 s: per-location lets twice the limit through; the object in FRA adds SYD's trip
    private static final String SCENARIO = """
            name = thresholds
            duration = 30s
            seed = 5
            regions = [FRA, SYD]
            clients = [ { name = api, key = "k", rate = 10, arrival = constant, pops { FRA = 1, SYD = 1 } } ]
            limiters = [
              { name = local, tier = cache, limit = 50, window = 60s, key = api-key }
              { name = exact, tier = durable-object, limit = 50, window = 60s, key = api-key,
                placement { policy = fixed, region = FRA } }
            ]
            """;

    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        Path file = dir.resolve("thresholds.conf");
        Files.writeString(file, SCENARIO);
        return file;
    }

    @Test
    void thresholdsThatHoldLeaveTheExitStatusZeroAndAreRecorded() throws IOException {
        Path out = dir.resolve("report");

        CommandLines.Outcome run = edgesim("run", scenario().toString(), "--out", out.toString(),
                "--fail-if", "exact.latency_p99_ms.SYD < 300ms", "--fail-if", "exact.multiplication == 1",
                "--fail-if", "exact.hot_objects == 0");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("thresholds (--fail-if): 3 of 3 held", "exact.hot_objects == 0: held (0)",
                "exact.latency_p99_ms.SYD < 300ms: held (", "exact.multiplication == 1: held (1x)");
        JsonNode json = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        assertThat(json.get("thresholds")).hasSize(3);
        assertThat(json.get("thresholds").get(0).get("region").asText()).isEqualTo("SYD");
        assertThat(json.get("thresholds").get(0).get("limit").asDouble()).isEqualTo(300);
        assertThat(json.get("thresholds").get(0).get("passed").asBoolean()).isTrue();
        assertThat(Files.readString(out.resolve("report.md"))).contains("### Thresholds",
                "3 of 3 thresholds (`--fail-if`) held", "- `exact.multiplication == 1`: held (1x)");
    }

    @Test
    void aFailedThresholdIsOneLineEachAndExitStatusThreeAfterTheReportIsWritten() throws IOException {
        Path out = dir.resolve("report");

        CommandLines.Outcome run = edgesim("run", scenario().toString(), "--out", out.toString(),
                "--fail-if", "local.multiplication < 1.5x", "--fail-if", "exact.latency_p99_ms.SYD < 0.2s",
                "--fail-if", "exact.let_through <= 50");

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.err().lines()).containsExactly(
                "edgesim: threshold failed: local.multiplication < 1.5x: local multiplication was 2x",
                "edgesim: threshold failed: exact.latency_p99_ms.SYD < 0.2s: exact latency p99 in SYD was 251.5 ms");
        assertThat(out.resolve("result.json")).exists();
        JsonNode thresholds = new ObjectMapper().readTree(out.resolve("result.json").toFile()).get("thresholds");
        assertThat(thresholds.get(0).get("passed").asBoolean()).isFalse();
        assertThat(thresholds.get(0).get("value").asDouble()).isEqualTo(2.0);
        assertThat(thresholds.get(1).get("limit").asDouble()).isEqualTo(200);
        assertThat(thresholds.get(2).get("passed").asBoolean()).isTrue();
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("1 of 3 thresholds (`--fail-if`) held", "`local.multiplication < 1.5x`: FAILED (2x)");
    }

    @Test
    void withReplicationsAThresholdReadsTheMeanOrTheIntervalsBound() throws IOException {
        Path out = dir.resolve("report");

        CommandLines.Outcome run = edgesim("run", scenario().toString(), "--out", out.toString(),
                "--replications", "10", "--fail-if", "local.let_through.upper <= 100",
                "--fail-if", "local.let_through.lower < 100", "--fail-if", "local.let_through <= 100");

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.out()).contains(
                "local.let_through.upper <= 100: held (100, the high end of the 95 % interval over 10 runs)",
                "local.let_through <= 100: held (100, the mean over 10 runs)");
        assertThat(run.err().lines()).containsExactly("edgesim: threshold failed: local.let_through.lower < 100: "
                + "local let through was 100, the low end of the 95 % interval over 10 runs");
        // a threshold without a bound read the mean, and result.json says so
        JsonNode thresholds = new ObjectMapper().readTree(out.resolve("result.json").toFile()).get("thresholds");
        assertThat(thresholds.findValuesAsText("bound")).containsExactly("upper", "lower", "mean");
    }

    @Test
    void aFigureTheRunDoesNotHaveFailsTheThreshold() throws IOException {
        Path file = dir.resolve("quiet.conf");
        // no request ever lands in SYD: the exact count has no latency there
        Files.writeString(file, SCENARIO.replace("pops { FRA = 1, SYD = 1 }", "pops { FRA = 1 }"));

        CommandLines.Outcome run = edgesim("run", file.toString(), "--out", dir.resolve("r").toString(),
                "--fail-if", "exact.latency_p99_ms.SYD < 300ms");

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.out()).contains("exact.latency_p99_ms.SYD < 300ms: FAILED (no value: exact has no latency "
                + "sample in SYD)");
        assertThat(run.err()).contains("exact latency p99 in SYD had no value: exact has no latency sample in SYD");
    }

    @Test
    void aMultiplicationOfNothingAcceptedFailsSayingWhy() throws IOException {
        Path file = dir.resolve("none.conf");
        // every request costs 60 against limits of 50: the exact count accepts nothing
        Files.writeString(file, SCENARIO.replace("rate = 10, arrival = constant,", "rate = 10, arrival = constant, "
                + "cost = 60,"));

        CommandLines.Outcome run = edgesim("run", file.toString(), "--out", dir.resolve("r").toString(),
                "--fail-if", "local.multiplication < 2");

        assertThat(run.status()).as(run.err()).isEqualTo(3);
        assertThat(run.out()).contains("local.multiplication < 2: FAILED (no value: the exact count accepted nothing, "
                + "so the multiplication is undefined)");
    }

    @Test
    void unknownNamesAreBadInputWithTheClosestNameBeforeTheRun() throws IOException {
        String file = scenario().toString();
        String out = dir.resolve("never").toString();

        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exakt.let_through < 10"),
                "--fail-if: 'exakt.let_through < 10': 'exakt' is not a limiter of the scenario; allowed: local, "
                        + "exact; did you mean `exact`?");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.latency_p99.SYD < 10"),
                "'latency_p99' is not a figure; allowed: ", "did you mean `latency_p99_ms`?");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.latency_p99_ms.SDY < 10"),
                "'SDY' is not a region of the scenario nor a bound", "did you mean `SYD`?");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.latency_p99_ms < 10"),
                "latency_p99_ms is not measured over the whole run; allowed: exact.latency_p99_ms.REGION");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.let_through.upper < 10"),
                ".upper reads the replications' interval, and there are none; allowed: add --replications N");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.let_through < 10ms"),
                "'10ms': let_through is not measured in ms");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.let_through = 10"),
                "'=' is not a comparison; allowed: < <= > >= == !=");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.usd_per_month =< 10"),
                "'=<' is not a comparison; allowed: < <= > >= == !=");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.let_through 10"),
                "no comparison; allowed: LIMITER.FIGURE");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.hot_objects == 0"),
                "hot_objects is measured for a limiter with a durable-object stage, and local has none; allowed: "
                        + "the limiters exact");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.keys_over_limit.plan:pr < 1"),
                "'pr' is not a plan of the scenario's clients; allowed: no plan");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.keys_over_limit_share < 50"),
                "'50' is above 1, and a share is at most that (without %, a share is a fraction); allowed: a "
                        + "fraction from 0 to 1, or a percentage from 0% to 100%, e.g. 0.01 or 1%");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.keys_over_limit_share < 150%"),
                "'150%' is above 100%, and a share is at most that; allowed: ");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.sent < 1e400"),
                "'1e400' is too large for a number (the largest is about 1.8e308); allowed: a number, without a unit");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "exact.latency_p99_ms.SYD < 1e308s"),
                "'1e308s' is too large for a number");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.keys_over_limit_share > -1"),
                "'-1' is below 0, and a share is at least that; allowed: ");
        assertOneLineOfBadInput(edgesim("run", file, "--out", out, "--fail-if", "local.keys_over_limit < -1"),
                "'-1' is below 0, and keys_over_limit never is; allowed: a number, without a unit, e.g. 100");
        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void aPlansFigureAndAShareInPercent() throws IOException {
        Path file = dir.resolve("plans.conf");
        // a plan's name may hold a dot
        Files.writeString(file, """
                name = plans
                duration = 30s
                regions = [FRA, SYD]
                clients = [ { name = api, key = "k", rate = 10, arrival = constant, pops { FRA = 1, SYD = 1 },
                              plan = pro.eu } ]
                limiters = [ { name = local, tier = cache, key = api-key } ]
                plans { "pro.eu" { limit = 50, window = 60s } }
                """);

        CommandLines.Outcome run = edgesim("run", file.toString(), "--out", dir.resolve("r").toString(),
                "--fail-if", "local.keys_over_limit_share.plan:pro.eu < 50%");

        assertThat(run.status()).isEqualTo(3);
        assertThat(run.err()).contains("threshold failed: local.keys_over_limit_share.plan:pro.eu < 50%: local share "
                + "of keys over limit plan pro.eu was 100%");
    }

    @Test
    void aPlansFigureOfALimiterThatCountsByNoPlansIsBadInput() throws IOException {
        Path file = dir.resolve("off.conf");
        Files.writeString(file, """
                name = off
                duration = 30s
                regions = [FRA]
                plans { free { limit = 50, window = 60s } }
                clients = [ { name = api, key = "k", rate = 10, plan = free } ]
                limiters = [
                  { name = local, tier = cache, key = api-key }
                  { name = by-ip, tier = cache, key = ip, limit = 100, window = 60s, contract = off }
                ]
                """);

        assertOneLineOfBadInput(edgesim("run", file.toString(), "--out", dir.resolve("never").toString(),
                "--fail-if", "by-ip.keys_over_limit.plan:free < 1"), "limiter by-ip counts every key by its own "
                + "numbers, not by plans: it has no per-plan figures; allowed: a plan of a limiter that counts by "
                + "them: local");
        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void aSweepNamesTheValuesAtWhichAThresholdFailed() throws IOException {
        Path out = dir.resolve("sweep");

        CommandLines.Outcome sweep = edgesim("sweep", scenario().toString(), "--param", "limiters.local.limit=20,50",
                "--out", out.toString(), "--fail-if", "local.let_through < 90");

        assertThat(sweep.status()).isEqualTo(3);
        assertThat(sweep.out()).contains("thresholds (--fail-if): failed at limiters.local.limit = 50",
                "limiters.local.limit = 20: local.let_through < 90: held (40)");
        assertThat(sweep.err().lines()).containsExactly("edgesim: threshold failed at limiters.local.limit = 50: "
                + "local.let_through < 90: local let through was 100");
        assertThat(Files.readString(out.resolve("sweep.md"))).contains("## Thresholds",
                "limiters.local.limit = 50: local.let_through < 90: FAILED (100)");
    }

    @Test
    void aSweepOfLimitersReadsItsThresholdsAgainstTheValuesNotTheFile() throws IOException {
        Path out = dir.resolve("limiter-sweep");
        String other = "{ name = other, tier = isolate, limit = 50, window = 60s, key = api-key }";

        // 'other' is in the second value only, not in the file: it may be named, and fails where it is not run
        CommandLines.Outcome sweep = edgesim("sweep", scenario().toString(), "--out", out.toString(), "--param",
                "limiters=[" + other + "],[{ name = local, tier = cache, limit = 50, window = 60s, key = api-key }, "
                        + other + "]", "--fail-if", "other.let_through < 1000", "--fail-if", "local.let_through < 90");

        assertThat(sweep.status()).as(sweep.err()).isEqualTo(3);
        assertThat(sweep.out()).contains(": other.let_through < 1000: held (", ": local.let_through < 90: FAILED "
                + "(no value: the run has no limiter local)", ": local.let_through < 90: FAILED (100)");

        // a name that no value has is still bad input before anything runs
        CommandLines.Outcome unknown = edgesim("sweep", scenario().toString(), "--out", dir.resolve("x").toString(),
                "--param", "limiters=[" + other + "],[" + other.replace("50", "60") + "]", "--fail-if",
                "exact.let_through < 1");
        assertOneLineOfBadInput(unknown, "--fail-if: 'exact.let_through < 1': 'exact' is not a limiter of the "
                + "scenario; allowed: other");
    }
}
