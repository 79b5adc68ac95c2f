package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Populations whose clients draw their own rates, and keep their own PoPs, in the request stream. */
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
    void sameSeedGivesTheSameStreamWithDrawnRatesAndKeptPops(@TempDir Path dir) {
        Scenario s = scenario(dir, """
                clients = [ { name = a, count = 50, key = "k{i}", arrival = poisson,
                              rate { distribution = lognormal, median = 0.5, sigma = 1 } }
                            { name = b, count = 20, key = "b{i}",
                              rate { distribution = zipf, total = 30, exponent = 1.2 },
                              pops-per-key = 2, pops { FRA = 3, AMS = 1, SYD = 1, LHR = 2 } } ]
                """);

        List<Request> first = drain(s);
        List<Request> other = drain(s.withSeed(6));

        assertThat(drain(s)).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    private static Map<String, Set<String>> popsPerKey(List<Request> requests) {
        Map<String, Set<String>> out = new HashMap<>();
        requests.forEach(r -> out.computeIfAbsent(r.apiKey(), k -> new HashSet<>()).add(r.pop()));
        return out;
    }

    @Test
    void eachKeySendsOnlyThroughItsOwnPops(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = k, count = 400, key = "k{i}", rate = 2, pops-per-key = 2,
                              pops { FRA = 4, AMS = 2, SYD = 1, LHR = 1, IAD = 0 } } ]
                """));

        Map<String, Set<String>> pops = popsPerKey(requests);
        assertThat(pops).hasSize(400);
        // 120 requests each over two PoPs: every key uses both of its own and no other
        assertThat(pops.values()).allSatisfy(p -> assertThat(p).hasSize(2).doesNotContain("IAD"));
        Map<String, Long> keysPerPop = pops.values().stream().flatMap(Set::stream)
                .collect(Collectors.groupingBy(p -> p, Collectors.counting()));
        assertThat(keysPerPop.get("FRA")).isGreaterThan(keysPerPop.get("AMS"));
        assertThat(keysPerPop.get("AMS")).isGreaterThan(keysPerPop.get("SYD"));
        assertThat(keysPerPop.get("AMS")).isGreaterThan(keysPerPop.get("LHR"));
    }

    @Test
    void keepingOnePopSpreadsTheKeysByTheWeights(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = k, count = 2000, key = "k{i}", rate = 0.5, pops-per-key = 1,
                              pops { FRA = 3, SYD = 1 } } ]
                """));

        Map<String, Set<String>> pops = popsPerKey(requests);
        assertThat(pops.values()).allSatisfy(p -> assertThat(p).hasSize(1));
        long inFrankfurt = pops.values().stream().filter(p -> p.contains("FRA")).count();
        assertThat(inFrankfurt / (double) pops.size()).isBetween(0.72, 0.78);
    }

    @Test
    void requestsOfAKeySplitOverItsPopsByTheirWeights(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = k, count = 10, key = "k{i}", rate = 100, pops-per-key = 2,
                              pops { FRA = 3, SYD = 1 } } ]
                """));

        long inFrankfurt = requests.stream().filter(r -> r.pop().equals("FRA")).count();
        assertThat(inFrankfurt / (double) requests.size()).isBetween(0.74, 0.76);
    }

    @Test
    void aHoppingKeyHopsAmongItsOwnPops(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = k, count = 50, key = "k{i}", rate = 5, pops-per-key = 2, pops = all,
                              pop-choice = hop, hop-every = 5s } ]
                """));

        assertThat(popsPerKey(requests).values()).allSatisfy(p -> assertThat(p).hasSize(2));
    }

    @Test
    void aKeyChoosingOncePerClientStaysInOneOfItsPops(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = k, count = 50, key = "k{i}", rate = 5, pops-per-key = 3, pops = all,
                              pop-choice = per-client } ]
                """));

        assertThat(popsPerKey(requests).values()).allSatisfy(p -> assertThat(p).hasSize(1));
    }
}
