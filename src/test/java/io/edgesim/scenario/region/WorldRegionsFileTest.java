package io.edgesim.scenario.region;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.model.region.Region;
import io.edgesim.model.region.RegionMap;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shipped regions/cloudflare.conf: every Cloudflare location, loadable and consistent. */
class WorldRegionsFileTest {

    private static final Path WORLD = Path.of("regions", "cloudflare.conf");
    private static final Pattern REGION_LINE = Pattern.compile("^ {2}([A-Z0-9]{3}) \\{", Pattern.MULTILINE);

    @Test
    void listsMoreThanThreeHundredLocationsEachWrittenOnce() throws IOException {
        RegionMap map = RegionsLoader.load(WORLD);
        // HOCON merges a key written twice into one region, so count the lines that open a region
        Matcher m = REGION_LINE.matcher(Files.readString(WORLD));
        int written = 0;
        while (m.find()) {
            written++;
        }

        assertThat(map.codes()).hasSizeGreaterThan(300);
        assertThat(written).isEqualTo(map.codes().size());
    }

    @Test
    void everyLocationHasACountryACityAndAPositionInRange() {
        RegionMap map = RegionsLoader.load(WORLD);

        for (String code : map.codes()) {
            Region r = map.region(code);
            assertThat(r.country()).as(code).matches("[A-Z]{2}");
            assertThat(r.city()).as(code).isNotBlank();
            assertThat(r.latitude()).as(code).isBetween(-90.0, 90.0);
            assertThat(r.longitude()).as(code).isBetween(-180.0, 180.0);
            assertThat(r.latitude() == 0 && r.longitude() == 0).as(code + " at 0, 0").isFalse();
        }
    }

    @Test
    void everyAreaHasLocationsAndAHomeThatHostsDurableObjects() {
        RegionMap map = RegionsLoader.load(WORLD);

        for (String area : RegionMap.AREAS) {
            assertThat(map.codes().stream().filter(c -> map.region(c).area().equals(area))).as(area).isNotEmpty();
            assertThat(map.region(map.areaHome(area)).durableObjects()).as(area + " home").isTrue();
        }
    }

    @Test
    void itsAreaHomesReplaceTheIncludedOnesSoOneLeftOutIsAnError(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("world.conf");
        Files.writeString(copy, Files.readString(WORLD).replace("  afr = LHR\n", "")
                .replace("include file(\"../regions.conf\")",
                        "include file(\"" + ScenarioFixture.REGIONS.toAbsolutePath() + "\")"));

        assertThatThrownBy(() -> RegionsLoader.load(copy)).hasMessageContaining("area-homes.afr: missing");
    }

    @Test
    void weightsAreFiniteNotNegativeAndNotAllZero() {
        RegionMap map = RegionsLoader.load(WORLD);
        List<Double> weights = map.codes().stream().map(c -> map.region(c).weight()).toList();

        assertThat(weights).allSatisfy(w -> assertThat(w).isFinite().isGreaterThanOrEqualTo(0.0));
        assertThat(weights.stream().mapToDouble(Double::doubleValue).sum()).isGreaterThan(0);
        // weights come from a source, not the default 1 of a location nobody weighed
        assertThat(weights.stream().distinct().count()).isGreaterThan(100);
    }

    @Test
    void theSixteenMeasuredPopsKeepTheirRoundTripsAndEveryOtherPairIsEstimated() {
        RegionMap world = RegionsLoader.load(WORLD);
        RegionMap sixteen = RegionsLoader.load(ScenarioFixture.REGIONS);
        List<String> codes = sixteen.codes();
        int measured = 0;

        for (String a : codes) {
            for (String b : codes) {
                assertThat(world.estimated(a, b)).as(a + "-" + b).isEqualTo(sixteen.estimated(a, b));
                if (!sixteen.estimated(a, b)) {
                    assertThat(world.rttNanos(a, b)).as(a + "-" + b).isEqualTo(sixteen.rttNanos(a, b));
                    measured++;
                }
            }
        }
        assertThat(measured).isEqualTo(2 * 87 + 16);
        assertThat(world.estimated("FRA", "CDG")).isTrue();
        assertThat(world.estimated("SYD", "JNB")).isTrue();
    }

    @Test
    void isSummarisedByArea() {
        String summary = RegionSummary.format(RegionsLoader.load(WORLD));

        assertThat(RegionSummary.summarised(RegionsLoader.load(WORLD))).isTrue();
        assertThat(summary.lines().filter(l -> RegionMap.AREAS.contains(l.split(" ")[0]))).hasSize(9);
    }

    private static Scenario overEveryLocation(Path dir, String limiter) {
        Path file = ScenarioFixture.write(dir, "s.conf", "duration = 2s\nregions-file = \""
                + WORLD.toAbsolutePath() + "\"\nclients = [ { name = a, key = k, rate = 5 } ]\n"
                + "limiters = [ " + limiter + " ]\n");
        return ScenarioLoader.load(file, ScenarioFixture.REGIONS);
    }

    @Test
    void aRunOverEveryLocationNotesOneLineForItsEstimatedPairs(@TempDir Path dir) {
        Scenario s = overEveryLocation(dir, "{ name = l, tier = cache, limit = 20, window = 10s }");

        assertThat(s.assumptions()).containsKey("regions.rtt");
        assertThat(s.assumptions().keySet()).noneMatch(k -> k.startsWith("regions.rtt."));
        assertThat(s.assumptions().get("regions.rtt")).startsWith("57543 of the 57630 pairs among the run's 340 "
                + "regions estimated");
    }

    @Test
    void aRunOverEveryLocationReportsOnlyTheRoundTripsToItsHomes(@TempDir Path dir) {
        Scenario s = overEveryLocation(dir, "{ name = d, tier = durable-object, limit = 20, window = 10s, "
                + "placement { policy = fixed, region = FRA } }");

        List<RunResult.LatencyPair> pairs = new VirtualEngine(s).run().latencyPairs();

        assertThat(pairs).hasSize(339);
        assertThat(pairs).allMatch(p -> p.from().equals("FRA") || p.to().equals("FRA"));
    }
}
