package io.edgesim.traffic;

import io.edgesim.scenario.ClientSpec.Population;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ClientRatesTest {

    private static Population population(Path dir, int count, String rate) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "clients = [ { name = p, count = " + count + ", key = \"k{i}\", "
                + "rate " + rate + " } ]\n");
        return (Population) s.clients().get(0);
    }

    private static double[] rates(Population population, long seed) {
        ClientRates rates = ClientRates.of(population, seed);
        return IntStream.range(0, population.count()).mapToDouble(rates::perSecond).toArray();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    @Test
    void zipfGivesKeyOneTheShareOneOverH(@TempDir Path dir) {
        double[] r = rates(population(dir, 1000, "{ distribution = zipf, total = 2000, exponent = 1.1 }"), 1);

        double h = 0;
        for (int k = 1; k <= 1000; k++) {
            h += Math.pow(k, -1.1);
        }
        assertThat(r[0] / 2000).isCloseTo(1 / h, within(1e-12));
        assertThat(r[9] / r[0]).isCloseTo(Math.pow(10, -1.1), within(1e-12));
        assertThat(Arrays.stream(r).sum()).isCloseTo(2000, within(1e-9));
        for (int i = 1; i < r.length; i++) {
            assertThat(r[i]).isLessThan(r[i - 1]);
        }
    }

    @Test
    void zipfDrawsNothingSoTheSeedDoesNotMatter(@TempDir Path dir) {
        Population p = population(dir, 50, "{ distribution = zipf, total = 100, exponent = 0.8 }");

        assertThat(rates(p, 1)).containsExactly(rates(p, 99));
    }

    @Test
    void zipfWithExponentZeroSharesTheTotalEqually(@TempDir Path dir) {
        double[] r = rates(population(dir, 4, "{ distribution = zipf, total = 10, exponent = 0 }"), 1);

        assertThat(r).containsExactly(2.5, 2.5, 2.5, 2.5);
    }

    @Test
    void lognormalDrawsAroundItsMedian(@TempDir Path dir) {
        double[] r = rates(population(dir, 10_000, "{ distribution = lognormal, median = 0.2, sigma = 1.5 }"), 7);

        assertThat(median(r)).isCloseTo(0.2, within(0.01));
        // the spread of ln(rate) is sigma
        double[] logs = Arrays.stream(r).map(Math::log).toArray();
        double mean = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).average().orElseThrow());
        assertThat(sd).isCloseTo(1.5, within(0.05));
    }

    @Test
    void paretoNeverGoesBelowItsMinimumAndHasItsMedian(@TempDir Path dir) {
        double[] r = rates(population(dir, 10_000, "{ distribution = pareto, min = 0.05, alpha = 1.3 }"), 7);

        assertThat(Arrays.stream(r).min().orElseThrow()).isGreaterThanOrEqualTo(0.05);
        double expected = 0.05 * Math.pow(2, 1 / 1.3);
        assertThat(median(r)).isCloseTo(expected, within(expected * 0.05));
    }

    @Test
    void drawnRatesAreCutToTheLargestRateAClientMaySend(@TempDir Path dir) {
        double[] r = rates(population(dir, 1000, "{ distribution = pareto, min = 500000, alpha = 0.5 }"), 3);

        assertThat(Arrays.stream(r).max().orElseThrow()).isEqualTo(1_000_000);
        assertThat(Arrays.stream(r).min().orElseThrow()).isGreaterThanOrEqualTo(500_000);
    }

    @Test
    void sameSeedDrawsTheSameRatesAndAnotherSeedOthers(@TempDir Path dir) {
        Population p = population(dir, 100, "{ distribution = lognormal, median = 1, sigma = 1 }");

        assertThat(rates(p, 5)).containsExactly(rates(p, 5));
        assertThat(rates(p, 5)).isNotEqualTo(rates(p, 6));
    }

    @Test
    void aClientsRateDoesNotDependOnHowManyOthersThereAre(@TempDir Path dir) {
        double[] ten = rates(population(dir, 10, "{ distribution = pareto, min = 1, alpha = 2 }"), 5);
        double[] twenty = rates(population(dir, 20, "{ distribution = pareto, min = 1, alpha = 2 }"), 5);

        assertThat(Arrays.copyOf(twenty, 10)).containsExactly(ten);
    }
}
