package io.edgesim.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.region.RegionMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A scenario sent as text ({@link ScenarioLoader#text}) and read back ({@link ScenarioLoader#fromText}) is the
 * scenario a node needs: the same name, duration, seed, PoPs, limiters, regions, faults and prices as the one loaded
 * from its files, for every shipped scenario, without the files.
 */
class ScenarioTextTest {

    private static final Path REGIONS = ScenarioFixture.REGIONS;
    // Pekko's default maximum frame is 256 KiB; a scenario text stays well inside it
    private static final int MAX_TEXT = 200_000;

    @Test
    void everyShippedScenarioReadsBackFromItsTextWithItsOwnSeedAndAnother() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("scenarios", "bench")) {
            try (Stream<Path> listed = Files.list(Path.of(folder))) {
                listed.filter(f -> f.toString().endsWith(".conf")).sorted().forEach(files::add);
            }
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(22).contains(Path.of("scenarios/three-pops.conf"),
                Path.of("bench/million-keys.conf"));
        Path largest = null;
        int largestChars = 0;
        for (Path file : files) {
            Scenario loaded = ScenarioLoader.load(file, REGIONS);
            for (long seed : new long[] {loaded.seed(), loaded.seed() * 31 + 7}) {
                ScenarioText text = ScenarioLoader.text(file, REGIONS, Map.of(), seed);
                assertThat(text.origin()).isEqualTo(file.toString());
                assertThat(ScenarioLoader.text(file, REGIONS, Map.of(), seed)).as("the same text every time")
                        .isEqualTo(text);
                assertSameForNodes(ScenarioLoader.fromText(text), loaded.withSeed(seed), file + " seed " + seed);
                int chars = text.scenario().length() + text.regions().length();
                assertThat(chars).as(file + " text").isLessThan(MAX_TEXT);
                if (chars > largestChars) {
                    largestChars = chars;
                    largest = file;
                }
            }
        }
        System.out.println("largest scenario text: " + largest + ", " + largestChars + " characters (scenario and "
                + "regions) of " + MAX_TEXT + " allowed, " + files.size() + " scenarios");
    }

    @Test
    void theTextTravelsThroughJacksonCborUnchanged() throws IOException {
        // the form a cluster message carries it in (Pekko's jackson-cbor binding)
        ScenarioText text = ScenarioLoader.text(Path.of("scenarios/region-outage.conf"), REGIONS, Map.of(), 5);
        ObjectMapper cbor = new ObjectMapper(new CBORFactory());
        ScenarioText back = cbor.readValue(cbor.writeValueAsBytes(text), ScenarioText.class);
        assertThat(back).isEqualTo(text);
        assertSameForNodes(ScenarioLoader.fromText(back),
                ScenarioLoader.load(Path.of("scenarios/region-outage.conf"), REGIONS).withSeed(5), "via CBOR");
    }

    @Test
    void aTraceClientIsNamedNotReadSoItsFileNeedNotExist(@TempDir Path dir) throws IOException {
        Path trace = ScenarioFixture.write(dir, "traces/t.csv", "time_ms,pop,key\n0,FRA,k1\n500,SYD,k2\n");
        Path file = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.over(ScenarioFixture.BASE, """
                clients = [ { name = a, key = k, rate = 10, plan = gold },
                            { name = replay, trace = "traces/t.csv", plan = gold } ]
                limiters = [ { name = l, tier = durable-object, limit = 100, window = 60s,
                               plans { gold { limit = 500 } } } ]
                """));
        Scenario loaded = ScenarioLoader.load(file, REGIONS);
        ScenarioText text = ScenarioLoader.text(file, REGIONS, Map.of(), 9);
        Files.delete(trace);

        Scenario back = ScenarioLoader.fromText(text);
        assertSameForNodes(back, loaded.withSeed(9), "trace scenario");
        assertThat(back.clients().get(0)).isEqualTo(loaded.clients().get(0));
        assertThat(back.clients().get(1)).isEqualTo(new ClientSpec.Trace("replay", Path.of("traces/t.csv"), "gold"));
        // loaded with its file, which was read: its rows' missing fields are known
        ClientSpec.Trace read = (ClientSpec.Trace) loaded.clients().get(1);
        assertThat(new ClientSpec.Trace(read.name(), read.file(), read.plan())).isEqualTo(
                new ClientSpec.Trace("replay", trace, "gold"));
        assertThat(read.rowsWithoutApiKey()).isNotNegative();
        // the file is gone: loading from the files now fails, from the text it does not
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS)).isInstanceOf(InputException.class)
                .hasMessageContaining("no such file");
    }

    @Test
    void includesOfTheScenarioAndOfItsRegionsFileAreInlined(@TempDir Path dir) {
        ScenarioFixture.write(dir, "common/limits.conf", """
                limiters = [ { name = shared, tier = binding, limit = 40, period = 10 } ]
                prices { durable-object-requests-per-million = 0.3 }
                """);
        ScenarioFixture.write(dir, "common/regions-extra.conf", """
                jitter = 3ms
                tails { p99-over-p50 = 2 }
                """);
        ScenarioFixture.write(dir, "my-regions.conf", "include file(\"" + REGIONS.toAbsolutePath() + "\")\n"
                + "include \"common/regions-extra.conf\"\n");
        // the include first (one after the base's limiters would replace them, which is refused)
        Path file = ScenarioFixture.write(dir, "s.conf", "include \"common/limits.conf\"\n"
                + ScenarioFixture.BASE.replaceAll("(?m)^limiters.*\n", "") + """
                regions-file = my-regions.conf
                latency { tails = on }
                """);
        Scenario loaded = ScenarioLoader.load(file, REGIONS);
        assertThat(loaded.regions().jitterNanos()).isEqualTo(3_000_000);
        assertThat(loaded.limiters().get(0).name()).isEqualTo("shared");
        assertThat(loaded.prices().durableObjectRequestsPerMillion()).isEqualTo(0.3);

        ScenarioText text = ScenarioLoader.text(file, Path.of("no-such-default.conf"), Map.of(), 1);
        assertThat(text.scenario()).doesNotContain("include").doesNotContain("regions-file");
        assertThat(text.regions()).doesNotContain("include");
        Scenario back = ScenarioLoader.fromText(text);
        assertSameForNodes(back, loaded.withSeed(1), "included scenario");
        assertThat(back.regions().tailsOn()).isTrue();
        assertThat(back.source()).isEqualTo(file);
        assertThat(back.regionsFile()).isEqualTo(Path.of(file + " (regions)"));
    }

    @Test
    void overridesAndTheRunsSeedAreInTheText(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.BASE + "seed = 3\n");
        Map<String, String> overrides = Map.of("limiters.l.limit", "7", "regions", "[SYD, FRA]");
        Scenario back = ScenarioLoader.fromText(ScenarioLoader.text(file, REGIONS, overrides, 11));
        assertThat(back.seed()).isEqualTo(11);
        assertThat(back.limiters().get(0).stages().get(0).algorithm().limit()).isEqualTo(7);
        assertThat(back.pops()).containsExactly("SYD", "FRA");
        assertSameForNodes(back, ScenarioLoader.load(file, REGIONS, overrides).withSeed(11), "overridden");
    }

    @Test
    void aPopWeightObjectComesBackInNameOrderAsItIsRead(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.over(ScenarioFixture.BASE, """
                clients = [ { name = a, key = k, rate = 10, pops {
                    SYD = 1
                    FRA = 3
                    AMS = 2
                } } ]
                """));
        Scenario back = ScenarioLoader.fromText(ScenarioLoader.text(file, REGIONS, Map.of(), 0));
        PopChoice pops = ((ClientSpec.Population) back.clients().get(0)).pops();
        assertThat(pops.pops()).containsExactly("AMS", "FRA", "SYD");
        assertThat(pops.weights()).containsExactly(2.0, 3.0, 1.0);
        Scenario local = ScenarioLoader.load(file, REGIONS);
        assertThat(pops).isEqualTo(((ClientSpec.Population) local.clients().get(0)).pops());
    }

    @Test
    void aBrokenTextIsOneLineStartingWithTheOrigin(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.BASE);
        ScenarioText good = ScenarioLoader.text(file, REGIONS, Map.of(), 0);
        String origin = "scenarios/sent.conf";

        assertThat(errorOf(new ScenarioText(origin, "{ \"name\" : ", good.regions())))
                .startsWith(origin + ": line ").contains("malformed HOCON");
        assertThat(errorOf(new ScenarioText(origin, good.scenario().replace("\"60s\"", "\"-1s\""), good.regions())))
                .isEqualTo(origin + ": duration: -1s is negative; allowed: a duration with a unit, such as 250ms, "
                        + "10s, 1m, 1h, greater than 0 and at most 3650d");
        assertThat(errorOf(new ScenarioText(origin, good.scenario(), good.regions().replace("\"weur\"", "\"xx\""))))
                .startsWith(origin + " (regions): regions.");
        assertThat(errorOf(new ScenarioText(origin, good.scenario().replaceFirst("\\{", "{ include \"/etc/hosts\"\n"),
                good.regions())))
                .isEqualTo(origin + ": include \"/etc/hosts\": a scenario text reads no file; allowed: the text of "
                        + "a scenario as ScenarioLoader.text renders it, which includes nothing");
        assertThat(errorOf(new ScenarioText(origin, good.scenario().replaceFirst("\\{", "{ regions-file = r.conf\n"),
                good.regions())))
                .startsWith(origin + ": regions-file: a scenario text carries its regions");
    }

    private static String errorOf(ScenarioText text) {
        String[] message = new String[1];
        assertThatThrownBy(() -> ScenarioLoader.fromText(text))
                .isInstanceOfSatisfying(InputException.class, e -> message[0] = e.getMessage());
        assertThat(message[0]).doesNotContain("\n");
        return message[0];
    }

    /** What a node builds from: everything but the clients' traffic, the source paths and the assumptions. */
    private static void assertSameForNodes(Scenario actual, Scenario expected, String what) {
        assertThat(actual.name()).as(what + " name").isEqualTo(expected.name());
        assertThat(actual.durationNanos()).as(what + " duration").isEqualTo(expected.durationNanos());
        assertThat(actual.seed()).as(what + " seed").isEqualTo(expected.seed());
        assertThat(actual.pops()).as(what + " pops").isEqualTo(expected.pops());
        assertThat(actual.limiters()).as(what + " limiters").isEqualTo(expected.limiters());
        assertThat(actual.faults()).as(what + " faults").isEqualTo(expected.faults());
        assertThat(actual.prices()).as(what + " prices").isEqualTo(expected.prices());
        assertSameRegions(actual.regions(), expected.regions(), what);
        assertSameTimeline(actual.faultTimeline(), expected.faultTimeline(), expected, what);
        if (expected.clients().stream().noneMatch(c -> c instanceof ClientSpec.Trace)) {
            assertThat(actual.clients()).as(what + " clients").isEqualTo(expected.clients());
        }
    }

    private static void assertSameRegions(RegionMap actual, RegionMap expected, String what) {
        List<String> codes = expected.codes();
        assertThat(actual.codes()).as(what + " region codes").isEqualTo(codes);
        assertThat(actual.tailsOn()).as(what + " tails").isEqualTo(expected.tailsOn());
        assertThat(actual.intraPopRttNanos()).isEqualTo(expected.intraPopRttNanos());
        assertThat(actual.jitterNanos()).isEqualTo(expected.jitterNanos());
        assertThat(actual.areaHomes()).isEqualTo(expected.areaHomes());
        long[] drawKeys = {RegionMap.drawKey(1, 0, 0, 0), RegionMap.drawKey(42, 17, 1, 2),
                RegionMap.drawKey(-5, 999_999, 3, 1)};
        for (String from : codes) {
            assertThat(actual.region(from)).isEqualTo(expected.region(from));
            assertThat(actual.nearestDurableObjectRegion(from)).isEqualTo(expected.nearestDurableObjectRegion(from));
            for (String to : codes) {
                String pair = what + " " + from + "-" + to;
                assertThat(actual.oneWayNanos(from, to)).as(pair).isEqualTo(expected.oneWayNanos(from, to));
                assertThat(actual.estimated(from, to)).as(pair).isEqualTo(expected.estimated(from, to));
                for (long key : drawKeys) {
                    assertThat(actual.oneWayNanos(from, to, new SplittableRandom(key), key)).as(pair + " draw " + key)
                            .isEqualTo(expected.oneWayNanos(from, to, new SplittableRandom(key), key));
                }
            }
        }
    }

    // the timeline is no value: ask both the same questions either side of every fault's start and end
    private static void assertSameTimeline(FaultTimeline actual, FaultTimeline expected, Scenario scenario,
                                           String what) {
        int n = scenario.regions().codes().size();
        List<Long> times = new ArrayList<>(List.of(0L, scenario.durationNanos()));
        scenario.faults().forEach(f -> {
            for (long t : new long[] {f.fromNanos(), f.untilNanos()}) {
                times.addAll(List.of(t - 1, t, t + 1));
            }
        });
        for (long t : times) {
            assertThat(actual.kvDown(t)).as(what + " kv at " + t).isEqualTo(expected.kvDown(t));
            for (int a = 0; a < n; a++) {
                assertThat(actual.regionDown(a, t)).as(what).isEqualTo(expected.regionDown(a, t));
                assertThat(actual.popDown(a, t)).as(what).isEqualTo(expected.popDown(a, t));
                assertThat(actual.failoverRegion(a, t)).as(what).isEqualTo(expected.failoverRegion(a, t));
                for (int b = 0; b < n; b++) {
                    assertThat(actual.partitioned(a, b, t)).as(what).isEqualTo(expected.partitioned(a, b, t));
                    assertThat(actual.slowedBy(a, b, t)).as(what).isEqualTo(expected.slowedBy(a, b, t));
                }
            }
        }
    }

    @Test
    void anAssumptionAddedComesAfterTheOthersAndChangesNothingElse() {
        Scenario loaded = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), REGIONS);

        // as serve marks its report: its traffic is the requests it answered
        Scenario served = loaded.withAssumption("traffic", "live");

        assertThat(served.assumptions().keySet()).containsSubsequence(loaded.assumptions().keySet())
                .endsWith("traffic").hasSize(loaded.assumptions().size() + 1);
        assertThat(served.withSeed(1)).usingRecursiveComparison().ignoringFields("assumptions")
                .isEqualTo(loaded.withSeed(1));
    }
}
