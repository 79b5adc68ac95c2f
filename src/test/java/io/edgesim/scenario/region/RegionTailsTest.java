package io.edgesim.scenario.region;

import io.edgesim.model.region.LatencyTail;
import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RegionTailsTest {

    private static final long MS = 1_000_000L;

    private static final String SMALL = """
            regions {
              FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }
              AMS { city = Amsterdam, lat = 52.3105, lon = 4.7683, area = weur, durable-objects = true }
              SYD { city = Sydney, lat = -33.9399, lon = 151.1753, area = oc, durable-objects = true }
            }
            area-homes { weur = FRA, eeur = FRA, wnam = FRA, enam = FRA, sam = FRA, apac = FRA, oc = SYD,
                         afr = FRA, me = FRA }
            intra-pop-rtt = 1ms
            jitter = 0ms
            estimate { route-factor = 1.7, fibre-km-per-ms = 200 }
            TAILS
            rtt-ms {
              FRA-SYD = PAIR
            }
            """;

    private static Path file(Path dir, String tails, String pair) {
        return ScenarioFixture.write(dir, "r.conf", SMALL.replace("TAILS", tails).replace("PAIR", pair));
    }

    @Test
    void aPairsOwnP50AndP99AreFittedAndItsP50IsTheMatrixRoundTrip(@TempDir Path dir) {
        RegionsLoader.Loaded loaded = RegionsLoader.read(file(dir, "", "{ p50 = 250, p99 = 400 }"));
        RegionMap map = loaded.map();
        LatencyTail tail = map.tail("SYD", "FRA");

        assertThat(map.rttNanos("FRA", "SYD")).isEqualTo(250 * MS);
        assertThat(tail.quantile(0.5)).isCloseTo(250 * MS, within(2L));
        assertThat(tail.quantile(0.99)).isCloseTo(400 * MS, within(2L));
        // the floor: 16,500 km between the airports, there and back at 200 km per ms
        assertThat(tail.floorNanos() / MS).isCloseTo(165.0, within(1.0));
        assertThat(loaded.ownTail("SYD", "FRA")).isTrue();
        assertThat(loaded.ownTail("FRA", "AMS")).isFalse();
        // no tails block: other pairs and the PoP's inside have none
        assertThat(map.tail("FRA", "AMS").hasTail()).isFalse();
        assertThat(map.tail("FRA", "FRA").hasTail()).isFalse();
    }

    @Test
    void theDefaultRatioGivesEveryOtherPairAndThePopsInsideATail(@TempDir Path dir) {
        RegionMap map = RegionsLoader.load(file(dir, "tails { p99-over-p50 = 1.5 }", "250"));

        LatencyTail fraSyd = map.tail("FRA", "SYD");
        assertThat(fraSyd.quantile(0.99)).isCloseTo(375 * MS, within(2L));
        LatencyTail inside = map.tail("AMS", "AMS");
        assertThat(inside.quantile(0.5)).isCloseTo(MS, within(1L));
        assertThat(inside.quantile(0.99)).isCloseTo(1_500_000L, within(1L));
        assertThat(inside.floorNanos()).isZero();
        assertThat(map.defaultP99OverP50()).isEqualTo(1.5);
    }

    @Test
    void drawsAreOffUntilAScenarioTurnsThemOn(@TempDir Path dir) {
        RegionMap map = RegionsLoader.load(file(dir, "tails { p99-over-p50 = 3 }", "250"));
        int fra = map.indexOf("FRA");
        int syd = map.indexOf("SYD");

        assertThat(map.tailsOn()).isFalse();
        for (long key = 0; key < 100; key++) {
            assertThat(map.oneWayNanos(fra, syd, null, key)).isEqualTo(125 * MS);
        }
        RegionMap on = map.withTails(true);
        long highest = 0;
        for (long key = 0; key < 1000; key++) {
            long oneWay = on.oneWayNanos(fra, syd, null, key);
            assertThat(oneWay).isEqualTo(on.tail("FRA", "SYD").atKey(key) / 2);
            highest = Math.max(highest, oneWay);
        }
        assertThat(highest).isGreaterThan(200 * MS);
    }

    @Test
    void p99BelowP50IsRefused(@TempDir Path dir) {
        Path file = file(dir, "", "{ p50 = 250, p99 = 200 }");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": rtt-ms.FRA-SYD.p99: 200 is below p50 (250); allowed: { p50 = ms, p99 = ms } "
                        + "with 0.001 <= p50 <= p99 <= 10 x p50 and p99 <= "
                        + "60,000, and optionally p90 between them");
    }

    @Test
    void aP99MoreThanTenTimesP50AndASubMicrosecondP50AreRefused(@TempDir Path dir) {
        Path wide = file(dir, "", "{ p50 = 10, p99 = 101 }");
        assertThatThrownBy(() -> RegionsLoader.load(wide)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(wide + ": rtt-ms.FRA-SYD.p99: 101 is more than 10 times p50 (10); allowed: ");

        Path tiny = ScenarioFixture.write(dir, "tiny.conf",
                SMALL.replace("TAILS", "").replace("PAIR", "{ p50 = 0.0000001, p99 = 1 }"));
        assertThatThrownBy(() -> RegionsLoader.load(tiny)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(tiny + ": rtt-ms.FRA-SYD.p50: ");
    }

    @Test
    void negativeAndUnknownAndMissingPercentilesAreRefused(@TempDir Path dir) {
        Path negative = file(dir, "", "{ p50 = -5, p99 = 200 }");
        assertThatThrownBy(() -> RegionsLoader.load(negative)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(negative + ": rtt-ms.FRA-SYD.p50: -5 is too small; allowed: ");
        Path unknown = file(dir, "", "{ p50 = 250, p95 = 300, p99 = 400 }");
        assertThatThrownBy(() -> RegionsLoader.load(unknown)).isInstanceOf(InputException.class)
                .hasMessageContaining("rtt-ms.FRA-SYD.p95").hasMessageContaining("allowed: p50, p90, p99");
        Path missing = file(dir, "", "{ p50 = 250 }");
        assertThatThrownBy(() -> RegionsLoader.load(missing)).isInstanceOf(InputException.class)
                .hasMessageContaining("rtt-ms.FRA-SYD").hasMessageContaining("p50 and p99 are both needed");
    }

    @Test
    void aP90NoShiftedLognormalCanHaveIsRefusedWithTheRange(@TempDir Path dir) {
        Path file = file(dir, "", "{ p50 = 250, p90 = 350, p99 = 400 }");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": rtt-ms.FRA-SYD.p90: 350 does not fit p50 250 and p99 400; allowed: a p90 from "
                        + "267.638 to 323.881 (a shifted lognormal through p50 and p99 with a floor from 0 up to where its "
                        + "part above the floor stretches 100 times from p50 to p99)");
        assertThatThrownBy(() -> RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = 255, p99 = 400 }")))
                .isInstanceOf(InputException.class).hasMessageContaining("p90: 255 does not fit");
        // the ends shown are the ends taken
        assertThat(RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = 267.638, p99 = 400 }")).tail("FRA", "SYD")
                .quantile(0.9)).isCloseTo(267_638_000L, within(5L));
        assertThat(RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = 323.881, p99 = 400 }")).tail("FRA", "SYD")
                .quantile(0.9)).isCloseTo(323_881_000L, within(5L));
        for (String outside : new String[]{"267.637", "323.882"}) {
            assertThatThrownBy(() -> RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = " + outside
                    + ", p99 = 400 }"))).isInstanceOf(InputException.class).hasMessageContaining("p90: " + outside
                    + " does not fit");
        }
        // a p99 a hair above the p50 leaves no microsecond for a p90
        assertThatThrownBy(() -> RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = 250.0005, p99 = 250.001 }")))
                .isInstanceOf(InputException.class).hasMessageEndingWith("allowed: no p90 (none fits these two to "
                        + "the microsecond): leave p90 out");
        LatencyTail fitted = RegionsLoader.load(file(dir, "", "{ p50 = 250, p90 = 300, p99 = 400 }"))
                .tail("FRA", "SYD");
        assertThat(fitted.quantile(0.9)).isCloseTo(300 * MS, within(5L));
    }

    @Test
    void aRatioBelowOneIsRefused(@TempDir Path dir) {
        Path file = file(dir, "tails { p99-over-p50 = 0.5 }", "250");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": tails.p99-over-p50: 0.5 is below 1; allowed: a number from 1 (no tail) to 10");
    }

    @Test
    void shippedFileHasADefaultRatioAndItsMatrixIsUnchanged() {
        RegionMap map = RegionsLoader.load(ScenarioFixture.REGIONS);

        assertThat(map.defaultP99OverP50()).isGreaterThan(1.0);
        assertThat(map.rttNanos("FRA", "SYD")).isEqualTo(250_500_000L);
        assertThat(map.tail("FRA", "SYD").p50Nanos()).isEqualTo(250_500_000L);
        assertThat(map.tailsOn()).isFalse();
    }
}
