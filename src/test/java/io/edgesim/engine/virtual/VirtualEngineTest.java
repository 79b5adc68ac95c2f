package io.edgesim.engine.virtual;

import io.edgesim.report.JsonReport;
import io.edgesim.result.DecisionListener;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class VirtualEngineTest {

    private static final Path REGIONS = Path.of("regions.conf");
    private static Scenario load(Path dir, String text) throws IOException {
        Path file = dir.resolve("s.conf");
        Files.writeString(file, text);
        return ScenarioLoader.load(file, REGIONS);
    }

    private static RunResult run(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }

    @Test
    void sameScenarioAndSeedGiveByteIdenticalResults() {
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), REGIONS);
        String first = JsonReport.render(run(scenario));
        String second = JsonReport.render(run(scenario));
        assertThat(second).isEqualTo(first);
        assertThat(JsonReport.render(run(scenario.withSeed(8)))).isNotEqualTo(first);
    }

    @Test
    void limitersRunBlockByBlockDecideAsWhenRunRequestByRequest(@TempDir Path dir) throws IOException {
        // more requests than one block, a remote stage followed by a local one (its keys are looked up again when
        // the reply comes back after its block was replaced), two limiters sharing a binding namespace, jitter
        Path regions = dir.resolve("regions.conf");
        Files.writeString(regions, Files.readString(REGIONS).replace("jitter = 0ms", "jitter = 3ms"));
        Path file = dir.resolve("s.conf");
        Files.writeString(file, """
                duration = 20s
                seed = 3
                regions-file = "regions.conf"
                regions = [FRA, LHR, SYD, IAD]
                clients = [ { name = keys, count = 200, key = "key-{i}", ip = "10.0.0.{i}", rate = 5,
                              arrival = poisson, pops = all } ]
                limiters = [
                  { name = isolate, tier = isolate, limit = 20, window = 10s }
                  { name = remote-then-cache, chain = [
                      { tier = durable-object, limit = 40, window = 10s, placement { policy = fixed, region = FRA } }
                      { tier = cache, algorithm = sliding-window, limit = 15, window = 10s, key = ip } ] }
                  { name = shared-a, tier = binding, limit = 10, period = 10, namespace = "7" }
                  { name = kv, tier = kv, limit = 30, window = 60s }
                  { name = shared-b, tier = binding, limit = 10, period = 10, namespace = "7" }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, regions);

        // blocks much smaller than the run, so that many replies come back after their block was replaced
        int smallBlock = 4_096;
        RunResult blockByBlock = new VirtualEngine(scenario, smallBlock, 3).run();
        // a decision listener makes the engine run every limiter request by request, in time order
        RunResult requestByRequest = new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST,
                DecisionListener.NONE).run();

        // one request per block and per batch: every limiter group sees each request alone, the plainest order there
        // is
        RunResult oneByOne = new VirtualEngine(scenario, 1, 1).run();

        assertThat(blockByBlock.limiters().get(0).totals().sent()).isGreaterThan(4 * smallBlock);
        assertThat(limiter(blockByBlock, "remote-then-cache").totals().rejected()).isPositive();
        assertThat(JsonReport.render(blockByBlock)).isEqualTo(JsonReport.render(requestByRequest));
        assertThat(JsonReport.render(oneByOne)).isEqualTo(JsonReport.render(requestByRequest));
        // and the engine's own block size, whatever it is
        assertThat(JsonReport.render(run(scenario))).isEqualTo(JsonReport.render(requestByRequest));
    }

    @Test
    void aBindingWithoutANamespaceKeepsItsCountersEvenWhenAnotherNamesItsLabel(@TempDir Path dir) throws IOException {
        String clients = """
                duration = 60s
                seed = 5
                regions = [FRA]
                clients = [ { name = keys, count = 20, key = "key-{i}", rate = 5, arrival = poisson } ]
                """;
        String own = "{ name = a, tier = binding, limit = 50, period = 10 }";
        Scenario alone = load(dir, clients + "limiters = [ " + own + " ]");
        Scenario both = load(dir, clients + "limiters = [ " + own
                + "\n { name = b, tier = binding, limit = 50, period = 10, namespace = \"a/0\" } ]");

        LimiterResult a = limiter(run(alone), "a");
        assertThat(limiter(run(both), "a").totals()).isEqualTo(a.totals());
        assertThat(a.totals().rejected()).isPositive();
    }

    @Test
    void everyRequestIsAccountedForInEveryLimiter() {
        RunResult result = run(ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), REGIONS));
        for (LimiterResult l : result.limiters()) {
            assertThat(l.totals().sent()).isEqualTo(885);
            assertThat(l.totals().accepted() + l.totals().rejected() + l.totals().failed())
                    .isEqualTo(l.totals().sent());
            long regionSum = l.regions().values().stream().mapToLong(r -> r.counts().sent()).sum();
            assertThat(regionSum).isEqualTo(l.totals().sent());
        }
    }

    @Test
    void objectServesRequestsInTheOrderTheyReachItsHomeNotTheOrderTheyWereSent(@TempDir Path dir)
            throws IOException {
        // SYD sends first (t = 0) but its request needs ~125 ms to reach Frankfurt; FRA sends at t = 10 ms and is
        // there in ~0.5 ms, so with a limit of 1 the Frankfurt request takes the only slot.
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n0,SYD,k\n10,FRA,k\n");
        RunResult result = run(load(dir, """
                name = order
                duration = 10s
                regions = [FRA, SYD]
                clients = [ { name = replay, trace = "t.csv" } ]
                limiters = [ { name = exact, tier = durable-object, limit = 1, window = 60s, key = api-key,
                               placement { policy = fixed, region = FRA } } ]
                """));
        LimiterResult exact = limiter(result, "exact");
        assertThat(exact.regions().get("FRA").counts().accepted()).isEqualTo(1);
        assertThat(exact.regions().get("SYD").counts().rejected()).isEqualTo(1);
        // the zero-latency exact count sees SYD first, so the object's answer differs from it on both requests
        assertThat(exact.exact().wronglyAccepted()).isEqualTo(1);
        assertThat(exact.exact().wronglyRejected()).isEqualTo(1);
    }

    @Test
    void chainLatencyIsTheSumOfItsStagesAndTheRoundTrip(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n0,SYD,k\n");
        Scenario scenario = load(dir, """
                name = chain
                duration = 10s
                regions = [FRA, SYD]
                clients = [ { name = replay, trace = "t.csv" } ]
                limiters = [ { name = shield, chain = [
                    { tier = cache, limit = 100, window = 60s, key = api-key, read-latency = 2ms }
                    { tier = durable-object, limit = 10, window = 60s, key = api-key, service-time = 3ms,
                      placement { policy = fixed, region = FRA } } ] } ]
                """);
        RunResult result = run(scenario);
        double rttMs = scenario.regions().rttNanos("SYD", "FRA") / 1e6;
        double latency = limiter(result, "shield").regions().get("SYD").latencyMs().max();
        assertThat(latency).isCloseTo(2 + rttMs + 3, within(0.01));
    }

    @Test
    void traceReplayDecidesEachRowAtItsTime(@TempDir Path dir) throws IOException {
        // a 2-per-second fixed window at one PoP: rows 0, 100, 200 ms -> 2 accepted, 1 rejected; 1,100 ms is the
        // next window -> accepted
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n0,FRA,a\n100,FRA,a\n200,FRA,a\n1100,FRA,a\n");
        RunResult result = run(load(dir, """
                name = trace
                duration = 5s
                regions = [FRA]
                clients = [ { name = replay, trace = "t.csv" } ]
                limiters = [ { name = local, tier = isolate, limit = 2, window = 1s, key = api-key,
                               isolates-per-pop = 1, mean-lifetime = 1d } ]
                """));
        LimiterResult local = limiter(result, "local");
        assertThat(local.totals().sent()).isEqualTo(4);
        assertThat(local.totals().accepted()).isEqualTo(3);
        assertThat(local.totals().rejected()).isEqualTo(1);
        assertThat(local.exact().wronglyAccepted() + local.exact().wronglyRejected()).isZero();
        assertThat(local.retryAfter().max()).isEqualTo(1);
    }

    @Test
    void aListenerNeedsTheRunToGoRequestByRequest() {
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), REGIONS);
        DecisionListener listener = new DecisionListener() {
            @Override
            public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                                long remaining, long retryAfterNanos, long latencyNanos) {
            }

            @Override
            public void close() {
            }
        };

        assertThatThrownBy(() -> new VirtualEngine(scenario, VirtualEngine.Order.BY_GROUP, listener))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BY_REQUEST");
    }

    @Test
    void decisionsListenerHearsEveryRequestOfEveryLimiter() {
        Scenario scenario = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), REGIONS);
        List<String> rows = new ArrayList<>();
        new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST, new DecisionListener() {
            @Override
            public void decided(String limiter, long timeNanos, String pop, String key, int cost, String allowed,
                                long remaining, long retryAfterNanos, long latencyNanos) {
                rows.add(limiter + "," + allowed);
            }

            @Override
            public void close() {
            }
        }).run();
        assertThat(rows).hasSize(2 * 885);
        assertThat(rows.stream().filter(r -> r.equals("local,true")).count()).isEqualTo(300);
        assertThat(rows.stream().filter(r -> r.equals("exact,true")).count()).isEqualTo(100);
    }

    @Test
    void aWafRuleIsJudgedByACountOfRequestsWhateverTheirCost(@TempDir Path dir) throws IOException {
        // 1.5 requests a second of cost 2 in one PoP, against a rule of 20 requests per 10 s without counter delay:
        // 15 requests per 10 s, all let through, none over the limit; a cache limit of 20 on the same traffic
        // counts tokens (30 per 10 s), and so does its exact count
        RunResult result = run(load(dir, """
                name = waf-cost
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, ip = "1.2.3.4", key = k, rate = 1.5, cost = 2, arrival = constant } ]
                limiters = [
                  { name = waf, tier = waf, limit = 20, period = 10s, update-delay = 0s }
                  { name = cache, tier = cache, limit = 20, window = 10s, key = ip }
                ]
                """));
        LimiterResult waf = limiter(result, "waf");
        LimiterResult cache = limiter(result, "cache");

        assertThat(waf.totals().letThrough()).isEqualTo(waf.totals().sent()).isEqualTo(90);
        assertThat(waf.exact().accepted()).isEqualTo(90);
        assertThat(waf.exact().wronglyAccepted()).isZero();
        assertThat(waf.multiplication()).hasValue(1.0);
        assertThat(waf.keys().overLimit()).isZero();
        assertThat(waf.keys().letThroughRatio().max()).isLessThanOrEqualTo(1.0);
        assertThat(cache.totals().letThrough()).isEqualTo(cache.exact().accepted()).isEqualTo(60);
        assertThat(cache.multiplication()).hasValue(1.0);
    }

    @Test
    void firstRefusalKeepsThe429TheClientSawNamingTheRefusingTier(@TempDir Path dir) throws IOException {
        // a WAF rule (5 per 10 s per IP, no counter delay) in front of a cache limit of 100: the sixth request at
        // 0.5 s is the first refused, by the WAF, which blocks the IP for the 10 s mitigation timeout
        Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n0,FRA,k\n100,FRA,k\n200,FRA,k\n300,FRA,k\n"
                + "400,FRA,k\n500,FRA,k\n");
        RunResult result = run(load(dir, """
                name = refusal
                duration = 5s
                regions = [FRA]
                clients = [ { name = replay, trace = "t.csv" } ]
                limiters = [ { name = login, chain = [
                    { tier = waf, limit = 5, period = 10s, update-delay = 0s }
                    { tier = cache, limit = 100, window = 60s, key = api-key } ] } ]
                """));
        var refusal = limiter(result, "login").firstRefusal();
        assertThat(refusal.status()).isEqualTo(429);
        assertThat(refusal.timeSeconds()).isEqualTo(0.5);
        assertThat(refusal.headers()).containsEntry("X-RateLimit-Scope", "waf")
                .containsEntry("Retry-After", "10")
                .containsEntry("RateLimit-Policy", "\"login\";q=5;w=10");
        assertThat(refusal.body()).isEqualTo("{\"error\":\"rate_limited\",\"scope\":\"waf\",\"retry_after\":10}");
    }

    @Test
    void limitersDecidedOnePopAfterAnotherDecideAsWhenRunRequestByRequest(@TempDir Path dir) throws IOException {
        // every limiter here stays in its PoP with PoP-local tiers, so each is decided one PoP after another, then
        // counted in arrival order; against the request-by-request order a decision listener forces. Uneven PoP
        // weights, keys of two kinds first seen in different orders, chains refused at different stages, a limiter
        // that sees one client only, a shared binding namespace, isolates evicted and writes landing late.
        Path file = dir.resolve("s.conf");
        Files.writeString(file, """
                duration = 30s
                seed = 11
                regions = [FRA, LHR, SYD, IAD, NRT]
                clients = [
                  { name = keys, count = 150, key = "key-{i}", ip = "10.0.0.{i}", rate = 4, arrival = poisson,
                    pops { FRA = 5, LHR = 1, SYD = 2, IAD = 1, NRT = 3 } }
                  { name = nat, count = 40, key = "nat-{i}", ip = "10.9.9.9", rate = 3, arrival = poisson, pops = all }
                ]
                limiters = [
                  { name = chain, chain = [
                      { tier = isolate, limit = 3, window = 5s, isolates-per-pop = 2, mean-lifetime = 4s }
                      { tier = cache, algorithm = sliding-window, limit = 40, window = 10s, key = ip,
                        write-delay = 50ms }
                      { tier = binding, limit = 10, period = 10, machines-per-pop = 3, sync-interval = 300ms } ] }
                  { name = nat-only, clients = [nat], tier = cache, limit = 20, window = 10s, key = ip }
                  { name = shared-a, tier = binding, limit = 10, period = 10, namespace = "5", key = ip }
                  { name = bucket, tier = isolate, algorithm = token-bucket, rate = 1, burst = 5 }
                  { name = shared-b, chain = [
                      { tier = cache, algorithm = gcra, rate = 2, burst = 4 }
                      { tier = binding, limit = 10, period = 10, namespace = "5", key = ip } ] }
                ]
                """);
        Scenario scenario = ScenarioLoader.load(file, REGIONS);
        RunResult requestByRequest = new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST,
                DecisionListener.NONE).run();
        // batches of one block and of several, none of them full at the end
        RunResult byPopSmallBlocks = new VirtualEngine(scenario, 1_000, 1).run();
        RunResult byPopSmallBatches = new VirtualEngine(scenario, 999, 7).run();
        RunResult byPop = run(scenario);

        LimiterResult chain = limiter(byPop, "chain");
        assertThat(chain.totals().sent()).isGreaterThan(10 * 1_000);
        assertThat(chain.totals().rejected()).isPositive();
        assertThat(chain.rejectedBy()).hasSize(3)
                .allSatisfy((stage, refused) -> assertThat(refused.refused()).isPositive());
        assertThat(limiter(byPop, "nat-only").totals().sent()).isLessThan(chain.totals().sent());
        assertThat(byPop.limiters()).allSatisfy(l -> assertThat(l.firstRefusal()).isNotNull());
        assertThat(JsonReport.render(byPop)).isEqualTo(JsonReport.render(requestByRequest));
        assertThat(JsonReport.render(byPopSmallBlocks)).isEqualTo(JsonReport.render(requestByRequest));
        assertThat(JsonReport.render(byPopSmallBatches)).isEqualTo(JsonReport.render(requestByRequest));
    }

    @Test
    void theBatchStaysWithinItsBudgetWhateverTheLimitersAndGrowsWithTheRequests(@TempDir Path dir)
            throws IOException {
        String head = """
                duration = 1s
                regions = [FRA, SYD]
                clients = [ { name = keys, count = 10, key = "key-{i}", rate = 1, pops = all } ]
                """;
        Scenario one = load(dir, head + "limiters = [ { name = l, tier = isolate, limit = 10, window = 10s } ]");
        Scenario thirty = load(dir, head + isolates(30));
        Scenario hundred = load(dir, head + isolates(100));
        Scenario none = load(dir, head + "limiters = [ { name = l, tier = kv, limit = 10, window = 60s } ]");

        // one limiter: 8 blocks of 65,536 (74 bytes a request, 37 MiB); thirty: one block (799 bytes a request,
        // 50 MiB; 8 blocks would take 400 MiB)
        VirtualEngine oneEngine = new VirtualEngine(one);
        assertThat(oneEngine.batchCapacity()).isEqualTo(VirtualEngine.BATCH_BLOCKS * VirtualEngine.BLOCK);
        VirtualEngine thirtyEngine = new VirtualEngine(thirty);
        assertThat(thirtyEngine.batchCapacity()).isEqualTo(VirtualEngine.BLOCK);
        assertThat(thirtyEngine.limitersByPop()).isEqualTo(30);
        // a hundred: one block would take 64 MiB for 39 of them (49 bytes for the batch with the answers of the one
        // exact reference they share, 25 per limiter); the others run block by block
        VirtualEngine hundredEngine = new VirtualEngine(hundred);
        assertThat(hundredEngine.batchCapacity()).isEqualTo(VirtualEngine.BLOCK);
        assertThat(hundredEngine.limitersByPop()).isEqualTo(39);
        assertThat(new VirtualEngine(none).batchCapacity()).isZero();
        // request by request, no limiter decides by PoP
        assertThat(new VirtualEngine(one, VirtualEngine.Order.BY_REQUEST, DecisionListener.NONE).limitersByPop())
                .isZero();

        // a run of a few requests makes little room
        LimiterResult alone = oneEngine.run().limiters().get(0);
        assertThat(alone.totals().sent()).isPositive();
        assertThat(oneEngine.batchRoom()).isEqualTo(1_024);
        // and every limiter decides as the one does, by PoP or not
        assertThat(hundredEngine.run().limiters()).hasSize(100).allSatisfy(l -> {
            assertThat(l.totals()).isEqualTo(alone.totals());
            assertThat(l.exact()).isEqualTo(alone.exact());
        });
    }

    private static String isolates(int count) {
        StringBuilder limiters = new StringBuilder("limiters = [\n");
        for (int i = 0; i < count; i++) {
            limiters.append("  { name = l").append(i).append(", tier = isolate, limit = 10, window = 10s }\n");
        }
        return limiters.append("]\n").toString();
    }
}
