package io.edgesim.scenario.region;

import io.edgesim.model.region.RegionMap;
import io.edgesim.scenario.InputException;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The optional country and weight of a PoP, and the summary by area, on the small world of the test resources. */
class RegionSummaryTest {

    static final Path SMALL_WORLD = Path.of("src", "test", "resources", "regions", "small-world.conf");
    private static final String WEIGHT = "; allowed: a number from 0 to 1e15 (the PoP's share of `pops = all` traffic, "
            + "relative to the others; 1 when left out)";

    @Test
    void weightsAndCountriesAreReadAndDefaultToOneAndNothing() {
        RegionMap map = RegionsLoader.load(SMALL_WORLD);

        assertThat(map.codes()).containsExactly("LHR", "CDG", "WAW", "IAD", "MIA", "JNB");
        assertThat(map.codes().stream().map(c -> map.region(c).weight())).containsExactly(3.0, 1.0, 0.0, 4.0, 2.0,
                1.0);
        assertThat(map.region("MIA").country()).isEqualTo("US");
        assertThat(RegionsLoader.load(ScenarioFixture.REGIONS).region("FRA").country()).isEmpty();
        assertThat(RegionsLoader.load(ScenarioFixture.REGIONS).region("FRA").weight()).isEqualTo(1.0);
    }

    @Test
    void summaryGivesEachAreaItsPopsHostsHomeWeightShareAndRoundTripsToTheHome() {
        RegionMap map = RegionsLoader.load(SMALL_WORLD);

        // estimated round trips (great circle x 1.7 / 200 km per ms): LHR-CDG 5.90, LHR-WAW 25.0, IAD-MIA 25.26,
        // LHR-JNB 154.3; a median of two is their mean
        assertThat(RegionSummary.format(map)).isEqualTo("""
                6 PoPs, 2 hosting Durable Objects, by Durable Object area (more than 24 PoPs: --matrix prints each \
                PoP and the round-trip matrix)

                area   PoPs  DO hosts  home  weight  round trip to the home, ms: min / median / max (estimated)
                weur      2         1  LHR    36.4%  1.0 / 3.4 / 5.9 (1 of 2)
                eeur      1         0  LHR     0.0%  25.0 / 25.0 / 25.0 (1 of 1)
                enam      2         1  IAD    54.5%  1.0 / 13.1 / 25.3 (1 of 2)
                afr       1         0  LHR     9.1%  154.3 / 154.3 / 154.3 (1 of 1)

                14 of 15 pairs estimated from great-circle distance; round trip within one PoP 1.0 ms; jitter 0.0 ms \
                one way
                """);
    }

    @Test
    void onlyFilesOfMoreThanTwentyFourPopsAreSummarised() {
        assertThat(RegionSummary.summarised(RegionsLoader.load(SMALL_WORLD))).isFalse();
        assertThat(RegionSummary.summarised(RegionsLoader.load(ScenarioFixture.REGIONS))).isFalse();
        assertThat(RegionSummary.summarised(RegionsLoader.load(Path.of("bench", "regions", "regions-48.conf"))))
                .isTrue();
    }

    @Test
    void aNegativeOrNonNumericWeightIsOneLineNamingTheSetting(@TempDir Path dir) throws IOException {
        Path negative = withWaw(dir, "neg.conf", "weight = 0", "weight = -1");
        Path word = withWaw(dir, "word.conf", "weight = 0", "weight = lots");

        assertThatThrownBy(() -> RegionsLoader.load(negative)).isInstanceOf(InputException.class)
                .hasMessage(negative + ": regions.WAW.weight: -1 is negative" + WEIGHT);
        assertThatThrownBy(() -> RegionsLoader.load(word)).isInstanceOf(InputException.class)
                .hasMessage(word + ": regions.WAW.weight: 'lots' is not a number" + WEIGHT);
        // two of 1e308 summed to infinity and sent every request of pops = all to the third PoP
        Path huge = withWaw(dir, "huge.conf", "weight = 0", "weight = 1e308");
        assertThatThrownBy(() -> RegionsLoader.load(huge)).isInstanceOf(InputException.class)
                .hasMessageStartingWith(huge + ": regions.WAW.weight: ").hasMessageEndingWith(" is too large" + WEIGHT);
    }

    @Test
    void aCountryThatIsNotTwoCapitalLettersIsRefused(@TempDir Path dir) throws IOException {
        Path file = withWaw(dir, "country.conf", "country = PL", "country = Poland");

        assertThatThrownBy(() -> RegionsLoader.load(file)).isInstanceOf(InputException.class)
                .hasMessage(file + ": regions.WAW.country: 'Poland' is not a country code; allowed: an ISO 3166-1 "
                        + "alpha-2 code: two capital letters, such as DE");
    }

    // the small world with WAW's {@code from} replaced by {@code to}
    private static Path withWaw(Path dir, String name, String from, String to) throws IOException {
        String text = Files.readString(SMALL_WORLD).lines()
                .map(line -> line.contains("WAW {") ? line.replace(from, to) : line)
                .reduce("", (a, b) -> a + b + "\n");
        return ScenarioFixture.write(dir, name, text);
    }
}
