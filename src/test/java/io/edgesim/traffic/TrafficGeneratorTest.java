package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.scenario.ScenarioLoader;
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

class TrafficGeneratorTest {

    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    private static Scenario scenario(Path dir, String clients) {
        return ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                seed = 5
                regions = [FRA, AMS, SYD]
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

    private static void assertOrderedAndNumbered(List<Request> requests, long durationNanos) {
        for (int i = 0; i < requests.size(); i++) {
            assertThat(requests.get(i).id()).isEqualTo(i);
            assertThat(requests.get(i).timeNanos()).isBetween(0L, durationNanos - 1);
            if (i > 0) {
                assertThat(requests.get(i).timeNanos()).isGreaterThanOrEqualTo(requests.get(i - 1).timeNanos());
            }
        }
    }

    @Test
    void shippedScenarioSendsFifteenPerSecondEvenlySpaced() {
        Scenario s = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), ScenarioFixture.REGIONS);

        List<Request> requests = drain(s);

        // 15 per second for the 59 s before the client stops
        assertThat(requests).hasSize(885);
        assertOrderedAndNumbered(requests, 59 * S);
        assertThat(requests.get(1).timeNanos() - requests.get(0).timeNanos()).isBetween(66_666_666L, 66_666_668L);
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.apiKey()).isEqualTo("edge_test");
            assertThat(r.client()).isEqualTo("spread");
            assertThat(r.cost()).isEqualTo(1);
        });
        Map<String, Long> perPop = requests.stream().collect(Collectors.groupingBy(Request::pop,
                Collectors.counting()));
        assertThat(perPop.keySet()).containsExactlyInAnyOrder("FRA", "AMS", "SYD");
        assertThat(perPop.values()).allSatisfy(n -> assertThat(n).isBetween(236L, 354L));
    }

    @Test
    void templatesExpandClientIndexAndRequestNumber(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = c, count = 3, rate = 2, key = "k{i}", xff = "198.51.100.{n}",
                              anon-token = "{name}-{i}", path = "/u/{i}/{n}" } ]
                """));

        Map<String, List<Request>> byKey = requests.stream().collect(Collectors.groupingBy(Request::apiKey));
        assertThat(byKey.keySet()).containsExactlyInAnyOrder("k0", "k1", "k2");
        List<Request> client1 = byKey.get("k1");
        assertThat(client1).hasSize(120);
        for (int n = 0; n < client1.size(); n++) {
            assertThat(client1.get(n).xff()).isEqualTo("198.51.100." + n);
            assertThat(client1.get(n).path()).isEqualTo("/u/1/" + n);
            assertThat(client1.get(n).anonToken()).isEqualTo("c-1");
            assertThat(client1.get(n).ip()).isEqualTo("c-1");
        }
    }

    @Test
    void clientsBehindOneNatShareTheirAddress(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = office, count = 10, rate = 1, key = "k{i}", ip = "203.0.113.7" } ]
                """));

        assertThat(requests.stream().map(Request::ip).distinct()).containsExactly("203.0.113.7");
        assertThat(requests.stream().map(Request::apiKey).distinct()).hasSize(10);
    }

    @Test
    void poissonArrivalsKeepTheMeanRateWithExponentialGaps(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = p, count = 20, rate = 50, arrival = poisson, key = "k{i}" } ]
                """));

        assertThat(requests.size()).isBetween(57_000, 63_000);  // 20 x 50 x 60 = 60,000
        List<Long> times = requests.stream().filter(r -> r.apiKey().equals("k3")).map(Request::timeNanos).toList();
        double[] gaps = new double[times.size() - 1];
        for (int i = 1; i < times.size(); i++) {
            gaps[i - 1] = times.get(i) - times.get(i - 1);
        }
        double mean = java.util.Arrays.stream(gaps).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).average().orElseThrow());
        assertThat(mean / 1e6).isBetween(18.0, 22.0);           // 1/50 s
        assertThat(sd / mean).isBetween(0.85, 1.15);             // exponential: sd = mean
    }

    @Test
    void perRequestChoiceFollowsTheWeights(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = w, rate = 100, pops { FRA = 3, AMS = 1, SYD = 0 } } ]
                """));

        long fra = requests.stream().filter(r -> r.pop().equals("FRA")).count();
        assertThat(requests).hasSize(6000).noneMatch(r -> r.pop().equals("SYD"));
        assertThat(fra / (double) requests.size()).isBetween(0.72, 0.78);
    }

    @Test
    void perClientChoiceKeepsEachClientInOnePop(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = botnet, count = 300, rate = 0.5, pops = all, pop-choice = per-client } ]
                """));

        Map<String, Set<String>> popsOfIp = new HashMap<>();
        requests.forEach(r -> popsOfIp.computeIfAbsent(r.ip(), k -> new HashSet<>()).add(r.pop()));
        assertThat(popsOfIp).hasSize(300);
        assertThat(popsOfIp.values()).allSatisfy(p -> assertThat(p).hasSize(1));
        Map<String, Long> clientsPerPop = popsOfIp.values().stream()
                .collect(Collectors.groupingBy(p -> p.iterator().next(), Collectors.counting()));
        assertThat(clientsPerPop.values()).hasSize(3).allSatisfy(n -> assertThat(n).isBetween(70L, 130L));
    }

    @Test
    void hoppingClientStaysForTheIntervalThenMoves(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = phone, rate = 10, pops = all, pop-choice = hop, hop-every = 10s } ]
                """));

        Map<Long, Set<String>> popsPerSegment = new HashMap<>();
        requests.forEach(r -> popsPerSegment.computeIfAbsent(r.timeNanos() / (10 * S), k -> new HashSet<>())
                .add(r.pop()));
        assertThat(popsPerSegment).hasSize(6);
        for (long segment = 0; segment < 6; segment++) {
            assertThat(popsPerSegment.get(segment)).hasSize(1);
            if (segment > 0) {
                assertThat(popsPerSegment.get(segment)).isNotEqualTo(popsPerSegment.get(segment - 1));
            }
        }
    }

    @Test
    void burstsAddTheirRequestsAtStartAndEveryPeriod(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = b, burst { every = 10s, size = 20, spread = 10ms } } ]
                """));

        assertThat(requests).hasSize(120);
        Map<Long, List<Request>> perBurst = requests.stream()
                .collect(Collectors.groupingBy(r -> r.timeNanos() / (10 * S)));
        assertThat(perBurst).hasSize(6);
        perBurst.forEach((burst, rs) -> {
            assertThat(rs).hasSize(20);
            assertThat(rs).allSatisfy(r -> assertThat(r.timeNanos() - burst * 10 * S).isBetween(0L, 10 * MS - 1));
        });
        assertThat(requests.get(1).timeNanos() - requests.get(0).timeNanos()).isEqualTo(500_000L);
    }

    @Test
    void burstsComeOnTopOfTheRate(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = b, rate = 5, burst { every = 30s, size = 50 } } ]
                """));

        assertThat(requests).hasSize(5 * 60 + 2 * 50);
        assertThat(requests.stream().filter(r -> r.timeNanos() == 0 || r.timeNanos() == 30 * S).count())
                .isGreaterThanOrEqualTo(100);
        assertOrderedAndNumbered(requests, 60 * S);
    }

    @Test
    void rampChangesTheRateLinearly(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = r, rate = 10, ramp-to = 30 } ]
                """));

        // rate 10 -> 30 over 60 s: 1,200 requests, 450 in the first half and 750 in the second
        long firstHalf = requests.stream().filter(r -> r.timeNanos() < 30 * S).count();
        assertThat(requests.size()).isBetween(1199, 1200);
        assertThat(firstHalf).isBetween(449L, 451L);
        long firstSecond = requests.stream().filter(r -> r.timeNanos() < S).count();
        long lastSecond = requests.stream().filter(r -> r.timeNanos() >= 59 * S).count();
        assertThat(firstSecond).isBetween(9L, 11L);
        assertThat(lastSecond).isBetween(29L, 31L);
    }

    @Test
    void startAndStopBoundAClient(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = w, rate = 10, start = 10s, stop = 20s }
                            { name = late, rate = 10, start = 55s, stop = 90s } ]
                """));

        List<Request> window = requests.stream().filter(r -> r.client().equals("w")).toList();
        List<Request> late = requests.stream().filter(r -> r.client().equals("late")).toList();
        assertThat(window).hasSize(100).allSatisfy(r -> assertThat(r.timeNanos()).isBetween(10 * S, 20 * S - 1));
        assertThat(late).hasSize(50).allSatisfy(r -> assertThat(r.timeNanos()).isBetween(55 * S, 60 * S - 1));
    }

    @Test
    void sameSeedGivesTheSameStreamAndAnotherSeedAnother(@TempDir Path dir) {
        Scenario s = scenario(dir, """
                clients = [ { name = a, count = 5, rate = 3, arrival = poisson, key = "k{i}" }
                            { name = b, count = 4, rate = 2, pops { FRA = 1, SYD = 2 }, pop-choice = hop } ]
                """);

        List<Request> first = drain(s);
        List<Request> again = drain(s);
        List<Request> other = drain(s.withSeed(6));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertOrderedAndNumbered(other, 60 * S);
    }

    @Test
    void equalTimesComeOutInClientOrder(@TempDir Path dir) {
        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = a, count = 2, key = "a{i}", burst { every = 30s, size = 2 } }
                            { name = b, key = "b", burst { every = 30s, size = 1 } } ]
                """));

        assertThat(requests.subList(0, 5)).extracting(Request::apiKey)
                .containsExactly("a0", "a0", "a1", "a1", "b");
        assertThat(requests.subList(0, 5)).extracting(Request::timeNanos).containsOnly(0L);
    }

    @Test
    void traceIsReplayedAndMergedWithPopulations(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", """
                time_ms,pop,key,cost,ip,xff
                0.25,FRA,t1,2,203.0.113.1,198.51.100.1
                1000,SYD,t2,1,203.0.113.2,
                59999.5,AMS,t3,1,203.0.113.3,
                60000,AMS,t4,1,203.0.113.4,
                """);

        List<Request> requests = drain(scenario(dir, """
                clients = [ { name = replay, trace = "trace.csv" }, { name = a, rate = 1, key = "live" } ]
                """));

        List<Request> replayed = requests.stream().filter(r -> r.client().equals("replay")).toList();
        assertThat(replayed).extracting(Request::apiKey).containsExactly("t1", "t2", "t3");
        Request first = replayed.get(0);
        assertThat(first.timeNanos()).isEqualTo(250_000L);
        assertThat(first.pop()).isEqualTo("FRA");
        assertThat(first.cost()).isEqualTo(2);
        assertThat(first.ip()).isEqualTo("203.0.113.1");
        assertThat(first.xff()).isEqualTo("198.51.100.1");
        assertThat(replayed.get(1).xff()).isNull();
        assertThat(requests).hasSize(3 + 60);
        assertOrderedAndNumbered(requests, 60 * S);
    }

    @Test
    void aRequestNamesItsSourceWhenItsClientSendsTheSameKeysThroughout(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", """
                time_ms,pop,key,cost
                0.5,FRA,t1,1
                """);
        TrafficGenerator stream = TrafficGenerator.open(ScenarioFixture.load(dir, """
                name = t
                duration = 5s
                seed = 5
                regions = [FRA, AMS, SYD]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s, key = xff } ]
                clients = [ { name = replay, trace = "trace.csv" }
                            { name = fixed, count = 3, rate = 2, key = "k{i}", xff = "x{i}", path = "/{n}" }
                            { name = rotating, count = 2, rate = 2, xff = "r{i}-{n}" } ]
                """));

        assertThat(stream.keyedSource()).isEqualTo(-1);
        Map<String, Set<Integer>> sources = new HashMap<>();
        Request r;
        while ((r = stream.next()) != null) {
            sources.computeIfAbsent(r.client() + ":" + r.xff(), c -> new HashSet<>()).add(stream.keyedSource());
        }
        // the trace is source 0, then the populations' clients in order; a path changing per request is keyed on by
        // nobody, an address changing per request is
        assertThat(sources).containsEntry("replay:null", Set.of(-1))
                .containsEntry("fixed:x0", Set.of(1)).containsEntry("fixed:x1", Set.of(2))
                .containsEntry("fixed:x2", Set.of(3));
        assertThat(sources.entrySet().stream().filter(e -> e.getKey().startsWith("rotating:"))
                .flatMap(e -> e.getValue().stream()).distinct()).containsExactly(-1);
    }

    @Test
    void tenThousandClientsStreamInOrder(@TempDir Path dir) {
        RequestStream stream = TrafficGenerator.open(ScenarioFixture.load(dir, """
                duration = 10s
                clients = [ { name = crowd, count = 10000, rate = 10, arrival = poisson, pops = all } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
                """));

        long count = 0;
        long previous = 0;
        Set<String> pops = new HashSet<>();
        Request r;
        while ((r = stream.next()) != null) {
            assertThat(r.id()).isEqualTo(count);
            assertThat(r.timeNanos()).isGreaterThanOrEqualTo(previous);
            previous = r.timeNanos();
            pops.add(r.pop());
            count++;
        }
        assertThat(count).isBetween(990_000L, 1_010_000L);
        assertThat(pops).hasSize(16);
    }

    @Test
    void requestsCarryTheSameHeadersWhetherOrNotALimiterKeysOnThem(@TempDir Path dir) {
        String clients = """
                clients = [ { name = c, count = 3, key = "k-{i}", xff = "x-{i}", anon-token = "t-{i}", rate = 2,
                              arrival = poisson, pops = all } ]
                """;
        Scenario onKey = ScenarioFixture.load(dir.resolve("key"), """
                name = t
                duration = 20s
                seed = 5
                regions = [FRA, AMS, SYD]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s, key = api-key } ]
                """ + clients);
        Scenario onEverything = ScenarioFixture.load(dir.resolve("all"), """
                name = t
                duration = 20s
                seed = 5
                regions = [FRA, AMS, SYD]
                limiters = [
                  { name = a, tier = cache, limit = 100, window = 60s, key = ip }
                  { name = b, tier = cache, limit = 100, window = 60s, key = xff }
                  { name = c, tier = cache, limit = 100, window = 60s, key = "anon-token+ip" }
                  { name = d, tier = cache, limit = 100, window = 60s, key = path }
                ]
                """ + clients);

        List<Request> keyed = drain(onKey);

        assertThat(keyed).hasSizeGreaterThan(50).isEqualTo(drain(onEverything));
        assertThat(keyed.get(0).ip()).startsWith("c-");
        assertThat(keyed.get(0).anonToken()).startsWith("t-");
    }
}
