package io.edgesim.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {

    /** Exit status, standard output and standard error of one command line. */
    private record Outcome(int status, String out, String err) {
    }

    private static Outcome edgesim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    @Test
    void runPrintsATablePerLimiterAndWritesTheReportFolder(@TempDir Path dir) throws IOException {
        Path decisions = dir.resolve("decisions.csv");
        Outcome run = edgesim("run", "scenarios/three-pops.conf", "--out", dir.resolve("out").toString(),
                "--decisions", decisions.toString());
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("local (cache, fixed-window 100 per 60s)", "exact (durable-object",
                "multiplication 3.00x");
        assertThat(dir.resolve("out/result.json")).content().contains("\"engine\" : \"virtual\"");
        assertThat(dir.resolve("out/report.md")).content().startsWith("# three-pops");
        assertThat(dir.resolve("out/by-region.csv")).content().startsWith("limiter,tier,region,sent");
        assertThat(dir.resolve("out/accepted-by-region.png")).exists();
        var lines = Files.readAllLines(decisions);
        assertThat(lines.get(0)).isEqualTo("limiter,time_ms,pop,key,cost,allowed,remaining,retry_after_s,latency_ms");
        assertThat(lines).hasSize(1 + 2 * 885);
    }

    @Test
    void seedFlagOverridesTheScenarioSeed(@TempDir Path dir) throws IOException {
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--seed", "11", "--out", dir.toString()).status())
                .isZero();
        assertThat(dir.resolve("result.json")).content().contains("\"seed\" : 11");
    }

    @Test
    void badScenarioGivesOneLineAndStatusTwo(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.conf");
        Files.writeString(bad, """
                name = bad
                duration = 10s
                clients = [ { name = c, rate = 1, key = k } ]
                limiters = [ { name = b, tier = binding, limit = 10, period = 30, key = api-key } ]
                """);
        for (String command : new String[]{"run", "validate"}) {
            Outcome outcome = edgesim(command, bad.toString());
            assertThat(outcome.status()).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).hasSize(1);
            assertThat(outcome.err()).contains("bad.conf", "limiters[0].period", "10 or 60")
                    .doesNotContain("Exception", "\tat ");
        }
    }

    @Test
    void missingScenarioFileIsBadInput() {
        Outcome outcome = edgesim("run", "scenarios/no-such.conf");
        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).contains("no-such.conf").doesNotContain("Exception");
    }

    @Test
    void unknownEngineAndUnknownFlagAreBadInput() {
        Outcome engine = edgesim("run", "scenarios/three-pops.conf", "--engine", "warp");
        assertThat(engine.status()).isEqualTo(2);
        assertThat(engine.err()).contains("--engine", "warp", "allowed: virtual, cluster");
        Outcome flag = edgesim("run", "scenarios/three-pops.conf", "--sede", "3");
        assertThat(flag.status()).isEqualTo(2);
        assertThat(flag.err()).contains("--sede");
    }

    @Test
    void aSpeedThatIsNotAPositiveNumberIsOneLineOfBadInput() {
        for (String speed : new String[]{"0", "-1", "fast", "NaN", "Infinity"}) {
            Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--speed", speed);
            assertThat(outcome.status()).as(speed).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(speed).hasSize(1);
            assertThat(outcome.err()).as(speed).contains("--speed", "greater than 0");
        }
    }

    @Test
    void aSpeedOnTheVirtualEngineIsBadInput() {
        Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--speed", "2");

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).contains("--speed", "--engine cluster");
    }

    @Test
    void validateAcceptsTheShippedScenario() {
        Outcome outcome = edgesim("validate", "scenarios/three-pops.conf");
        assertThat(outcome.status()).isZero();
        assertThat(outcome.out()).contains("ok", "three-pops", "FRA, AMS, SYD");
    }

    @Test
    void regionsPrintsTheMatrixWithEstimatedPairsMarked() {
        Outcome outcome = edgesim("regions");
        assertThat(outcome.status()).isZero();
        assertThat(outcome.out()).contains("FRA", "SYD", "AMS", "*");
    }

    @Test
    void badRegionsFileIsBadInput(@TempDir Path dir) throws IOException {
        Path regions = dir.resolve("regions.conf");
        Files.writeString(regions, "regions { FRA { city = Frankfurt } ");
        Outcome outcome = edgesim("regions", "--regions", regions.toString());
        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).contains("regions.conf").doesNotContain("Exception");
    }

    @Test
    void sweepRunsOncePerValueAndChartsTheResult(@TempDir Path dir) {
        Outcome sweep = edgesim("sweep", "scenarios/three-pops.conf", "--param",
                "clients.spread.pops=[FRA],[FRA,AMS],[FRA,AMS,SYD]", "--out", dir.toString());
        assertThat(sweep.status()).isZero();
        // one PoP: the cache lets 100 through; each PoP added grants another 100; the Durable Object stays at 100
        assertThat(dir.resolve("sweep.csv")).content()
                .contains("clients.spread.pops,\"[FRA,AMS]\",local,cache,")
                .contains(",local,cache,885,300,")
                .contains(",exact,durable-object,885,100,");
        assertThat(dir.resolve("sweep-accepted.png")).exists();
        assertThat(dir.resolve("sweep.md")).content().contains("sweep-multiplication.png");
    }

    @Test
    void sweepRangesExpandAndBadParamsAreBadInput(@TempDir Path dir) {
        Outcome range = edgesim("sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=50..150/50",
                "--out", dir.toString());
        assertThat(range.status()).isZero();
        assertThat(range.out().lines().filter(l -> l.matches("^(50|100|150) .*"))).hasSize(3);
        for (String param : new String[]{"limiters.local.limit", "limiters.nope.limit=1", "limiters.local.limit=9..1",
                "limiters.local.limit=0"}) {
            Outcome bad = edgesim("sweep", "scenarios/three-pops.conf", "--param", param, "--out", dir.toString());
            assertThat(bad.status()).as(param).isEqualTo(2);
            assertThat(bad.err()).as(param).doesNotContain("Exception");
        }
    }
}
