package io.edgesim.cli;

import io.edgesim.cli.CommandLines.Outcome;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

class MainTest {

    // a decisions table an earlier run wrote (a file that is not one is not replaced at all)
    private static final String OLD_DECISIONS = io.edgesim.report.DecisionsCsv.HEADER + "\nold,decisions";

    /** Commands as usual, except that run writes half a report and then finds the disk full. */
    private static final CommandLine.IFactory FULL_DISK = new CommandLine.IFactory() {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            K command = CommandLine.defaultFactory().create(type);
            if (command instanceof RunCommand run) {
                run.reportWriter = (result, dir) -> {
                    Files.writeString(dir.resolve("result.json"), "{ \"half\"");
                    throw new IOException("No space left on device");
                };
            }
            return command;
        }
    };

    @Test
    void aFullDiskIsOneLineWithStatusOneAndLeavesThePreviousReport(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--out", out.toString()).status()).isZero();
        String before = Files.readString(out.resolve("result.json"));
        Path decisions = Files.writeString(dir.resolve("decisions.csv"), OLD_DECISIONS);

        Outcome outcome = edgesim(FULL_DISK, "run", "scenarios/three-pops.conf", "--out", out.toString(),
                "--decisions", decisions.toString());

        assertThat(outcome.status()).isEqualTo(1);
        assertThat(outcome.err()).isEqualTo("edgesim: --out: cannot write " + out + ": No space left on device; "
                + out + " is as it was before the run" + System.lineSeparator());
        assertThat(outcome.out()).isEmpty();
        assertThat(out.resolve("result.json")).hasContent(before);
        assertThat(decisions).hasContent(OLD_DECISIONS);
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("out", "decisions.csv");
        }
    }

    @Test
    void debugAddsTheStackTraceAfterTheLineAnywhereOnTheCommandLine(@TempDir Path dir) {
        String out = dir.resolve("out").toString();
        for (String[] commandLine : new String[][]{{"--debug", "run", "scenarios/three-pops.conf", "--out", out},
                {"run", "scenarios/three-pops.conf", "--debug", "--out", out}}) {
            Outcome outcome = edgesim(FULL_DISK, commandLine);
            String as = String.join(" ", commandLine);
            assertThat(outcome.status()).as(as).isEqualTo(1);
            assertThat(outcome.err()).as(as).startsWith("edgesim: --out: cannot write " + out + ": No space")
                    .contains(System.lineSeparator() + "io.edgesim.cli.WriteFailure: --out: ", "\tat io.edgesim.cli.",
                            "Caused by: java.io.IOException: No space left on device");
        }
        Outcome bad = edgesim("validate", "scenarios/no-such.conf", "--debug");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).startsWith("edgesim: ").contains("no-such.conf", "InputException", "\tat io.edgesim.");
    }

    @Test
    void anUnexpectedErrorIsOneLineNamingItWithStatusOne(@TempDir Path dir) {
        CommandLine.IFactory broken = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                K command = CommandLine.defaultFactory().create(type);
                if (command instanceof RunCommand run) {
                    run.reportWriter = (result, dir) -> {
                        throw new IllegalStateException("broken\non two lines");
                    };
                }
                return command;
            }
        };
        Outcome outcome = edgesim(broken, "run", "scenarios/three-pops.conf", "--out", dir.resolve("out").toString());

        assertThat(outcome.status()).isEqualTo(1);
        assertThat(outcome.err()).isEqualTo("edgesim: internal error: java.lang.IllegalStateException: broken on two "
                + "lines; a bug in edgesim: please report it with the output of --debug" + System.lineSeparator());
        assertThat(dir.resolve("out")).doesNotExist();
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
    void aDurationOfPartSecondsIsPrintedAsLongAsItIs(@TempDir Path dir) throws IOException {
        Path scenario = Files.writeString(dir.resolve("short.conf"), "include file(\""
                + Path.of("scenarios/three-pops.conf").toAbsolutePath() + "\")\nduration = 1500ms\n"
                + "clients = [ { name = one, key = k, rate = 10, pops = [FRA] } ]\n");
        Outcome run = edgesim("run", scenario.toString(), "--out", dir.resolve("out").toString());
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("scenario three-pops - engine virtual, seed 7, 1.5 s of scenario time");
        assertThat(dir.resolve("out/report.md")).content().contains(", 1.5 s of scenario time");
    }

    @Test
    void theBillInReportMdNamesThePricesTheScenarioSets(@TempDir Path dir) throws IOException {
        Path scenario = Files.writeString(dir.resolve("priced.conf"), "include file(\""
                + Path.of("scenarios/three-pops.conf").toAbsolutePath() + "\")\n"
                + "prices { durable-object-requests-per-million = 0.30, plan-minimum = 7 }\n");
        assertThat(edgesim("run", scenario.toString(), "--out", dir.resolve("out").toString()).status()).isZero();
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--out", dir.resolve("plain").toString()).status())
                .isZero();

        assertThat(dir.resolve("out/report.md")).content().contains("Prices the scenario sets, in place of the "
                + "published ones (*Assumptions* has the rest): `prices.durable-object-requests-per-million = 0.3`, "
                + "`prices.plan-minimum = 7`.");
        assertThat(dir.resolve("plain/report.md")).content().doesNotContain("Prices the scenario sets");
    }

    @Test
    void aFaultOverTheWholeRunLeavesAnOutsidePeriodOfNoTimeWithoutRatesOrWorstKey(@TempDir Path dir)
            throws IOException {
        Path scenario = Files.writeString(dir.resolve("down.conf"), "include file(\""
                + Path.of("scenarios/three-pops.conf").toAbsolutePath() + "\")\n"
                + "faults = [ { kind = region-outage, region = FRA, from = 0s, until = 60s } ]\n"
                + "tiers.durable-object.timeout = 1s\n");
        Outcome run = edgesim("run", scenario.toString(), "--out", dir.resolve("out").toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("\noutside faults +0 +local +0 +0 +0 .* +0 +0 +0 +-\n")
                .containsPattern("\noutside faults +local( +-)+\n");
    }

    @Test
    void theFaultWindowsLatencyTableOfTheWholeEdgeHasAColumnForTheFaultsAndTheBusiestRegionsOnly(@TempDir Path dir)
            throws IOException {
        Path scenario = Files.writeString(dir.resolve("world.conf"), "name = world\nduration = 20s\n"
                + "regions-file = \"" + Path.of("regions/cloudflare.conf").toAbsolutePath() + "\"\n"
                + "clients = [ { name = many, key = \"k-{i}\", count = 2000, rate = 0.5, pops = all } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 10, window = 10s, key = api-key } ]\n"
                + "faults = [ { kind = pop-outage, pop = FRA, from = 5s, until = 10s } ]\n");
        Outcome run = edgesim("run", scenario.toString(), "--out", dir.resolve("out").toString());

        assertThat(run.status()).as(run.err()).isZero();
        String table = run.out().substring(run.out().indexOf("added latency by fault window"));
        assertThat(table).startsWith("added latency by fault window (p50 / p99 ms; the 16 regions the faults name "
                + "and those with the most requests, of 340 (every region: result.json's fault_windows))\n");
        assertThat(table.lines().skip(1).findFirst().orElseThrow().split("p50 / p99 ms", -1)).hasSize(17);
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
    void aLineBreakInASettingNameIsEscapedSoTheErrorStaysOneLine(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.conf"), """
                name = bad
                duration = 10s
                clients = [ { name = c, rate = 1, key = k } ]
                limiters = [ { name = l, tier = cache, limit = 10, window = 1s, "p\\rlace\\u0000ment" = 1 } ]
                """);

        Outcome outcome = edgesim("validate", bad.toString());

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).isEqualTo("edgesim: " + bad + ": limiters[0].p\\rlace\\u0000ment: unknown setting; "
                + "allowed: tier, algorithm, limit, window, rate, burst, anchor, count, key, name, clients, reference, "
                + "plans, limit-factor, contract, read-latency, write-delay" + System.lineSeparator());
    }

    @Test
    void helpOfEveryCommandPrintsNoFormatWarning() {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try {
            // picocli warns on System.err when a description holds a bare '%'
            System.setErr(new java.io.PrintStream(captured, true));
            for (String command : new String[]{"run", "validate", "regions", "sweep", "reports", "bench"}) {
                Outcome outcome = edgesim(command, "--help");
                assertThat(outcome.status()).as(command).isZero();
                assertThat(outcome.err()).as(command).isEmpty();
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(captured.toString()).isEmpty();
        assertThat(edgesim("run", "--help").out()).contains("95 %").doesNotContain("%%");
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
        assertThat(flag.err().strip().lines()).hasSize(1);
        assertThat(flag.err()).contains("--sede", "did you mean --seed?", "allowed: ", "--out");
    }

    @Test
    void onlyACloseNameIsSuggestedForAnUnknownFlagOrCommand() {
        // picocli's own suggestion was the option sharing the longest prefix: serve --decisions "meant" --debug
        Outcome serve = edgesim("serve", "scenarios/three-pops.conf", "--decisions", "d.csv");
        assertThat(serve.status()).isEqualTo(2);
        assertThat(serve.err()).contains("--decisions: 'edgesim serve' has no such option; allowed: ")
                .doesNotContain("did you mean");
        assertThat(edgesim("rnu", "scenarios/three-pops.conf").err()).contains("rnu: 'edgesim' has no such "
                + "command (did you mean run?)");
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--replication", "3").err())
                .contains("(did you mean --replications?)");
        // most of a name's start: an abbreviation, as picocli suggested it
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--lateness", "5").err())
                .contains("(did you mean --lateness-tolerance?)");
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--replicate", "3").err())
                .contains("(did you mean --replications?)");
        assertThat(edgesim("val", "scenarios/three-pops.conf").err()).contains("(did you mean validate?)");
    }

    @Test
    void aMissingArgumentSaysWhatIsAllowedWhereItsHelpSaysItInALine() {
        CommandLines.assertOneLineOfBadInput(edgesim("run"), "edgesim: SCENARIO: missing; 'edgesim run' needs it; "
                + "allowed: scenario file (HOCON), e.g. scenarios/three-pops.conf (see 'edgesim run --help')");
        CommandLines.assertOneLineOfBadInput(edgesim("compare", "a"), "edgesim: B: missing; 'edgesim compare' needs "
                + "it; allowed: another report folder or result.json");
        // a help of several sentences is not a list of what is allowed: the help is named
        CommandLines.assertOneLineOfBadInput(edgesim("run", "scenarios/three-pops.conf", "--out"),
                "edgesim: --out: needs a value DIR; see 'edgesim run --help'");
    }

    @Test
    void everyCommandNamesAnUnknownOptionBeforeWhatIsMissing() {
        String[][] commandLines = {{"node", "--no-such-flag"}, {"node", "--owner", "FRA"}, {"run", "--no-such-flag"},
                {"validate", "--no-such-flag"}, {"sweep", "scenarios/three-pops.conf", "--no-such-flag"},
                {"bench", "--no-such-flag"}, {"reports", "--no-such-flag"}, {"regions", "--no-such-flag"},
                {"run", "scenarios/three-pops.conf", "--engine", "cluster", "--join", "127.0.0.1:1", "--no-such-flag"}};
        for (String[] commandLine : commandLines) {
            String unknown = commandLine[commandLine[0].equals("node") ? 1 : commandLine.length - 1];
            CommandLines.assertOneLineOfBadInput(edgesim(commandLine), "edgesim: " + unknown + ": 'edgesim "
                    + commandLine[0] + "' has no such option; allowed: ");
        }
    }

    @Test
    void aFlagValueOfTheWrongTypeIsOneLineNamingTheFlagAndWhatIsAllowed() {
        Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--seed", "abc");

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).isEqualTo("edgesim: --seed: 'abc' is not a whole number; allowed: a whole "
                + "number, e.g. 42" + System.lineSeparator());
        Outcome large = edgesim("run", "scenarios/three-pops.conf", "--seed", "99999999999999999999");
        assertThat(large.status()).isEqualTo(2);
        assertThat(large.err()).isEqualTo("edgesim: --seed: 99999999999999999999 is too large; allowed: a whole "
                + "number from -9,223,372,036,854,775,808 to 9,223,372,036,854,775,807" + System.lineSeparator());
        // the replications' seeds would wrap around to negative ones
        Outcome wrapping = edgesim("run", "scenarios/three-pops.conf", "--seed", "9223372036854775807",
                "--replications", "10");
        assertThat(wrapping.status()).isEqualTo(2);
        assertThat(wrapping.err()).isEqualTo("edgesim: --replications: 10 runs from seed 9223372036854775807 would "
                + "pass the largest seed, 9223372036854775807; allowed: a seed of at most 9223372036854775798 for 10 "
                + "runs" + System.lineSeparator());
    }

    @Test
    void aPathFlagNoFileCanHaveIsOneLineNamingTheFlag() {
        Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--out", "a\u0000b");

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).isEqualTo("edgesim: --out: 'a\\u0000b' is not a path: Nul character not allowed: "
                + "a\\u0000b; see 'edgesim run --help'" + System.lineSeparator());
    }

    @Test
    void missingArgumentsAndUnknownCommandsAreOneLineEach() {
        String[][] commandLines = {{"run"}, {"run", "scenarios/three-pops.conf", "--seed"},
                {"sweep", "scenarios/three-pops.conf"}, {"warp"}, {"run", "scenarios/three-pops.conf", "extra"},
                {"run", "scenarios/three-pops.conf", "--seed", "1", "--seed", "2"}};
        String[] named = {"SCENARIO", "--seed", "--param", "warp", "extra", "--seed: given twice"};
        for (int i = 0; i < commandLines.length; i++) {
            Outcome outcome = edgesim(commandLines[i]);
            String as = String.join(" ", commandLines[i]);
            assertThat(outcome.status()).as(as).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
            assertThat(outcome.err()).as(as).startsWith("edgesim: ").contains(named[i]);
        }
    }

    @Test
    void aSpeedOutsideAThousandthToAThousandIsOneLineOfBadInput() {
        for (String speed : new String[]{"0", "-1", "fast", "NaN", "Infinity", "1e-300", "1e300", "0.0009", "1001"}) {
            Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--speed", speed);
            assertThat(outcome.status()).as(speed).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(speed).hasSize(1);
            assertThat(outcome.err()).as(speed).contains("--speed", "'" + speed + "'", "from 0.001 to 1000");
        }
    }

    @Test
    void aLatenessToleranceOutsideZeroToAMinuteOrOnTheVirtualEngineIsOneLineOfBadInput() {
        for (String ms : new String[]{"-1", "soon", "NaN", "60001"}) {
            Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster",
                    "--lateness-tolerance", ms);
            assertThat(outcome.status()).as(ms).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(ms).hasSize(1);
            assertThat(outcome.err()).as(ms).contains("--lateness-tolerance", "'" + ms + "'", "from 0 to 60000");
        }
        Outcome virtual = edgesim("run", "scenarios/three-pops.conf", "--lateness-tolerance", "2");
        assertThat(virtual.status()).isEqualTo(2);
        assertThat(virtual.err().strip().lines()).hasSize(1);
        assertThat(virtual.err()).contains("--lateness-tolerance", "--engine cluster");
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
    void regionsSummarisesALargeFileByAreaAndPrintsItsMatrixOnlyWhenAsked() {
        Outcome summary = edgesim("regions", "--regions", "regions/cloudflare.conf");
        Outcome matrix = edgesim("regions", "--regions", "regions/cloudflare.conf", "--matrix");

        assertThat(summary.status()).isZero();
        assertThat(summary.out()).startsWith("340 PoPs, 32 hosting Durable Objects, by Durable Object area")
                .contains("\nweur ", "\nafr ").doesNotContain("round trip, ms (*");
        assertThat(summary.out().lines()).hasSizeLessThan(20);
        assertThat(matrix.status()).isZero();
        assertThat(matrix.out()).contains("round trip, ms (*", "57543 of 57630 pairs estimated");
        assertThat(matrix.out().lines()).hasSizeGreaterThan(680);
    }

    @Test
    void regionsGivenForAScenarioThatNamesItsOwnFileIsRefusedRatherThanIgnored() {
        for (String command : List.of("run", "validate", "bench")) {
            Outcome outcome = edgesim(command, "scenarios/global-botnet.conf", "--regions", "regions.conf");

            assertThat(outcome.status()).as(command).isEqualTo(2);
            assertThat(outcome.err()).as(command).isEqualTo("edgesim: --regions: regions.conf would not be used: "
                    + "scenarios/global-botnet.conf names its own regions file, regions/cloudflare.conf "
                    + "(regions-file); allowed: leave --regions out, or take regions-file out of the scenario\n");
        }
        // the same file as the scenario's is no contradiction
        assertThat(edgesim("validate", "scenarios/global-botnet.conf", "--regions", "regions/cloudflare.conf")
                .status()).isZero();
        assertThat(edgesim("validate", "scenarios/global-botnet.conf", "--regions",
                Path.of("regions/cloudflare.conf").toAbsolutePath().toString()).status()).isZero();
    }

    @Test
    void validateCountsTheRegionsOfALargeFileInsteadOfNamingThem(@TempDir Path dir) throws IOException {
        Path scenario = dir.resolve("world.conf");
        Files.writeString(scenario, "duration = 10s\nclients = [ { name = a, rate = 5 } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 20, window = 10s } ]\n");

        Outcome outcome = edgesim("validate", scenario.toString(), "--regions", "regions/cloudflare.conf");

        assertThat(outcome.status()).isZero();
        assertThat(outcome.out()).isEqualTo(scenario + ": ok - scenario world, 1 client source(s), 1 limiter(s), "
                + "regions 340 of regions/cloudflare.conf\n");
    }

    @Test
    void aRegionsFlagNamingNoFileSaysWhichFlagAndWhatIsAllowed() {
        for (String[] command : new String[][]{{"regions"}, {"validate", "scenarios/three-pops.conf"}}) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(command),
                    java.util.stream.Stream.of("--regions", "regions/cloudfare.conf")).toArray(String[]::new);
            Outcome outcome = edgesim(args);

            assertThat(outcome.status()).isEqualTo(2);
            assertThat(outcome.err()).isEqualTo("edgesim: --regions: regions/cloudfare.conf: no such file; allowed: "
                    + "a regions file, e.g. regions.conf or regions/cloudflare.conf, or leave --regions out for "
                    + "the default regions.conf\n");
        }
    }

    @Test
    void anUnknownPopInAScenarioOverEveryLocationGetsAShortLineWithTheClosestCode(@TempDir Path dir)
            throws IOException {
        Path scenario = dir.resolve("world.conf");
        Files.writeString(scenario, "duration = 10s\nclients = [ { name = a, rate = 5, pops = [FRA, FRAA] } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 20, window = 10s } ]\n");

        Outcome outcome = edgesim("validate", scenario.toString(), "--regions", "regions/cloudflare.conf");

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).contains("clients[0].pops: FRAA is not a region of this scenario; allowed: BRU, ",
                "... (340 in all); did you mean `FRA`?");
        assertThat(outcome.err().length()).isLessThan(400);
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
    void aSweepTableShowsTheCostOfALimiterWhoseCostDiffersBetweenTheValues(@TempDir Path dir) {
        Outcome price = edgesim("sweep", "scenarios/cost.conf", "--param",
                "prices.worker-cpu-ms-per-request=1,5", "--out", dir.resolve("price").toString());
        Outcome limit = edgesim("sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=50,100",
                "--out", dir.resolve("limit").toString());

        // the objects' $1.35; at 5 ms a request, 50 million CPU ms a month: 20 million beyond the 30 million
        // included, $0.40 more
        assertThat(price.out().lines().limit(3)).containsExactly(
                "prices.worker-cpu-ms-per-request  checks let through           checks x  checks $/month",
                "1                                              13888  1.00 (bound 1.00)            1.35",
                "5                                              13888  1.00 (bound 1.00)            1.75");
        assertThat(limit.out()).doesNotContain("$/month");
    }

    @Test
    void aSweepOfTheLimitersShowsEachLimiterOfAnyValueAndADashWhereAValueHasNone(@TempDir Path dir) {
        String one = "{name=a,tier=cache,limit=100,window=60s}";
        String two = one + ",{name=b,tier=isolate,limit=10,window=60s}";

        Outcome sweep = edgesim("sweep", "scenarios/three-pops.conf", "--param", "limiters=[" + one + "],[" + two
                + "]", "--out", dir.toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        List<String> table = sweep.out().lines().limit(3).toList();
        assertThat(table.get(0)).endsWith("a let through                a x  b let through    b x");
        assertThat(table.get(1)).endsWith("300  3.00 (bound 3.00)              -      -");
        assertThat(table.get(2)).contains(" 300  3.00 (bound 3.00) ");
        assertThat(dir.resolve("sweep-multiplication.png")).isNotEmptyFile();
    }

    @Test
    void sweepWithoutParamRunsTheSweepTheScenarioDeclaresAndParamReplacesIt(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("declared.conf"), Files.readString(Path.of(
                "scenarios/three-pops.conf")) + "\nsweep = \"limiters.local.limit=50,100\"\n");

        Outcome declared = edgesim("sweep", file.toString(), "--out", dir.resolve("declared").toString());
        Outcome given = edgesim("sweep", file.toString(), "--param", "limiters.local.limit=25,30", "--out",
                dir.resolve("given").toString());

        assertThat(declared.status()).as(declared.err()).isZero();
        // three PoPs, each granting the cache's limit
        assertThat(dir.resolve("declared/sweep.csv")).content()
                .contains("limiters.local.limit,50,local,cache,885,150,",
                        "limiters.local.limit,100,local,cache,885,300,");
        assertThat(given.status()).as(given.err()).isZero();
        assertThat(dir.resolve("given/sweep.csv")).content().contains("limiters.local.limit,25,local,cache,885,75,")
                .doesNotContain("limiters.local.limit,50,");
        Outcome none = edgesim("sweep", "scenarios/three-pops.conf", "--out", dir.resolve("none").toString());
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("edgesim: --param: missing, and scenarios/three-pops.conf declares no "
                + "sweep; allowed: --param PATH=VALUES (e.g. limiters.local.limit=50,100,200), or sweep = "
                + "\"PATH=VALUES\" in the scenario" + System.lineSeparator());
    }

    @Test
    void runWithReplicationsPrintsALinePerLimiterAndWritesTheIntervals(@TempDir Path dir) {
        Outcome run = edgesim("run", "scenarios/three-pops.conf", "--replications", "10", "--out", dir.toString());

        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("10 runs at seeds 7 to 16: mean and 95 % interval of the mean (expanded "
                + "percentile bootstrap)\nlocal: sent ").contains("; let through 300.0 (300.0 to 300.0); ")
                .contains("; multiplication 3.00 (3.00 to 3.00);");
        assertThat(dir.resolve("result.json")).content().contains("\"seeds\" : [ 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 ]",
                "\"ci95_low\"");
        assertThat(dir.resolve("report.md")).content().contains("## Replications");
        assertThat(dir.resolve("replications.png")).isNotEmptyFile();
    }

    @Test
    void sweepWithReplicationsShowsAnIntervalPerValue(@TempDir Path dir) {
        Outcome sweep = edgesim("sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=50,100",
                "--replications", "10", "--out", dir.toString());

        assertThat(sweep.status()).isZero();
        assertThat(sweep.out()).contains("150.0 (150.0 to 150.0)", "300.0 (300.0 to 300.0)",
                "3.00 (3.00 to 3.00), seed 7's bound 3.00");
        assertThat(dir.resolve("sweep.csv")).content().contains(",replications,sent_mean,")
                .contains(",local,cache,885,150,").contains(",10,885.0,885.0,885.0,150.0,150.0,150.0,");
    }

    @Test
    void aLimiterLettingThroughWhatTheExactCountNeverAcceptsIsUnboundedWithReplicationsToo(@TempDir Path dir)
            throws IOException {
        // requests of cost 5 against a limit of 3: the exact count accepts none; the object fails open while
        // Sydney is cut off from Frankfurt, so it lets some through in every run
        Path scenario = Files.writeString(dir.resolve("zero.conf"), """
                name = zero
                duration = 20s
                seed = 3
                regions = [FRA, SYD]
                clients = [ { name = big, key = "k-{i}", count = 3, rate = 2, cost = 5 } ]
                limiters = [
                  { name = do-open, tier = durable-object, limit = 3, window = 10s, timeout = 100ms, fail-open = true,
                    placement { policy = fixed, region = FRA } }
                ]
                faults = [ { kind = partition, between = [SYD, FRA], from = 5s, until = 10s } ]
                """);
        Outcome run = edgesim("run", scenario.toString(), "--replications", "10", "--out",
                dir.resolve("run").toString());
        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "clients.big.rate=2,3", "--replications",
                "10", "--out", dir.resolve("sweep").toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("multiplication unbounded (exact accepts 0)")
                .containsPattern("do-open: [^\n]*; multiplication unbounded;");
        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(sweep.out()).contains("unbounded").doesNotContain("n/a");
    }

    @Test
    void aSweepOfThePlanMinimumShowsTheBillItChanges(@TempDir Path dir) throws IOException {
        Path scenario = Files.writeString(dir.resolve("minimum.conf"), """
                name = minimum
                duration = 10s
                seed = 1
                regions = [FRA]
                clients = [ { name = a, key = "k-{i}", count = 3, rate = 1 } ]
                limiters = [ { name = exact, tier = durable-object, limit = 5, window = 10s } ]
                """);

        Outcome sweep = edgesim("sweep", scenario.toString(), "--param", "prices.plan-minimum=0,5", "--out",
                dir.resolve("sweep").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        // the usage charge is the same at both values; the bill is the plan minimum more
        assertThat(sweep.out()).contains("exact bill $/month (with the plan minimum)").doesNotContain("exact $/month");
        List<String> rows = sweep.out().lines().filter(l -> l.matches("[05] .*")).toList();
        assertThat(rows).hasSize(2);
        double atZero = Double.parseDouble(rows.get(0).replaceAll(".* ", ""));
        double atFive = Double.parseDouble(rows.get(1).replaceAll(".* ", ""));
        assertThat(atFive - atZero).isCloseTo(5.0, Offset.offset(0.001));
    }

    @Test
    void badReplicationsAreOneLineOfBadInput() {
        Map<String, String> problems = Map.of("0", "0 is too few runs", "-1", "-1 is too few runs", "3",
                "3 is too few runs for a 95 % interval (an interval within the runs' range covers the mean at most "
                + "75 % of the time with 3; a run without --replications gives one seed's figures)", "1",
                "1 is too few runs for a 95 % interval (one run has none; a run without --replications gives one "
                + "seed's figures)", "1001",
                "1001 is too many runs", "99999999999", "99999999999 is too many runs", "99999999999999999999",
                "99999999999999999999 is too many runs", "many",
                "'many' is not a whole number", "2.5", "'2.5' is not a whole number", "", "'' is not a whole number");
        for (Map.Entry<String, String> bad : problems.entrySet()) {
            String n = bad.getKey();
            String[][] commandLines = {{"run", "scenarios/three-pops.conf", "--replications", n},
                    {"sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=5", "--replications", n}};
            for (String[] commandLine : commandLines) {
                Outcome outcome = edgesim(commandLine);
                String as = commandLine[0] + " --replications '" + n + "'";
                assertThat(outcome.status()).as(as).isEqualTo(2);
                assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
                assertThat(outcome.err()).as(as).isEqualTo("edgesim: --replications: " + bad.getValue()
                        + "; allowed: a whole number from 10 to 1000, e.g. 20" + System.lineSeparator());
            }
        }
        // 7 runs' range covers the mean 98 % of the time: that is not why 7 are too few
        Outcome seven = edgesim("run", "scenarios/three-pops.conf", "--replications", "7");
        assertThat(seven.status()).isEqualTo(2);
        assertThat(seven.err()).isEqualTo("edgesim: --replications: 7 is too few runs for a 95 % interval (below 10 "
                + "runs the bootstrap's interval of a skewed figure is not known to cover its mean 95 % of the time; a "
                + "run without --replications gives one seed's figures); allowed: a whole number from 10 to 1000, "
                + "e.g. 20" + System.lineSeparator());
    }

    @Test
    void replicationsOnTheClusterEngineAreBadInput() {
        Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--engine", "cluster", "--replications", "10");

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).contains("--replications", "virtual engine only");
    }

    @Test
    void membersIsAWholeNumberForAClusterRunInThisProcessWithoutKvStages() {
        String[][] bad = {
                {"--engine", "cluster", "--members", "0"},
                {"--engine", "cluster", "--members", "two"},
                {"--engine", "cluster", "--members", "33"},
                {"--members", "2"},
                {"--engine", "cluster", "--members", "2", "--join", "127.0.0.1:1"}};
        String[] said = {"0 is too few members; allowed: a whole number from 1 to 32",
                "'two' is not a number of members", "33 is too many members",
                "only the cluster engine has members", "--members without --join"};
        for (int i = 0; i < bad.length; i++) {
            List<String> args = new ArrayList<>(List.of("run", "scenarios/three-pops.conf"));
            args.addAll(List.of(bad[i]));
            Outcome outcome = edgesim(args.toArray(String[]::new));
            assertThat(outcome.status()).as(args.toString()).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(args.toString()).hasSize(1);
            assertThat(outcome.err()).as(args.toString()).startsWith("edgesim: --members: ").contains(said[i]);
        }
        Outcome kv = edgesim("run", "scenarios/kv-counter.conf", "--engine", "cluster", "--members", "2");
        assertThat(kv.status()).isEqualTo(2);
        assertThat(kv.err()).contains("--members: limiter 'propagation-lag' has a kv stage",
                "allowed: --members 1, or a scenario without kv stages");
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
        // --seed would set every run's seed: the swept seeds would be labels of one run
        Outcome seeds = edgesim("sweep", "scenarios/three-pops.conf", "--param", "seed=1,2", "--seed", "5",
                "--out", dir.resolve("seeds").toString());
        assertThat(seeds.status()).isEqualTo(2);
        assertThat(seeds.err()).isEqualTo("edgesim: --seed: given with a sweep of the seed (--param seed=1,2), "
                + "whose values are the runs' seeds; allowed: one of the two" + System.lineSeparator());
    }

    @Test
    void anOutThatIsAFileIsOneLineOfBadInputBeforeAnythingRuns(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "not a folder");
        Path decisions = dir.resolve("decisions.csv");
        Path sub = file.resolve("sub");
        String[][] commandLines = {
                {"run", "scenarios/three-pops.conf", "--decisions", decisions.toString(), "--out", file.toString()},
                {"run", "scenarios/three-pops.conf", "--out", sub.toString()},
                {"sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=50,100", "--out",
                        sub.toString()}};
        for (String[] commandLine : commandLines) {
            Outcome outcome = edgesim(commandLine);
            String as = String.join(" ", commandLine);
            assertThat(outcome.status()).as(as).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
            assertThat(outcome.err()).as(as)
                    .startsWith("edgesim: --out: cannot write " + commandLine[commandLine.length - 1] + ": ")
                    .contains("is a file, not a folder", "allowed: ").doesNotContain("Exception");
            assertThat(outcome.out()).as(as).isEmpty();
        }
        // the run never started: the decisions file it would have written first is not there
        assertThat(decisions).doesNotExist();
        assertThat(file).hasContent("not a folder");
        // a decisions file under a file is said before the run too (it was after it, with exit status 1)
        Outcome underAFile = edgesim("run", "scenarios/three-pops.conf", "--out", dir.resolve("out").toString(),
                "--decisions", sub.resolve("d.csv").toString());
        assertThat(underAFile.status()).as(underAFile.err()).isEqualTo(2);
        assertThat(underAFile.err()).isEqualTo("edgesim: --decisions: cannot write " + sub.resolve("d.csv") + ": "
                + file + " is a file, not a folder; allowed: a file in a folder that exists or can be created, and "
                + "can be written" + System.lineSeparator());
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aRunThatCannotWriteItsReportLeavesThePreviousOutputsAsTheyWere(@TempDir Path dir) throws IOException {
        // a folder name of 250 characters is allowed, but its staging sibling ".NAME.edgesim-new-PID" is not (at
        // most 255 bytes): the report cannot be written, after the run and the decisions file were
        Path out = Files.createDirectories(dir.resolve("o".repeat(250)));
        Files.writeString(out.resolve("result.json"), "old result");
        Files.writeString(out.resolve("notes.txt"), "mine");
        Path decisions = Files.writeString(dir.resolve("decisions.csv"), OLD_DECISIONS);

        Outcome outcome = edgesim("run", "scenarios/three-pops.conf", "--out", out.toString(), "--decisions",
                decisions.toString());

        // the name passed every check; the file system refused the staging name: an environment failure
        assertThat(outcome.status()).isEqualTo(1);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).startsWith("edgesim: --out: cannot write " + out + ": file name too long")
                .contains(out + " is as it was before the run")
                .doesNotContain("Exception");
        assertThat(out.resolve("result.json")).hasContent("old result");
        assertThat(out.resolve("notes.txt")).hasContent("mine");
        assertThat(decisions).hasContent(OLD_DECISIONS);
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    out.getFileName().toString(), "decisions.csv");
        }
    }

    @Test
    void aSecondRunReplacesTheReportFolderAndKeepsFilesItDoesNotWrite(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        assertThat(edgesim("run", "scenarios/three-pops.conf", "--out", out.toString()).status()).isZero();
        Files.writeString(out.resolve("notes.txt"), "mine");
        Files.writeString(out.resolve("result.json"), "stale");

        assertThat(edgesim("run", "scenarios/three-pops.conf", "--out", out.toString()).status()).isZero();

        assertThat(out.resolve("result.json")).content().contains("\"scenario\" : \"three-pops\"");
        assertThat(out.resolve("notes.txt")).hasContent("mine");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("out");
        }
    }

    @Test
    void anOutputThatIsAnInputOrInsideTheReportFolderIsRefused(@TempDir Path dir) throws IOException {
        Path trace = Files.writeString(dir.resolve("trace.csv"), "time_ms,pop,key\n0,FRA,k\n5,AMS,k\n");
        Path regions = Files.copy(Path.of("regions.conf"), dir.resolve("regions.conf"));
        Path common = Files.writeString(dir.resolve("common.conf"), "duration = 10s\n");
        Path scenario = Files.writeString(dir.resolve("s.conf"), """
                name = s
                include "common.conf"
                regions = [FRA, AMS]
                clients = [ { name = t, trace = "trace.csv" } ]
                limiters = [ { name = l, tier = cache, limit = 1, window = 10s, key = api-key } ]
                """);
        Map<Path, String> before = new HashMap<>();
        for (Path input : List.of(trace, regions, common, scenario)) {
            before.put(input, Files.readString(input));
        }
        Path out = dir.resolve("out");
        String[][] commandLines = {
                {"--decisions", scenario.toString()}, {"--decisions", trace.toString()},
                {"--decisions", regions.toString()}, {"--decisions", common.toString()},
                {"--decisions", dir.resolve("sub/../trace.csv").toString()},
                {"--decisions", out.resolve("result.json").toString()}, {"--decisions", out.toString() + "/x.csv"}};
        for (String[] flags : commandLines) {
            Outcome outcome = edgesim("run", scenario.toString(), "--regions", regions.toString(), "--out",
                    out.toString(), flags[0], flags[1]);
            String as = String.join(" ", flags);
            assertThat(outcome.status()).as(as).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
            assertThat(outcome.err()).as(as).startsWith("edgesim: --decisions: " + flags[1] + " is ")
                    .containsAnyOf("an input of this run", "inside --out").contains("allowed: ");
        }
        Outcome folder = edgesim("run", scenario.toString(), "--regions", regions.toString(), "--out",
                dir.toString());
        assertThat(folder.status()).isEqualTo(2);
        assertThat(folder.err()).startsWith("edgesim: --out: " + dir + " holds files but no result.json");
        Files.writeString(dir.resolve("result.json"), "an earlier report, say");
        Outcome holdsInput = edgesim("run", scenario.toString(), "--regions", regions.toString(), "--out",
                dir.toString());
        assertThat(holdsInput.status()).isEqualTo(2);
        assertThat(holdsInput.err()).startsWith("edgesim: --out: " + dir + " holds ").contains("an input of this run");
        for (Map.Entry<Path, String> input : before.entrySet()) {
            assertThat(input.getKey()).hasContent(input.getValue());
        }
        assertThat(out).doesNotExist();
    }

    @Test
    void emptyPathsAreOneLineNamingTheFlag() {
        String[][] commandLines = {{"run", "scenarios/three-pops.conf", "--out", ""},
                {"sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=1,2", "--out", ""},
                {"run", "scenarios/three-pops.conf", "--regions", ""}, {"regions", "--regions", ""},
                {"run", "scenarios/three-pops.conf", "--decisions", ""}, {"validate", ""}};
        String[] named = {"--out", "--out", "--regions", "--regions", "--decisions", "SCENARIO"};
        for (int i = 0; i < commandLines.length; i++) {
            Outcome outcome = edgesim(commandLines[i]);
            String as = String.join(" ", commandLines[i]);
            assertThat(outcome.status()).as(as).isEqualTo(2);
            assertThat(outcome.err()).as(as).startsWith("edgesim: " + named[i] + ": the f")
                    .contains("name is empty; allowed: ");
            assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
        }
    }

    @Test
    void reportsRefusesScenarioAndReportFoldersItCannotUse(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String[][] commandLines = {
                {"reports", "--scenarios", dir.resolve("nonexistent").toString(), "--reports", dir.toString()},
                {"reports", "--check", "--scenarios", file.toString(), "--reports", dir.toString()},
                {"reports", "--check", "--scenarios", empty.toString(), "--reports", dir.toString()},
                {"reports", "--scenarios", "scenarios", "--reports", file.toString()},
                {"reports", "--check", "--scenarios", "scenarios", "--reports", file.toString()},
                {"reports", "--check", "--scenarios", "scenarios", "--reports", "scenarios"}};
        String[] named = {"--scenarios", "--scenarios", "--scenarios", "--reports", "--reports", "--reports"};
        for (int i = 0; i < commandLines.length; i++) {
            Outcome outcome = edgesim(commandLines[i]);
            String as = String.join(" ", commandLines[i]);
            assertThat(outcome.status()).as(as).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
            assertThat(outcome.err()).as(as).startsWith("edgesim: " + named[i] + ": ").contains("allowed: ")
                    .doesNotContain("Exception");
            assertThat(outcome.out()).as(as).doesNotContain("current");
        }
        assertThat(edgesim(commandLines[2]).err()).contains("holds no scenario file");
        assertThat(edgesim(commandLines[5]).err()).contains("scenarios is the --scenarios folder");
    }

    @Test
    void aSweepValueThatBreaksTheScenarioIsBlamedOnParamNotOnTheFile(@TempDir Path dir) {
        Outcome outcome = edgesim("sweep", "scenarios/three-pops.conf", "--param", "limiters.local.limit=100,0",
                "--out", dir.resolve("out").toString());

        assertThat(outcome.status()).isEqualTo(2);
        assertThat(outcome.err()).isEqualTo("edgesim: --param limiters.local.limit=0: limiters[0].limit: 0 is too "
                + "small; allowed: a whole number from 1 to 9e15" + System.lineSeparator());
        // every value is checked before the first run
        assertThat(outcome.out()).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aSweepThatChangesOnlyLatencyShowsTheWorstRegionsP99(@TempDir Path dir) throws IOException {
        // the object moved from Frankfurt to Sydney: the counts stay, the worst region's p99 moves
        Outcome sweep = edgesim("sweep", "scenarios/three-pops.conf", "--param",
                "limiters.exact.placement.region=FRA,SYD", "--out", dir.resolve("one").toString());
        Outcome replicated = edgesim("sweep", "scenarios/three-pops.conf", "--param",
                "limiters.exact.placement.region=FRA,SYD", "--replications", "10", "--out",
                dir.resolve("ten").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(Files.readString(dir.resolve("one/sweep.md"))).contains("| exact worst p99 ms (region) |",
                "| FRA | 300 | 3.00 (bound 3.00) | 100 | 1.00 (bound 1.00) | 251.5 (SYD) |",
                "| SYD | 300 | 3.00 (bound 3.00) | 100 | 1.00 (bound 1.00) | 284.2 (AMS) |")
                .doesNotContain("local worst p99");
        assertThat(replicated.status()).as(replicated.err()).isZero();
        assertThat(Files.readString(dir.resolve("ten/sweep.md"))).contains("| 251.5 (251.5 to 251.5) (SYD) |",
                "sweep.csv has each value's run at the first seed and the means");
    }

    @Test
    void aSweepsCaptionsNameTheLinesThatCoincide(@TempDir Path dir) throws IOException {
        // two caches with the same numbers: one line on each chart, which the captions must say is two
        Path file = Files.writeString(dir.resolve("twins.conf"), """
                name = twins
                duration = 10s
                seed = 1
                regions = [FRA, AMS]
                clients = [ { name = a, key = "k", rate = 5, pops = [FRA, AMS] } ]
                limiters = [
                  { name = one, tier = cache, limit = 10, window = 10s, key = api-key }
                  { name = two, tier = cache, limit = 10, window = 10s, key = api-key }
                  { name = exact, tier = durable-object, limit = 10, window = 10s, key = api-key }
                ]
                """);

        Outcome sweep = edgesim("sweep", file.toString(), "--param", "clients.a.rate=5,10", "--out",
                dir.resolve("out").toString());

        assertThat(sweep.status()).as(sweep.err()).isZero();
        assertThat(Files.readString(dir.resolve("out/sweep.md"))).contains("![requests let through against "
                + "clients.a.rate; lines that coincide, told apart by dash and marker: one and two]"
                + "(sweep-accepted.png)");
    }

    @Test
    void aSweepOfTheSeedWithReplicationsIsRefused(@TempDir Path dir) {
        Outcome outcome = edgesim("sweep", "scenarios/three-pops.conf", "--param", "seed=3,4", "--replications", "10",
                "--out", dir.toString());

        CommandLines.assertOneLineOfBadInput(outcome, "--replications: given with a sweep of the seed (");
        assertThat(outcome.err()).contains("the values would share runs; allowed: one of the two");
    }

    @Test
    void sweepRefusesANonPositiveStepNameDescriptionAndRepeatedValues(@TempDir Path dir) {
        String[] params = {"limiters.local.limit=1..10/-2", "limiters.local.limit=1..10/0",
                "limiters.local.limit=1..x", "name=a,b", "description=a,b", "limiters.local.limit=50,100,50",
                "limiters.local.limit=1.0,1", "limiters.local.limit=1e3,1000", "sweep=a,b",
                "limiters.local.limit=100", "limiters.local.window=60s,1m", "duration=1s,1000ms",
                "clients.spread.pops=[FRA,AMS],[FRA, AMS]", "\"name\"=a,b"};
        String[] problems = {"needs a positive STEP", "needs a positive STEP", "is not a range",
                "'name' cannot be swept", "'description' cannot be swept", "value '50' is given twice",
                "values '1.0' and '1' are the same number", "values '1e3' and '1000' are the same number",
                "'sweep' cannot be swept", "'100' is one value", "values '60s' and '1m' are the same duration",
                "values '1s' and '1000ms' are the same duration", "values '[FRA,AMS]' and '[FRA, AMS]' are the same "
                + "value", "'name' cannot be swept"};
        for (int i = 0; i < params.length; i++) {
            Outcome outcome = edgesim("sweep", "scenarios/three-pops.conf", "--param", params[i], "--out",
                    dir.toString());
            assertThat(outcome.status()).as(params[i]).isEqualTo(2);
            assertThat(outcome.err().strip().lines()).as(params[i]).hasSize(1);
            assertThat(outcome.err()).as(params[i]).startsWith("edgesim: --param: ")
                    .contains(problems[i], "allowed: ");
        }
    }

    @Test
    void validateAndRunCheckEveryValueOfTheSweepAScenarioDeclares(@TempDir Path dir) throws IOException {
        String threePops = Files.readString(Path.of("scenarios/three-pops.conf"));
        String[] sweeps = {"foo", "limiters.zzz.limit=1,2", "limiters.local.limit=5,0"};
        String[] problems = {"sweep: 'foo' is not PATH=VALUES", "sweep: limiters.zzz.limit=1: limiters has no "
                + "element 'zzz'", "sweep: limiters.local.limit=0: limiters[0].limit: 0 is too small"};
        for (int i = 0; i < sweeps.length; i++) {
            Path file = Files.writeString(dir.resolve("s" + i + ".conf"),
                    threePops + "\nsweep = \"" + sweeps[i] + "\"\n");
            for (String[] commandLine : new String[][]{{"validate", file.toString()},
                    {"run", file.toString(), "--out", dir.resolve("out").toString()}}) {
                Outcome outcome = edgesim(commandLine);
                String as = commandLine[0] + " with sweep = " + sweeps[i];
                assertThat(outcome.status()).as(as).isEqualTo(2);
                assertThat(outcome.err().strip().lines()).as(as).hasSize(1);
                assertThat(outcome.err()).as(as).startsWith("edgesim: " + file + ": " + problems[i]);
            }
        }
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
