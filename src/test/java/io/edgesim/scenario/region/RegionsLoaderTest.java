package io.edgesim.scenario.region;

import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RegionsLoaderTest {

    private static final double MS = 1e6;

    private static final String SMALL = """
            regions {
              FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }
              AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }
              SYD { city = Sydney, lat = -33.9399, lon = 151.1753, area = oc, durable-objects = false }
            }
            area-homes { weur = FRA, eeur = FRA, wnam = FRA, enam = FRA, sam = FRA, apac = FRA, oc = FRA,
                         afr = FRA, me = FRA }
            intra-pop-rtt = 2ms
            jitter = 3ms
            estimate { route-factor = 1.5, fibre-km-per-ms = 200 }
            rtt-ms {
              FRA-SYD = [249, 252]
            }
            """;

    @Test
    void shippedFileHasTheSixteenPopsInFileOrder() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        assertThat(map.codes()).containsExactly("FRA", "AMS", "LHR", "MAD", "IAD", "DFW", "YYZ", "YUL", "GRU", "NRT",
                "KIX", "SIN", "SYD", "BOM", "MAA", "SJC");
        assertThat(map.region("SYD").area()).isEqualTo("oc");
        assertThat(map.region("GRU").durableObjects()).isFalse();
    }

    @Test
    void measuredPairsEqualTheSourceTables() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        assertThat(map.rttNanos("FRA", "LHR")).isEqualTo(13_000_000L);        // Table A, both ways 13
        assertThat(map.rttNanos("FRA", "SYD")).isEqualTo(250_500_000L);       // Table A 249 / 252, mean
        assertThat(map.rttNanos("IAD", "DFW")).isEqualTo(31_500_000L);        // Table A 31 / 32, mean
        assertThat(map.rttNanos("NRT", "KIX")).isEqualTo(9_000_000L);         // Table A
        assertThat(map.rttNanos("SIN", "BOM")).isEqualTo(62_000_000L);        // Table B
        assertThat(map.rttNanos("IAD", "SJC")).isEqualTo(59_000_000L);        // Table B
        assertThat(map.estimated("FRA", "SYD")).isFalse();
        assertThat(map.estimated("SIN", "BOM")).isFalse();
    }

    @Test
    void unmeasuredPairsAreEstimatedPlausiblyAndFlagged() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        assertThat(map.estimated("FRA", "AMS")).isTrue();
        assertThat(map.estimated("AMS", "FRA")).isTrue();
        assertThat(map.rttNanos("FRA", "AMS") / MS).isBetween(4.0, 20.0);
        assertThat(map.estimated("MAD", "SIN")).isTrue();
        assertThat(map.rttNanos("AMS", "SYD") / MS).isBetween(200.0, 350.0);
        long estimatedPairs = 0;
        List<String> codes = map.codes();
        for (int i = 0; i < codes.size(); i++) {
            for (int j = i + 1; j < codes.size(); j++) {
                if (map.estimated(codes.get(i), codes.get(j))) {
                    estimatedPairs++;
                }
            }
        }
        assertThat(estimatedPairs).isEqualTo(33);
    }

    @Test
    void matrixIsSymmetricWithTheIntraPopRoundTripOnTheDiagonal() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        for (String a : map.codes()) {
            assertThat(map.rttNanos(a, a)).isEqualTo(1_000_000L);
            assertThat(map.estimated(a, a)).isFalse();
            for (String b : map.codes()) {
                assertThat(map.rttNanos(a, b)).isEqualTo(map.rttNanos(b, a));
                assertThat(map.estimated(a, b)).isEqualTo(map.estimated(b, a));
                if (!a.equals(b)) {
                    assertThat(map.rttNanos(a, b)).isPositive();
                }
            }
        }
        assertThat(map.jitterNanos()).isZero();
    }

    @Test
    void areaHomesFollowTheDocsAndAssumptions() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        assertThat(map.areaHome("sam")).isEqualTo("IAD");
        assertThat(map.areaHome("weur")).isEqualTo("FRA");
        assertThat(map.areaHome("oc")).isEqualTo("SYD");
        assertThat(map.areaHome("me")).isEqualTo("FRA");
        for (String area : RegionMap.AREAS) {
            assertThat(map.region(map.areaHome(area)).durableObjects()).isTrue();
        }
    }

    @Test
    void settingsOfASmallFileAreRead(@TempDir Path dir) {
        RegionsLoader.Loaded loaded = RegionsLoader.read(ScenarioFixture.write(dir, "r.conf", SMALL));
        RegionMap map = loaded.map();

        assertThat(map.intraPopRttNanos()).isEqualTo(2_000_000L);
        assertThat(map.rttNanos("SYD", "SYD")).isEqualTo(2_000_000L);
        assertThat(map.jitterNanos()).isEqualTo(3_000_000L);
        assertThat(loaded.estimate().routeFactor()).isEqualTo(1.5);
        assertThat(map.rttNanos("SYD", "FRA")).isEqualTo(250_500_000L);
        // AMS-SYD is estimated at 1.5 x great circle, shorter than the measured FRA-SYD
        assertThat(map.nearestDurableObjectRegion("SYD")).isEqualTo("AMS");
    }

    @Test
    void estimateIsGreatCircleTimesRouteFactorThereAndBack(@TempDir Path dir) {
        RegionMap map = RegionsLoader.load(ScenarioFixture.write(dir, "r.conf", SMALL));

        // Frankfurt - Amsterdam airports are ~365 km apart: 2 x 365 x 1.5 / 200 = ~5.5 ms
        assertThat(map.rttNanos("FRA", "AMS") / MS).isCloseTo(5.5, within(0.3));
    }

    @Test
    void handGivenEstimatesAreUsedAndFlagged(@TempDir Path dir) {
        RegionMap map = RegionsLoader.load(ScenarioFixture.write(dir, "r.conf",
                SMALL + "estimated-rtt-ms { FRA-AMS = 8 }\n"));

        assertThat(map.rttNanos("AMS", "FRA")).isEqualTo(8_000_000L);
        assertThat(map.estimated("FRA", "AMS")).isTrue();
    }

    @Test
    void aLatitudeThatIsNotANumberIsRefusedNotEstimatedAsZero(@TempDir Path dir) {
        // NaN passed the range check, and FRA-AMS was estimated at 0 ms, below the intra-PoP round trip
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("lat = 50.0379", "lat = NaN"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": regions.FRA.lat: 'NaN' is not a number; allowed: degrees from -90 to 90");
    }

    @Test
    void aPairOfARegionWithItselfPointsToTheIntraPopRoundTrip(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("FRA-SYD = [249, 252]",
                "FRA-SYD = [249, 252]\n  FRA-FRA = 5"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessageContaining("'FRA-FRA' is a region with itself: the round trip within a PoP is "
                        + "intra-pop-rtt, one for every region; allowed: FROM-TO of two regions");
    }

    @Test
    void aFileWhereNoRegionHostsDurableObjectsSaysSoNotAnEmptyList(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("durable-objects = true",
                "durable-objects = false"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessageEndingWith(": no region of this file hosts Durable Objects, so no area can have a home; "
                        + "allowed: durable-objects = true on at least one region");
    }

    @Test
    void tableMarksEstimatedPairsWithAStar() {
        String table = RegionTable.format(RegionsLoader.load(ScenarioFixture.REGIONS));

        assertThat(table).contains("6.2*").contains("250.5 ").contains("33 of 120 pairs estimated")
                .contains("tails (scenarios with latency { tails = on }): p99 = 1.2 x p50 where a pair gives no p99 "
                        + "of its own");
        assertThat(table.lines().filter(l -> l.startsWith("FRA ") && l.contains("*")).findFirst().orElseThrow())
                .contains("13.0 ").doesNotContain("13.0*");
        assertThat(table).contains("GRU   Sao Paulo").contains("no (nearest: IAD)");
    }

    @Test
    void tableShowsTheTrafficWeightsWhenAPopHasAnotherThanOne(@TempDir Path dir) {
        String weighted = SMALL.replace("lon = 8.5622, area = weur, durable-objects = true }",
                        "lon = 8.5622, area = weur, durable-objects = true, weight = 0 }")
                .replace("area = oc, durable-objects = false }", "area = oc, durable-objects = false, weight = 2.5 }");

        List<String> lines = RegionTable.format(RegionsLoader.load(ScenarioFixture.write(dir, "w.conf", weighted)))
                .lines().limit(4).toList();

        assertThat(lines).containsExactly(
                "PoP   city       area  weight  Durable Objects",
                "FRA   Frankfurt  weur       0  yes",
                "AMS   Amsterdam  weur       1  yes",
                "SYD   Sydney     oc       2.5  no (nearest: AMS)");
        // every weight 1 (regions.conf): no column
        assertThat(RegionTable.format(RegionsLoader.load(ScenarioFixture.REGIONS))).startsWith(
                "PoP   city           area  Durable Objects\n");
    }

    @Test
    void aCodeThatIsNotOneOfIataShapeIsRefusedWithTheRuleItBreaks(@TempDir Path dir) {
        // a digit first: the rule is a capital, then two capitals or digits ("three capitals or digits" allowed it)
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("SYD {", "1YD {").replace("SYD", "1YD"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": regions.1YD: '1YD' is not an IATA code; allowed: a capital letter, then two "
                        + "capitals or digits, such as FRA");
    }

    @Test
    void pairWithAnUnknownRegionIsRefused(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("FRA-SYD = [249, 252]", "FRA-XYZ = 10"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": rtt-ms.FRA-XYZ: XYZ is not a region of this file; allowed: AMS, FRA, SYD");
    }

    @Test
    void pairGivenInBothDirectionsIsRefused(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("FRA-SYD = [249, 252]",
                "FRA-SYD = 249\n  SYD-FRA = 252"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(file + ": rtt-ms.SYD-FRA: the pair SYD-FRA is given twice, as "
                        + "rtt-ms.FRA-SYD and as rtt-ms.SYD-FRA; allowed: each pair once, in one direction");
    }

    @Test
    void aFileThatIncludesAnotherTakesBackOneOfItsPairsWithNull(@TempDir Path dir) {
        ScenarioFixture.write(dir, "base.conf", SMALL);
        Path dropped = ScenarioFixture.write(dir, "dropped.conf", "include \"base.conf\"\nrtt-ms.FRA-SYD = null\n");
        Path remarked = ScenarioFixture.write(dir, "remarked.conf", "include \"base.conf\"\nrtt-ms.FRA-SYD = null\n"
                + "estimated-rtt-ms.SYD-FRA = 280\n");

        RegionMap estimate = RegionsLoader.load(dropped);
        RegionMap given = RegionsLoader.load(remarked);

        assertThat(estimate.estimated("FRA", "SYD")).isTrue();
        assertThat(estimate.rttNanos("FRA", "SYD")).isNotEqualTo(250_500_000L);
        assertThat(given.estimated("FRA", "SYD")).isTrue();
        assertThat(given.rttNanos("FRA", "SYD")).isEqualTo(280_000_000L);
        assertThat(RegionsLoader.load(ScenarioFixture.write(dir, "plain.conf", SMALL)).rttNanos("FRA", "SYD"))
                .isEqualTo(250_500_000L);
    }

    @Test
    void aRegionWrittenTwiceIsRefusedWithBothLinesRatherThanMerged(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("""
                  SYD { city = Sydney""", """
                  FRA { city = Frankfurt2, lat = 50.1, lon = 8.5622, area = weur, durable-objects = false }
                  SYD { city = Sydney"""));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": regions.FRA: written twice, on lines 2 and 4 (HOCON would silently merge the "
                        + "two); allowed: each region once");
    }

    @Test
    void aRegionOrAPairWrittenAgainThroughAPathInTheSameFileIsRefusedToo(@TempDir Path dir) {
        Path inside = ScenarioFixture.write(dir, "inside.conf", SMALL.replace("""
                  SYD { city = Sydney""", """
                  FRA.city = Bordeaux
                  SYD { city = Sydney"""));
        Path after = ScenarioFixture.write(dir, "after.conf", SMALL + "regions.AMS.lat = 10\n");
        Path pair = ScenarioFixture.write(dir, "pair.conf", SMALL + "rtt-ms.FRA-SYD = 300\n");
        Path area = ScenarioFixture.write(dir, "area.conf", SMALL + "area-homes.oc = AMS\n");

        assertThatThrownBy(() -> RegionsLoader.load(inside)).isInstanceOf(InputException.class)
                .hasMessage(inside + ": regions.FRA: written twice, on lines 2 and 4 (HOCON would silently merge the "
                        + "two); allowed: each region once");
        assertThatThrownBy(() -> RegionsLoader.load(after)).isInstanceOf(InputException.class)
                .hasMessage(after + ": regions.AMS: written twice, on lines 3 and 14 (HOCON would silently merge the "
                        + "two); allowed: each region once");
        assertThatThrownBy(() -> RegionsLoader.load(pair)).isInstanceOf(InputException.class)
                .hasMessage(pair + ": rtt-ms.FRA-SYD: written twice, on lines 12 and 14 (HOCON would silently keep "
                        + "the later); allowed: each pair once");
        assertThatThrownBy(() -> RegionsLoader.load(area)).isInstanceOf(InputException.class)
                .hasMessage(area + ": area-homes.oc: written twice, on lines 6 and 14 (HOCON would silently keep "
                        + "the later); allowed: each area once");
        // in an included file, that file is named
        Path includer = ScenarioFixture.write(dir, "includer.conf", "include \"inside.conf\"\njitter = 4ms\n");
        assertThatThrownBy(() -> RegionsLoader.load(includer)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(inside + ": regions.FRA: written twice, on lines 2 and 4 ");
        // a region made from another by a substitution is written once
        Path copied = ScenarioFixture.write(dir, "copied.conf", SMALL.replace("""
                  SYD { city = Sydney""", """
                  FR2 = ${regions.FRA} { city = Frankfurt2 }
                  SYD { city = Sydney"""));
        assertThat(RegionsLoader.load(copied).region("FR2").city()).isEqualTo("Frankfurt2");
    }

    @Test
    void aRegionMayBeWrittenOneFieldPerLineThroughPaths(@TempDir Path dir) throws IOException {
        Path file = ScenarioFixture.write(dir, "paths.conf", SMALL.replace("""
                  SYD { city = Sydney, lat = -33.9399, lon = 151.1753, area = oc, durable-objects = false }
                }""", """
                }
                regions.SYD.city = Sydney
                regions.SYD.lat = -33.9399
                regions.SYD.lon = 151.1753
                regions.SYD.area = oc
                regions.SYD.durable-objects = false"""));

        assertThat(RegionsLoader.load(file).region("SYD").longitude()).isEqualTo(151.1753);
        Path twice = ScenarioFixture.write(dir, "twice.conf", Files.readString(file) + "\nregions.SYD.lat = -34\n");
        assertThatThrownBy(() -> RegionsLoader.load(twice)).isInstanceOf(InputException.class)
                .hasMessage(twice + ": regions.SYD.lat: written twice, on lines 6 and 19 (HOCON would silently keep "
                        + "the later); allowed: each setting once");
    }

    @Test
    void aRegionOfAnIncludedFileMayBeChangedInTheFileIncludingIt(@TempDir Path dir) {
        ScenarioFixture.write(dir, "base.conf", SMALL);
        Path file = ScenarioFixture.write(dir, "r.conf", "include \"base.conf\"\nregions.AMS.lat = 52.5\n"
                + "regions.AMS.lon = 4.5\n");

        assertThat(RegionsLoader.read(file).map().region("AMS").latitude()).isEqualTo(52.5);
        assertThat(RegionsLoader.read(file).map().region("AMS").longitude()).isEqualTo(4.5);
    }

    @Test
    void regionsBuiltOnAnIncludedFilesBySubstitutionLoad(@TempDir Path dir) {
        ScenarioFixture.write(dir, "base.conf", SMALL);
        Path file = ScenarioFixture.write(dir, "r.conf", "include \"base.conf\"\nregions = ${regions} { BRU { "
                + "city = Brussels, lat = 50.9, lon = 4.48, area = weur, durable-objects = false } }\n"
                + "regions.AMS.weight = 5\n");

        RegionMap map = RegionsLoader.load(file);

        assertThat(map.codes()).containsExactly("FRA", "AMS", "SYD", "BRU");
    }

    @Test
    void aRegionChangedByTheFileIncludingItKeepsItsPlaceAndANewRegionComesLast(@TempDir Path dir) {
        ScenarioFixture.write(dir, "base.conf", SMALL);
        Path changed = ScenarioFixture.write(dir, "changed.conf", "include \"base.conf\"\nregions.SYD.weight = 1\n"
                + "regions.AMS.weight = 2\nregions.BRU { city = Brussels, lat = 50.9, lon = 4.48, area = weur, "
                + "durable-objects = false }\n");

        RegionMap map = RegionsLoader.load(changed);

        assertThat(map.codes()).containsExactly("FRA", "AMS", "SYD", "BRU");
        // the text node processes read the file from keeps that order
        assertThat(RegionsLoader.fromText(changed, RegionsLoader.text(changed)).map().codes())
                .containsExactly("FRA", "AMS", "SYD", "BRU");
    }

    @Test
    void regionsKeepTheirOrderThroughNestedAndSideBySideIncludesAndInAFolderWithACommaInItsName(@TempDir Path top)
            throws IOException {
        Path dir = Files.createDirectories(top.resolve("my, files"));
        ScenarioFixture.write(dir, "base.conf", SMALL);
        ScenarioFixture.write(dir, "more.conf", """
                regions {
                  LHR { city = London, lat = 51.47, lon = -0.4543, area = weur, durable-objects = false }
                  MAD { city = Madrid, lat = 40.4719, lon = -3.5626, area = weur, durable-objects = false }
                }
                """);
        ScenarioFixture.write(dir, "middle.conf", "include \"base.conf\"\nregions.SYD.weight = 5\n");
        Path nested = ScenarioFixture.write(dir, "nested.conf", "include \"middle.conf\"\nregions.FRA.weight = 2\n");
        Path sideBySide = ScenarioFixture.write(dir, "side.conf", "include \"base.conf\"\ninclude \"more.conf\"\n"
                + "regions.SYD.weight = 5\nregions.LHR.weight = 3\n");

        assertThat(RegionsLoader.load(nested).codes()).containsExactly("FRA", "AMS", "SYD");
        assertThat(RegionsLoader.load(sideBySide).codes()).containsExactly("FRA", "AMS", "SYD", "LHR", "MAD");
        assertThat(RegionsLoader.fromText(nested, RegionsLoader.text(nested)).map().codes())
                .containsExactly("FRA", "AMS", "SYD");
        assertThat(RegionsLoader.fromText(sideBySide, RegionsLoader.text(sideBySide)).map().codes())
                .containsExactly("FRA", "AMS", "SYD", "LHR", "MAD");
    }

    @Test
    void regionsWrittenOnOneLineAreTakenInNameOrderAsHoconKeepsNoColumn(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "one-line.conf", SMALL.replace("""
                  FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }
                  AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }
                """, "  AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }, "
                + "FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }\n"));

        Path reversed = ScenarioFixture.write(dir, "reversed.conf", SMALL.replace("""
                  FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }
                  AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }
                """, "  FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }, "
                + "AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }\n"));

        // AMS, FRA whichever is written first on the line; the line's place among the others is kept
        assertThat(RegionsLoader.load(file).codes()).containsExactly("AMS", "FRA", "SYD");
        assertThat(RegionsLoader.load(reversed).codes()).containsExactly("AMS", "FRA", "SYD");
        assertThat(RegionsLoader.fromText(reversed, RegionsLoader.text(reversed)).map().codes())
                .containsExactly("AMS", "FRA", "SYD");
    }

    @Test
    void aPairTakenBackWithNullIsStillAPairOfThisFilesRegionsInTheDirectionGiven(@TempDir Path dir) {
        ScenarioFixture.write(dir, "base.conf", SMALL);
        Path reverse = ScenarioFixture.write(dir, "reverse.conf", "include \"base.conf\"\nrtt-ms.SYD-FRA = null\n");
        Path typo = ScenarioFixture.write(dir, "typo.conf", "include \"base.conf\"\nrtt-ms.FRA-SDY = null\n");

        assertThatThrownBy(() -> RegionsLoader.load(reverse)).isInstanceOf(InputException.class)
                .hasMessage(reverse + ": rtt-ms.SYD-FRA: null, while the pair is given as FRA-SYD, which it leaves as "
                        + "it is; allowed: FRA-SYD = null to take the pair back");
        assertThatThrownBy(() -> RegionsLoader.load(typo)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(typo + ": rtt-ms.FRA-SDY: SDY is not a region of this file; allowed: ");
    }

    @Test
    void aPairOrAnAreaWrittenTwiceInAnIncludedFileIsRefusedThere(@TempDir Path dir) {
        Path included = ScenarioFixture.write(dir, "base.conf", SMALL.replace("FRA-SYD = [249, 252]",
                "FRA-SYD = [249, 252]\n  FRA-SYD = 300"));
        Path file = ScenarioFixture.write(dir, "r.conf", "include \"base.conf\"\njitter = 1ms\n");
        Path areas = ScenarioFixture.write(dir, "a.conf", SMALL.replace("oc = FRA,", "oc = FRA, oc = AMS,"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(included + ": rtt-ms.FRA-SYD: written twice, on lines 12 and 13 (HOCON would silently "
                        + "keep the later); allowed: each pair once");
        assertThatThrownBy(() -> RegionsLoader.load(areas)).isInstanceOf(InputException.class)
                .hasMessageContaining(": area-homes.oc: written twice, on lines 6 and 6 ");
    }

    @Test
    void areaHomeMustHostDurableObjects(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("oc = FRA", "oc = SYD"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": area-homes.oc: SYD does not host Durable Objects; allowed: FRA, AMS");
    }

    @Test
    void unknownAreaIsRefused(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", SMALL.replace("area = oc", "area = mars"));

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": regions.SYD.area: 'mars' is not a Durable Object area; "
                        + "allowed: weur, eeur, wnam, enam, sam, apac, oc, afr, me");
    }

    @Test
    void roundTripsBeyondAMinuteAreRefusedRatherThanWrapped(@TempDir Path dir) {
        String allowed = "; allowed: a round trip in ms greater than 0 and at most 60,000, or [there, back] with each "
                + "in that range";
        Path huge = ScenarioFixture.write(dir, "a.conf", SMALL.replace("FRA-SYD = [249, 252]", "FRA-SYD = 1e20"));
        Path oneWay = ScenarioFixture.write(dir, "b.conf", SMALL.replace("[249, 252]", "[249, 70000]"));
        Path edge = ScenarioFixture.write(dir, "c.conf", SMALL.replace("[249, 252]", "60000"));

        assertThatThrownBy(() -> RegionsLoader.load(huge)).isInstanceOf(InputException.class)
                .hasMessage(huge + ": rtt-ms.FRA-SYD: 1e20 is too large" + allowed);
        assertThatThrownBy(() -> RegionsLoader.load(oneWay)).isInstanceOf(InputException.class)
                .hasMessage(oneWay + ": rtt-ms.FRA-SYD: [249,70000] is too large" + allowed);
        assertThat(RegionsLoader.load(edge).rttNanos("FRA", "SYD")).isEqualTo(60_000_000_000L);
    }

    @Test
    void estimateAndDelaySettingsAreBounded(@TempDir Path dir) {
        Path factor = ScenarioFixture.write(dir, "a.conf", SMALL.replace("route-factor = 1.5", "route-factor = 1e9"));
        Path slowFibre = ScenarioFixture.write(dir, "b.conf", SMALL.replace("fibre-km-per-ms = 200",
                "fibre-km-per-ms = 1e-9"));
        Path jitter = ScenarioFixture.write(dir, "c.conf", SMALL.replace("jitter = 3ms", "jitter = 300000d"));

        assertThatThrownBy(() -> RegionsLoader.load(factor)).isInstanceOf(InputException.class)
                .hasMessage(factor + ": estimate.route-factor: 1000000000 is too large; allowed: a number from 1 to 10 "
                        + "(1.5-2 is typical)");
        assertThatThrownBy(() -> RegionsLoader.load(slowFibre)).isInstanceOf(InputException.class)
                .hasMessage(slowFibre + ": estimate.fibre-km-per-ms: 1e-9 is too small; allowed: a number from 10 to "
                        + "300 km per ms (light in fibre covers about 200)");
        assertThatThrownBy(() -> RegionsLoader.load(jitter)).isInstanceOf(InputException.class)
                .hasMessage(jitter + ": jitter: 300000d is too large; allowed: a duration with a unit, such as 250ms, "
                        + "10s, 1m, 1h, from 0 to 60s");
    }

    @Test
    void missingFileIsNamed(@TempDir Path dir) {
        Path file = dir.resolve("absent.conf");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": no such file");
    }

    @Test
    void malformedFileNamesTheLine(@TempDir Path dir) {
        Path file = ScenarioFixture.write(dir, "r.conf", "regions {\n  FRA { city = x \n");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(file + ": line ")
                .hasMessageContaining("malformed HOCON")
                .hasMessageEndingWith("; allowed: HOCON syntax");
    }
}
