package io.edgesim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/** `edgesim compare A B`: two runs' figures side by side, what they do not share in lines, bad paths one line. */
class CompareCommandTest {

    // one key over FRA and SYD, 30 s: per-location lets twice the limit through; the object in FRA adds SYD's trip
    private static final String SCENARIO = """
            name = pair
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

    private Path run(String name, String scenario, String... flags) throws IOException {
        Path file = dir.resolve(name + ".conf");
        Files.writeString(file, scenario);
        Path out = dir.resolve(name);
        String[] args = new String[4 + flags.length];
        args[0] = "run";
        args[1] = file.toString();
        args[2] = "--out";
        args[3] = out.toString();
        System.arraycopy(flags, 0, args, 4, flags.length);
        CommandLines.Outcome outcome = edgesim(args);
        assertThat(outcome.status()).as(outcome.err()).isZero();
        return out;
    }

    @Test
    void everySharedFigureSideBySideWithItsDifference() throws IOException {
        Path a = run("a", SCENARIO);
        // the object moved to Sydney: Frankfurt's requests now wait for the trip
        Path b = run("b", SCENARIO.replace("region = FRA }", "region = SYD }"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.resolve("result.json").toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("- A: `" + a.resolve("result.json") + "` - scenario pair, engine "
                        + "virtual, seed 5",
                // the one setting that differs, where "Same scenario ..." was said
                "Not shared:\n\n- setting limiters.exact.placement.region: FRA in A, SYD in B\n\n",
                "## local", "## exact",
                "| figure | where | A | B | B - A | change |",
                "| let through | whole run | 100 | 100 | 0 | 0% |",
                "| latency p99 | in FRA | 2.00 ms | 251.5 ms | +249.5 ms | +12475.0% |",
                "| latency p99 | in SYD | 251.5 ms | 2.00 ms | -249.5 ms | -99.2% |");
        assertThat(compare.out()).doesNotContain("| intervals |");
    }

    @Test
    void aRegionWithoutRequestsCountsZeroAgainstTheOtherSideAndIsLeftOutWhenQuietOnBoth() throws IOException {
        // A sends from FRA only, B from both: SYD's counts are 0 in A; IAD is reached by neither
        String both = SCENARIO.replace("regions = [FRA, SYD]", "regions = [FRA, SYD, IAD]");
        Path a = run("a", both.replace("pops { FRA = 1, SYD = 1 }", "pops { FRA = 1 }"));
        Path b = run("b", both);

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("| sent | in SYD | 0 | 163 | +163 |", "| let through | in SYD | 0 | 50 |")
                .doesNotContain("in IAD");
    }

    @Test
    void theSameRunTwiceSharesEverything() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO);

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.out()).contains("Same scenario, engine, seed and duration, the same settings, defaults and "
                + "round trips in force (result.json's settings, assumptions and latency_pairs), and so the same "
                + "limiters, regions and plans.");
        assertThat(compare.out()).doesNotContain("Not shared");
    }

    @Test
    void settingsEqualInForceAreTheSameHoweverWritten() throws IOException {
        Path a = run("a", SCENARIO);
        // 60s written as 1m, and the cache's read latency set to its default
        Path b = run("b", SCENARIO.replace("{ name = local, tier = cache, limit = 50, window = 60s,",
                "{ name = local, tier = cache, limit = 50, window = 1m,").replace("seed = 5",
                "seed = 5\ntiers { cache { read-latency = 0.5ms } }"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.out()).contains("Same scenario, engine, seed and duration").doesNotContain("Not shared");
    }

    @Test
    void aRoundTripOfTheRegionsFileThatDiffersIsSaid(@TempDir Path regionsDir) throws IOException {
        Path a = run("a", SCENARIO);
        Path regions = regionsDir.resolve("slower.conf");
        // the shipped regions with Frankfurt-Sydney slower
        Files.writeString(regions, Files.readString(Path.of("regions.conf")).replace("FRA-SYD = [249, 252]",
                "FRA-SYD = 400"));
        Path b = run("b", SCENARIO, "--regions", regions.toString());

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.out()).contains("- round trip FRA-SYD: ").contains(" ms in A, 400 ms in B");
    }

    @Test
    void everySettingInForceThatDiffersIsALineWithTheDefaultWhereOneSideDidNotSetIt() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO.replace("seed = 5", "seed = 5\nprices { worker-requests-per-million = 0.5 }\n"
                + "tiers { cache { read-latency = 3ms } }").replace("key = api-key }\n", "key = ip }\n"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("- setting limiters.local.key: api-key in A, ip in B\n",
                "- setting prices.worker-requests-per-million: not set (edgesim's default) in A, 0.5 in B\n",
                "- setting tiers.cache.read-latency: default 0.5ms (assumption) in A, 3ms in B\n");
        assertThat(compare.out()).doesNotContain("Same scenario");
    }

    @Test
    void aTraceOfTheSameNameWithOtherRowsIsSaidAndTheSameRowsInAnotherLayoutAreNot() throws IOException {
        Path trace = dir.resolve("trace.csv");
        String scenario = SCENARIO.replace("clients = [ { name = api, key = \"k\", rate = 10, arrival = constant, "
                + "pops { FRA = 1, SYD = 1 } } ]", "clients = [ { name = replay, trace = \"" + trace + "\" } ]");
        Files.writeString(trace, "time_ms,pop,key\n0,FRA,k\n10,SYD,k\n");
        Path a = run("a", scenario);
        Files.writeString(trace, "time_ms,pop,key\n0,FRA,k\n10,FRA,k\n");
        Path b = run("b", scenario);
        // the rows of a, in another layout: a blank line and 10 written 10.0
        Files.writeString(trace, "time_ms,pop,key\n0,FRA,k\n\n10.0,SYD,k\n");
        Path c = run("c", scenario);

        assertThat(edgesim("compare", a.toString(), b.toString()).out()).containsPattern(
                "- setting clients\\.replay\\.trace-rows: 2 rows, sha256 [0-9a-f]{16} in A, 2 rows, sha256 [0-9a-f]{16} in B\n")
                .doesNotContain("Same scenario");
        assertThat(edgesim("compare", a.toString(), c.toString()).out()).contains("Same scenario")
                .doesNotContain("Not shared");
    }

    @Test
    void aClusterRunsLatencyFiguresFlaggedAsLateAreMarkedInTheComparison() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO);
        // as a cluster run on a loaded machine writes it: its deliveries late beyond the tolerance
        ObjectMapper json = new ObjectMapper();
        ObjectNode late = (ObjectNode) json.readTree(b.resolve("result.json").toFile());
        late.set("cluster", json.readTree("""
                {"speed": 1.0, "nodes": 2, "placement": {}, "lateness_ms": {"injected_latency": {"messages": 814,
                 "p50": 19.5, "p99": 303.562751, "max": 389.8}, "arrival": {"messages": 407, "p50": 19.1,
                 "p99": 256.9, "max": 332.1}}, "tolerance_ms": 2.0, "latency_flagged": true,
                 "injected_latency_limiters": ["exact"]}"""));
        json.writeValue(b.resolve("result.json").toFile(), late);

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("Latency figures of B marked (late) (of exact) are not faithful: the "
                        + "cluster handled messages carrying an injected latency late by a p99 of 303.56 ms, above the "
                        + "tolerance of 2.00 ms; a difference in them is partly that delay, not the model.",
                "| latency p99 | in SYD | 251.5 ms | 251.5 ms (late) | 0.00 ms | 0% |",
                // the limiter without a remote stage carries no injected latency
                "| latency p99 | in SYD | 0.50 ms | 0.50 ms | 0.00 ms | 0% |");
        assertThat(compare.out()).doesNotContain("Latency figures of A");
    }

    @Test
    void theTierDefaultsALimiterOnOneSideBringsAreNotSettingsThatDiffer() throws IOException {
        Path a = run("a", SCENARIO);
        // a second object limiter without a placement: it takes the tier's default, which A's (fixed) does not
        Path b = run("b", SCENARIO.replace("limiters = [", "limiters = [\n  { name = extra, tier = durable-object, "
                + "limit = 5, window = 10s, key = api-key }"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("- limiter extra (durable-object, fixed-window 5 per 10s) only in B")
                .doesNotContain("setting tiers.durable-object.placement.policy");
    }

    @Test
    void whatServeRecordsOfASessionIsComparedWholeAndNotAsADefault() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO);
        Path c = run("c", SCENARIO);
        // as serve writes its sessions: two that turned away different numbers, the first of them beside a run
        ObjectMapper json = new ObjectMapper();
        for (Object[] session : new Object[][] {{b, 2}, {c, 7}}) {
            Path dir = (Path) session[0];
            ObjectNode result = (ObjectNode) json.readTree(dir.resolve("result.json").toFile());
            ((ObjectNode) result.get("assumptions")).put("serve.max-connections", "1024 (default)")
                    .put("serve.turned-away", "1 refused with 400 or 413 (a missing key or address, a body too large), "
                            + session[1] + " answered 408 for sending no whole request head within the header "
                            + "timeout: no limiter saw them, so they are in no figure");
            json.writeValue(dir.resolve("result.json").toFile(), result);
        }

        CommandLines.Outcome sessions = edgesim("compare", b.toString(), c.toString());
        CommandLines.Outcome beside = edgesim("compare", a.toString(), b.toString());

        assertThat(sessions.out()).contains("- setting serve.turned-away: 1 refused with 400 or 413 (a missing key or "
                + "address, a body too large), 2 answered 408").contains(" in A, 1 refused with 400 or 413 (a missing "
                + "key or address, a body too large), 7 answered 408");
        assertThat(beside.out()).contains("- setting serve.max-connections: none (not a serve session) in A, 1024 "
                + "(default) in B").doesNotContain("not set (edgesim's default) in A, default 1024");
    }

    @Test
    void aResultJsonWithoutSettingsIsComparedByWhatItNames() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO);
        // as an edgesim before settings were recorded wrote it
        ObjectMapper json = new ObjectMapper();
        ObjectNode old = (ObjectNode) json.readTree(a.resolve("result.json").toFile());
        old.remove("settings");
        json.writeValue(a.resolve("result.json").toFile(), old);

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("- settings: not recorded in A (a result.json of an older edgesim): only "
                + "the limiters' tiers and algorithms, the regions and the plans are compared");
    }

    @Test
    void differentScenariosCompareWhatTheyShareAndSayWhatTheyDoNot() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO.replace("name = pair", "name = other").replace("seed = 5", "seed = 6")
                .replace("regions = [FRA, SYD]", "regions = [FRA, AMS]")
                .replace("pops { FRA = 1, SYD = 1 }", "pops { FRA = 1, AMS = 1 }")
                .replace("name = local", "name = per-location"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("Not shared:",
                "- scenario: pair in A, other in B; limiters of the same name are compared",
                "- seeds: seed 5 in A, seed 6 in B",
                "- limiter local (cache, fixed-window 50 per 60s) only in A",
                "- limiter per-location (cache, fixed-window 50 per 60s) only in B",
                "- region SYD only in A", "- region AMS only in B",
                "## exact", "| latency p99 | in FRA |");
        assertThat(compare.out()).doesNotContain("## local", "## per-location", "in SYD |", "in AMS |");
        // a limiter on one side is that line, not a line for each of its settings besides
        assertThat(compare.out()).doesNotContain("setting limiters.local.", "setting limiters.per-location.");
    }

    @Test
    void aDifferentDurationOrALimiterOfTheSameNameCountingOtherwiseIsSaid() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO.replace("duration = 30s", "duration = 15s")
                .replace("{ name = local, tier = cache, limit = 50,", "{ name = local, tier = cache, limit = 25,"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("Not shared:",
                "- duration: 30 s in A, 15 s in B; counts are totals over each run",
                "- limiter local: cache, fixed-window 50 per 60s in A, cache, fixed-window 25 per 60s in B",
                "| sent | whole run | 300 | 150 | -150 | -50.0% |");
        assertThat(compare.out()).doesNotContain("limiter exact:", "Same scenario");
    }

    @Test
    void runsWithNoLimiterInCommonAreOneLineNotEmptyTables() throws IOException {
        Path a = run("a", SCENARIO);
        Path b = run("b", SCENARIO.replace("name = pair", "name = other").replace("name = local", "name = mine")
                .replace("name = exact", "name = theirs"));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).isEqualTo(2);
        assertThat(compare.err().strip()).startsWith("edgesim: compare: ").contains("have no limiter in common (A: "
                + "local, exact; B: mine, theirs)").doesNotContain("\n");
    }

    @Test
    void withReplicationsOnBothSidesItSaysWhetherTheIntervalsSeparate() throws IOException {
        String random = SCENARIO.replace("arrival = constant, ", "");
        Path a = run("a", random, "--replications", "10");
        Path b = run("b", random.replace("rate = 10", "rate = 1"), "--replications", "10");

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.out()).contains("Each value is the mean over the runs with its 95 % interval",
                "| figure | where | A | B | B - A | change | intervals |");
        // about 300 sent against about 30: intervals far apart; the limit of 50 lets every one of B's through
        assertThat(compare.out()).containsPattern("\\| sent \\| whole run \\| [0-9.]+ \\([0-9.]+ to [0-9.]+\\) \\| "
                + "[0-9.]+ \\([0-9.]+ to [0-9.]+\\) \\| -[0-9.]+ \\| -[0-9.]+% \\| separate \\|");
        assertThat(compare.out()).contains("| wrongly rejected | whole run | 0.00 (0.00 to 0.00) | 0.00 (0.00 to "
                + "0.00) | 0.00 | 0% | overlap |");
    }

    @Test
    void outWritesTheComparisonToAFile() throws IOException {
        Path a = run("a", SCENARIO);
        Path file = dir.resolve("compare.md");

        CommandLines.Outcome compare = edgesim("compare", a.toString(), a.toString(), "--out", file.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).isEqualTo("wrote " + file + "\n");
        // two runs of one scenario are named by where they are
        assertThat(Files.readString(file)).startsWith("# Compare pair: " + a.resolve("result.json") + " and "
                + a.resolve("result.json") + "\n").contains("| 0 | 0% |");
        // written again over the comparison it wrote; never over a file it did not write
        assertThat(edgesim("compare", a.toString(), a.toString(), "--out", file.toString()).status()).isZero();
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        assertOneLineOfBadInput(edgesim("compare", a.toString(), a.toString(), "--out", notes.toString()),
                "--out: " + notes + " exists and is not a comparison edgesim wrote (it does not begin with "
                        + "'# Compare '), and writing would replace it; allowed: a new file, an empty one, or one "
                        + "edgesim wrote");
        assertThat(notes).hasContent("my notes");
    }

    @Test
    void aPathThatIsNotAResultIsOneLineOfBadInput() throws IOException {
        Path a = run("a", SCENARIO);
        Path notJson = Files.writeString(dir.resolve("notes.json"), "not json");
        Path otherJson = Files.writeString(dir.resolve("other.json"), "{\"name\": 1}");
        Path old = Files.writeString(dir.resolve("old.json"), Files.readString(a.resolve("result.json"))
                .replaceFirst("\"schema_version\" : 1,", ""));

        assertOneLineOfBadInput(edgesim("compare", a.toString(), dir.resolve("missing").toString()),
                "B: " + dir.resolve("missing") + ": no such file or folder; allowed: a report folder holding "
                        + "result.json, or a result.json file");
        assertOneLineOfBadInput(edgesim("compare", dir.toString(), a.toString()),
                "A: " + dir + ": the folder holds no result.json");
        assertOneLineOfBadInput(edgesim("compare", notJson.toString(), a.toString()), "A: " + notJson
                + ": not JSON (line 1)");
        assertOneLineOfBadInput(edgesim("compare", a.toString(), otherJson.toString()), "B: " + otherJson
                + ": not a result.json: no schema_version");
        assertOneLineOfBadInput(edgesim("compare", a.toString(), old.toString()), "B: " + old
                + ": has no schema_version: written by an edgesim before result.json carried one");
        // a result.json edited by hand: figures not a list, a value not a number, a figure given twice
        String result = Files.readString(a.resolve("result.json"));
        int figures = result.indexOf("\"figures\" : [");
        Path notAList = Files.writeString(dir.resolve("not-a-list.json"), result.substring(0, figures)
                + "\"figures\" : \"x\", \"unused\" : [" + result.substring(figures + "\"figures\" : [".length()));
        assertOneLineOfBadInput(edgesim("compare", a.toString(), notAList.toString()), "B: " + notAList
                + ": not a result.json: figures is not a list");
        Path word = Files.writeString(dir.resolve("word.json"), result.substring(0, figures)
                + result.substring(figures).replaceFirst("\"value\" : [0-9.]+", "\"value\" : \"abc\""));
        assertOneLineOfBadInput(edgesim("compare", a.toString(), word.toString()), "B: " + word
                + ": not a result.json: figures[0].value is \"abc\", not a number");
        int first = result.indexOf("{", figures);
        String entry = result.substring(first, result.indexOf("}", first) + 1);
        Path twice = Files.writeString(dir.resolve("twice.json"), result.substring(0, first) + entry + ", "
                + result.substring(first));
        assertOneLineOfBadInput(edgesim("compare", a.toString(), twice.toString()), "B: " + twice
                + ": not a result.json: figures[1] gives ", " a second time");
        assertOneLineOfBadInput(edgesim("compare", a.toString(), a.toString(), "--out",
                a.resolve("result.json").toString()), "--out");
        // a file where the folder should be is said as bad input, as run's --out says it
        assertOneLineOfBadInput(edgesim("compare", a.toString(), a.toString(), "--out",
                notJson.resolve("c.md").toString()), "--out: cannot write " + notJson.resolve("c.md") + ": "
                + notJson + " is a file, not a folder");
    }

    @Test
    void aSideWithReplicationsShowsItsMeanAndNoIntervalsAreCompared() throws IOException {
        Path a = run("a", SCENARIO, "--replications", "10");
        Path b = run("b", SCENARIO);

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.out()).contains("- A: `" + a.resolve("result.json") + "` - scenario pair, engine virtual, "
                        + "10 runs at seeds 5 to 14",
                "- seeds: 10 runs at seeds 5 to 14 in A, seed 5 in B",
                "A side with replications shows the mean over its runs, the other its run's value",
                "| let through | whole run | 100.0 (100.0 to 100.0) | 100 | 0.00 | 0% |");
        assertThat(compare.out()).doesNotContain("| intervals |", "separate", "overlap");
    }

    @Test
    void anotherEngineIsALine() throws IOException {
        Path a = run("a", SCENARIO);
        // a cluster run's result.json, as far as compare reads it: another engine name
        Path b = Files.writeString(dir.resolve("cluster.json"), Files.readString(a.resolve("result.json"))
                .replace("\"engine\" : \"virtual\"", "\"engine\" : \"cluster\""));

        CommandLines.Outcome compare = edgesim("compare", a.toString(), b.toString());

        assertThat(compare.status()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("- engine: virtual in A, cluster in B", "## local", "## exact");
    }
}
