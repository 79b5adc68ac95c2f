package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Populations whose clients draw their own rates, in the request stream. */
class SkewedPopulationsTest {

    private static Scenario scenario(Path dir, String clients) {
        return ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                seed = 5
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
                """ + clients + "\n");
    }

    private static List<Request> drain(Scenario scenario) {
        RequestStream stream = TrafficGenerator.open(scenario);
        List<Request> out = new ArrayList<>();
        Request r;
        while ((r = stream.next()) != null) {
            out.add(r);
        }
        return out;
    }

    private static Map<String, Long> perKey(List<Request> requests) {
        return requests.stream().collect(Collectors.groupingBy(Request::apiKey, Collectors.counting()));
    }

    @Test
    void eachClientSendsAtItsZipfRate(@TempDir Path dir) {
        // H(10, 1) = 2.928968...: key 1 sends 100 / H = 34.14 per second, key 10 a tenth of that
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = z, count = 10, key = "key-{i}",
                              rate { distribution = zipf, total = 100, exponent = 1 } } ]
                """));

        Map<String, Long> sent = perKey(requests);
        assertThat(sent.get("key-0")).isBetween(2048L, 2049L);
        assertThat(sent.get("key-9")).isBetween(204L, 205L);
        assertThat(requests).hasSizeBetween(5995, 6005);
    }

    @Test
    void drawnRatesWithPoissonArrivalsKeepEachClientsMean(@TempDir Path dir) {
        Scenario s = scenario(dir, """
                clients = [ { name = p, count = 200, key = "k{i}", arrival = poisson,
                              rate { distribution = pareto, min = 1, alpha = 3 } } ]
                """);
        ClientRates rates = ClientRates.of((ClientSpec.Population) s.clients().get(0), 5);

        Map<String, Long> sent = perKey(drain(s));
        double expected = 0;
        for (int i = 0; i < 200; i++) {
            expected += rates.perSecond(i) * 60;
        }
        assertThat(sent.values().stream().mapToLong(Long::longValue).sum() / expected).isBetween(0.97, 1.03);
    }

    @Test
    void sameSeedGivesTheSameStreamWithDrawnRates(@TempDir Path dir) {
        Scenario s = scenario(dir, """
                clients = [ { name = a, count = 50, key = "k{i}", arrival = poisson,
                              rate { distribution = lognormal, median = 0.5, sigma = 1 } }
                            { name = b, count = 20, key = "b{i}",
                              rate { distribution = zipf, total = 30, exponent = 1.2 } } ]
                """);

        List<Request> first = drain(s);
        List<Request> other = drain(s.withSeed(6));

        assertThat(drain(s)).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }
}
