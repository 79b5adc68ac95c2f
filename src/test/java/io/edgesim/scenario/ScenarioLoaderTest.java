package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.remote.Placement;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioLoaderTest {

    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    @Test
    void aScenarioNamingNoRegionsFileWhereTheDefaultIsMissingSaysWhereItLookedAndWhatToDo(@TempDir Path dir) {
        Path scenario = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.BASE);
        Path missing = dir.resolve("elsewhere/regions.conf");

        assertThatThrownBy(() -> ScenarioLoader.load(scenario, missing)).isInstanceOf(InputException.class)
                .hasMessage(scenario + ": regions-file: missing, and the default " + missing.toAbsolutePath()
                        + " does not exist; allowed: regions-file = FILE in the scenario, --regions FILE, or a "
                        + "folder with regions.conf to run from");
    }

    @Test
    void topKeepsThatManyOfTheHeaviestRegionsInRegionOrderAndASweepCanVaryIt(@TempDir Path dir) {
        // every region of regions.conf weighs the same: the first ones in the scenario's order are kept
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                regions = [SYD, FRA, AMS, IAD]
                clients = [ { name = bots, count = 100, key = k, rate = 1, pops { top = 2 }, pop-choice = per-client } ]
                """);
        PopChoice pops = ((ClientSpec.Population) s.clients().get(0)).pops();
        assertThat(pops.pops()).containsExactly("SYD", "FRA");
        assertThat(pops.weights()).containsExactly(1.0, 1.0);

        Path file = ScenarioFixture.write(dir, "s.conf", ScenarioFixture.over(ScenarioFixture.BASE, """
                regions = [SYD, FRA, AMS, IAD]
                clients = [ { name = bots, count = 100, key = k, rate = 1, pops { top = 2 }, pop-choice = per-client } ]
                """));
        Scenario swept = ScenarioLoader.load(file, ScenarioFixture.REGIONS, Map.of("clients.bots.pops.top", "4"));
        assertThat(((ClientSpec.Population) swept.clients().get(0)).pops().pops())
                .containsExactly("SYD", "FRA", "AMS", "IAD");
    }

    @Test
    void shippedThreePopsScenarioLoads() {
        Scenario s = ScenarioLoader.load(Path.of("scenarios/three-pops.conf"), ScenarioFixture.REGIONS);

        assertThat(s.name()).isEqualTo("three-pops");
        assertThat(s.description()).contains("300").contains("exactly 100").doesNotContain("\n");
        assertThat(s.durationNanos()).isEqualTo(60 * S);
        assertThat(s.seed()).isEqualTo(7);
        assertThat(s.pops()).containsExactly("FRA", "AMS", "SYD");
        ClientSpec.Population spread = (ClientSpec.Population) s.clients().get(0);
        assertThat(spread.name()).isEqualTo("spread");
        assertThat(spread.count()).isEqualTo(1);
        assertThat(spread.ratePerSecond()).isEqualTo(15.0);
        assertThat(spread.arrival()).isEqualTo(Arrival.CONSTANT);
        assertThat(spread.headers().apiKey().text()).isEqualTo("edge_test");
        assertThat(spread.pops().mode()).isEqualTo(PopChoice.Mode.PER_REQUEST);
        assertThat(spread.pops().pops()).containsExactlyInAnyOrder("FRA", "AMS", "SYD");
        assertThat(spread.pops().weights()).containsOnly(1.0);

        StageSpec local = s.limiters().get(0).stages().get(0);
        assertThat(s.limiters().get(0).name()).isEqualTo("local");
        assertThat(local.kind()).isEqualTo(TierKind.CACHE);
        assertThat(local.algorithm()).isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60 * S));
        assertThat(local.key()).isEqualTo(KeyKind.API_KEY);
        StageSpec exact = s.limiters().get(1).stages().get(0);
        assertThat(exact.tier()).isInstanceOfSatisfying(TierSettings.DurableObject.class, d ->
                assertThat(d.placement()).isEqualTo(new Placement(Placement.Policy.FIXED, "FRA", null)));
        assertThat(s.regions().rttNanos("SYD", "FRA")).isEqualTo(250_500_000L);
    }

    @Test
    void leftOutSettingsTakeTheirDefaults(@TempDir Path dir) {
        Scenario s = ScenarioFixture.load(dir, """
                duration = 10s
                clients = [ { name = a, rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 5, window = 1s } ]
                """);

        assertThat(s.name()).isEqualTo("s");
        assertThat(s.description()).isEmpty();
        assertThat(s.seed()).isEqualTo(1);
        assertThat(s.pops()).hasSize(16).startsWith("FRA", "AMS");
        assertThat(s.regionsFile()).isEqualTo(ScenarioFixture.REGIONS);
        ClientSpec.Population a = (ClientSpec.Population) s.clients().get(0);
        assertThat(a.count()).isEqualTo(1);
        assertThat(a.cost()).isEqualTo(1);
        assertThat(a.headers().apiKey()).isNull();
        assertThat(a.headers().ip().text()).isEqualTo("a-{i}");
        assertThat(a.headers().path().text()).isEqualTo("/");
        assertThat(a.startNanos()).isZero();
        assertThat(a.stopNanos()).isEqualTo(10 * S);
        assertThat(a.ramped()).isFalse();
        assertThat(a.pops().pops()).isEqualTo(s.pops());
        assertThat(s.prices().kvReadsPerMillion()).isEqualTo(0.50);
        assertThat(s.prices().durableObjectRequestsIncluded()).isEqualTo(1_000_000L);
        assertThat(s.prices().rowsReadIncluded()).isEqualTo(25_000_000_000L);
        assertThat(s.limiters().get(0).clients()).isEmpty();
    }

    @Test
    void assumptionsListDefaultsInForceInSortedOrder(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                seed = 3
                limiters = [
                  { name = c1, tier = cache, limit = 100, window = 60s, write-delay = 2ms }
                  { name = o, tier = durable-object, limit = 100, window = 60s }
                ]
                """);

        assertThat(s.assumptions())
                .containsEntry("tiers.cache.read-latency", "0.5ms (assumption)")
                .containsEntry("tiers.durable-object.queue-bound", "1000 (assumption)")
                .containsEntry("tiers.durable-object.service-time", "1ms (default)")
                .containsEntry("tiers.durable-object.placement.policy", "first-request (default)")
                .containsEntry("regions.intra-pop-rtt", "1ms (assumption, regions.conf)")
                .containsEntry("prices.worker-cpu-ms-per-request", "1 ms (assumption)")
                .containsKey("regions.rtt.AMS-FRA")
                .doesNotContainKey("tiers.cache.write-delay")
                .doesNotContainKey("seed")
                .doesNotContainKey("tiers.isolate.isolates-per-pop");
        assertThat(s.assumptions().get("regions.rtt.AMS-FRA")).startsWith("6.2ms (estimated");
        assertThat(new ArrayList<>(s.assumptions().keySet())).isSorted();
    }

    @Test
    void defaultInForceForOneLimiterIsAnAssumptionEvenIfAnotherSetsIt(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = c1, tier = cache, limit = 100, window = 60s, write-delay = 2ms }
                  { name = c2, tier = cache, limit = 100, window = 60s }
                ]
                """);

        // named with the limiter that takes it: c1's own 2ms is not it
        assertThat(s.assumptions()).containsEntry("tiers.cache.write-delay", "5ms (assumption, at c2)")
                .containsEntry("seed", "1 (default)");
        // a stage of a chain by its path; a default no stage sets is said without stages
        Scenario chain = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = w1, tier = waf, limit = 100, period = 60s, plan = pro }
                  { name = shield, chain = [ { tier = waf, limit = 100, period = 10s }
                                             { tier = durable-object, limit = 100, window = 60s } ] }
                ]
                """);
        assertThat(chain.assumptions()).containsEntry("tiers.waf.plan", "free (default, at limiters[1].chain[0])")
                .containsEntry("tiers.waf.mitigation-timeout", "10s (default)");
    }

    @Test
    void regionAssumptionsFollowWhereObjectsLive(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s,
                               placement { policy = location-hint, hint = me } } ]
                """);

        assertThat(s.assumptions()).containsEntry("regions.area-homes.me", "FRA (regions.conf)")
                .containsKey("regions.durable-objects")
                .containsKey("regions.rtt.AMS-FRA");
        assertThat(s.assumptions().get("regions.durable-objects")).startsWith("FRA AMS LHR").doesNotContain("GRU");
    }

    @Test
    void issueExampleLoads(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key,cost,ip,xff\n0,FRA,edge_test,1,203.0.113.1,\n");
        Scenario s = ScenarioFixture.load(dir, """
                name = three-pops
                description = "..."
                duration = 60s
                seed = 7                       # optional; --seed overrides
                regions = [FRA, AMS, SYD]      # optional; default: all in regions.conf
                clients = [
                  { name = spread, count = 1, key = "edge_test", rate = 15, arrival = constant,   # or poisson
                    pops { FRA = 1, AMS = 1, SYD = 1 } }      # weights; each request picks a PoP by weight (seeded)
                  { name = replay, trace = "trace.csv" }      # CSV with header: time_ms,pop,key[,cost][,ip][,xff]
                ]
                limiters = [
                  { name = local, tier = cache, algorithm = fixed-window, limit = 100, window = 60s, key = api-key }
                  { name = exact, tier = durable-object, algorithm = fixed-window, limit = 100, window = 60s, key = api-key,
                    placement { policy = fixed, region = FRA } }
                  { name = bucket, tier = durable-object, algorithm = token-bucket, rate = 10, burst = 3, key = api-key,
                    placement { policy = fixed, region = FRA } }
                  { name = binding, tier = binding, limit = 100, period = 60, namespace = "1001", key = api-key }  # wrangler's names
                  { name = kv, tier = kv, algorithm = fixed-window, limit = 100, window = 60s, key = api-key, expiration-ttl = 60s }
                ]
                """);

        assertThat(s.clients()).extracting(ClientSpec::name).containsExactly("spread", "replay");
        assertThat(s.limiters()).extracting(LimiterSpec::tierDescription)
                .containsExactly("cache", "durable-object", "durable-object", "binding", "kv");
        assertThat(s.limiters().get(3).stages().get(0).tier()).isEqualTo(new TierSettings.Binding(4, 100 * MS, "1001"));
    }

    @Test
    void scenarioWideTierDefaultsOverrideReferenceAndStagesOverrideThem(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                tiers { cache { write-delay = 2ms, read-latency = 0.2ms } }
                limiters = [
                  { name = c1, tier = cache, limit = 100, window = 60s }
                  { name = c2, tier = cache, limit = 100, window = 60s, write-delay = 7ms }
                ]
                """);

        assertThat(s.limiters().get(0).stages().get(0).tier()).isEqualTo(new TierSettings.Cache(200_000, 2 * MS));
        assertThat(s.limiters().get(1).stages().get(0).tier()).isEqualTo(new TierSettings.Cache(200_000, 7 * MS));
        assertThat(s.assumptions()).doesNotContainKeys("tiers.cache.write-delay", "tiers.cache.read-latency");
    }

    @Test
    void scenarioWideSettingMayRelyOnEachStagesOwnPlan(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                tiers { waf { mitigation-timeout = 1h } }
                limiters = [ { name = w, tier = waf, plan = pro, limit = 10, period = 60s } ]
                """);

        assertThat(s.limiters().get(0).stages().get(0).tier()).isEqualTo(new TierSettings.Waf("pro", 2 * S, 3600 * S));
    }

    @Test
    void everyTierSettingIsReachableFromAScenario(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = i, tier = isolate, limit = 1, window = 1s, isolates-per-pop = 8, mean-lifetime = 10s }
                  { name = c, tier = cache, limit = 1, window = 1s, read-latency = 1ms, write-delay = 2ms }
                  { name = k, tier = kv, limit = 1, window = 1s, cache-ttl = 90s, expiration-ttl = 120s,
                    hot-read = 2ms, miss-read-min = 10ms, miss-read-max = 30ms, min-write-interval = 2s,
                    fail-open = false }
                  { name = b, tier = binding, limit = 10, period = 10, machines-per-pop = 2, sync-interval = 50ms,
                    namespace = "1001" }
                  { name = w, tier = waf, limit = 50, period = 60s, key = ip, plan = pro, update-delay = 1s,
                    mitigation-timeout = 1h }
                  { name = d, tier = durable-object, limit = 1, window = 1s, service-time = 2ms, queue-bound = 10,
                    fail-open = true, placement { policy = location-hint, hint = oc } }
                  { name = o, tier = origin, limit = 1, window = 1s, region = SYD, service-time = 3ms }
                ]
                """);

        assertThat(s.limiters()).extracting(l -> l.stages().get(0).tier()).containsExactly(
                new TierSettings.Isolate(8, 10 * S),
                new TierSettings.Cache(MS, 2 * MS),
                new TierSettings.Kv(90 * S, 120 * S, 2 * MS, 10 * MS, 30 * MS, 2 * S, false),
                new TierSettings.Binding(2, 50 * MS, "1001"),
                new TierSettings.Waf("pro", S, 3600 * S),
                new TierSettings.DurableObject(2 * MS, 10, true, new Placement(Placement.Policy.LOCATION_HINT,
                        null, "oc")),
                new TierSettings.Origin("SYD", 3 * MS));
        assertThat(s.limiters().get(3).stages().get(0).algorithm())
                .isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 10, 10 * S));
        assertThat(s.limiters().get(4).stages().get(0).algorithm())
                .isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 50, 60 * S));
    }

    @Test
    void referenceDefaultsAreUsedForEveryTierWhenNothingIsSet(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = i, tier = isolate, limit = 1, window = 1s }
                  { name = k, tier = kv, limit = 1, window = 1s }
                  { name = b, tier = binding, limit = 10, period = 60 }
                  { name = w, tier = waf, limit = 50, period = 10s }
                  { name = o, tier = origin, limit = 1, window = 1s }
                ]
                """);

        assertThat(s.limiters()).extracting(l -> l.stages().get(0).tier()).containsExactly(
                new TierSettings.Isolate(4, 30 * S),
                new TierSettings.Kv(60 * S, 60 * S, MS, 5 * MS, 20 * MS, S, true),
                new TierSettings.Binding(4, 100 * MS, null),
                new TierSettings.Waf("free", 2 * S, 10 * S),
                new TierSettings.Origin("IAD", MS));
        assertThat(s.limiters().get(3).stages().get(0).key()).isEqualTo(KeyKind.IP);
        assertThat(s.assumptions()).containsEntry("tiers.binding.sync-interval", "100ms (assumption)")
                .containsEntry("tiers.waf.update-delay", "2s (assumption)")
                .containsEntry("tiers.waf.plan", "free (default)")
                .containsEntry("tiers.origin.region", "IAD (assumption)")
                .containsEntry("tiers.isolate.mean-lifetime", "30s (assumption)")
                .containsEntry("tiers.kv.cache-ttl", "60s (default)");
    }

    @Test
    void placementPolicies(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = first, tier = durable-object, limit = 1, window = 1s }
                  { name = fixed, tier = durable-object, limit = 1, window = 1s, placement { policy = fixed, region = SJC } }
                  { name = hint, tier = durable-object, limit = 1, window = 1s,
                    placement { policy = location-hint, hint = sam } }
                  { name = area, tier = durable-object, limit = 1, window = 1s, placement { policy = per-area } }
                ]
                """);

        assertThat(s.limiters()).extracting(l -> ((TierSettings.DurableObject) l.stages().get(0).tier()).placement())
                .containsExactly(new Placement(Placement.Policy.FIRST_REQUEST, null, null),
                        new Placement(Placement.Policy.FIXED, "SJC", null),
                        new Placement(Placement.Policy.LOCATION_HINT, null, "sam"),
                        new Placement(Placement.Policy.PER_AREA, null, null));
    }

    @Test
    void chainKeepsStageOrderAndJudgesAgainstTheLastStage(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = shield, clients = [a], chain = [
                      { tier = waf, limit = 500, period = 10s }
                      { tier = cache, limit = 200, window = 60s, write-delay = 1ms }
                      { tier = durable-object, algorithm = token-bucket, rate = 10, burst = 3,
                        placement { policy = fixed, region = FRA } }
                  ] }
                ]
                """);

        LimiterSpec shield = s.limiters().get(0);
        assertThat(shield.tierDescription()).isEqualTo("waf > cache > durable-object");
        assertThat(shield.stages().get(0).key()).isEqualTo(KeyKind.IP);
        assertThat(shield.stages().get(1).tier()).isEqualTo(new TierSettings.Cache(500_000, MS));
        assertThat(shield.reference()).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 10, 3));
        assertThat(shield.clients()).containsExactly("a");
    }

    @Test
    void referenceCanBeSetAndFallsBackToTheLastStagesNumbers(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = l1, tier = cache, limit = 100, window = 60s, reference { algorithm = sliding-log } }
                  { name = l2, tier = cache, limit = 100, window = 60s,
                    reference { algorithm = token-bucket, rate = 2, burst = 5 } }
                ]
                """);

        assertThat(s.limiters().get(0).reference())
                .isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 100, 60 * S));
        assertThat(s.limiters().get(1).reference()).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 2, 5));
    }

    @Test
    void rateAlgorithmsTakeRateAndBurst(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = g, tier = cache, algorithm = gcra, rate = 0.5, burst = 4, key = "anon-token+ip" } ]
                """);

        StageSpec g = s.limiters().get(0).stages().get(0);
        assertThat(g.algorithm()).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.GCRA, 0.5, 4));
        assertThat(g.key()).isEqualTo(KeyKind.ANON_TOKEN_IP);
    }

    @Test
    void pricesCanBeOverridden(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "prices { kv-reads-per-million = 0.6, plan-minimum = 0 }\n");

        assertThat(s.prices().kvReadsPerMillion()).isEqualTo(0.6);
        assertThat(s.prices().planMinimum()).isZero();
        assertThat(s.prices().kvWritesPerMillion()).isEqualTo(5.0);
        assertThat(s.prices().workerRequestsPerMillion()).isEqualTo(0.30);
        assertThat(s.prices().cpuMsPerRequest()).isEqualTo(1.0);
        // the included GB-seconds, an amount like the other included amounts (beyond a price's 1e9), a fraction too
        assertThat(ScenarioFixture.loadOverBase(dir, "prices { duration-gb-seconds-included = 2e9 }\n").prices()
                .durationGbSecondsIncluded()).isEqualTo(2e9);
        assertThat(ScenarioFixture.loadOverBase(dir, "prices { duration-gb-seconds-included = 0.5 }\n").prices()
                .durationGbSecondsIncluded()).isEqualTo(0.5);
    }

    @Test
    void theCpuTimeOfAnInvocationSetByTheScenarioIsNoLongerAnAssumption(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "prices { worker-cpu-ms-per-request = 2.5 }\n");

        assertThat(s.prices().cpuMsPerRequest()).isEqualTo(2.5);
        assertThat(s.assumptions()).doesNotContainKey("prices.worker-cpu-ms-per-request");
    }

    @Test
    void withSeedKeepsEverythingElse(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "");
        Scenario t = s.withSeed(99);

        assertThat(t.seed()).isEqualTo(99);
        assertThat(t.prices()).isEqualTo(s.prices());
        assertThat(t.assumptions()).isEqualTo(s.assumptions());
        assertThat(t.limiters()).isEqualTo(s.limiters());
    }

    @Test
    void regionsFileIsRelativeToTheScenario(@TempDir Path dir) {
        String small = """
                regions {
                  AAA { city = A, lat = 0, lon = 0, area = weur, durable-objects = true }
                  BBB { city = B, lat = 0, lon = 10, area = weur, durable-objects = true }
                }
                area-homes { weur = AAA, eeur = AAA, wnam = AAA, enam = AAA, sam = AAA, apac = AAA, oc = AAA,
                             afr = AAA, me = AAA }
                intra-pop-rtt = 1ms
                jitter = 0ms
                estimate { route-factor = 1.7, fibre-km-per-ms = 200 }
                rtt-ms { AAA-BBB = 20 }
                """;
        ScenarioFixture.write(dir, "sub/mine.conf", small);
        Path scenario = ScenarioFixture.write(dir, "sub/s.conf", """
                duration = 1s
                regions-file = "mine.conf"
                clients = [ { name = a, rate = 1, pops = [AAA] } ]
                limiters = [ { name = l, tier = cache, limit = 5, window = 1s } ]
                """);

        Scenario s = ScenarioLoader.load(scenario, ScenarioFixture.REGIONS);

        assertThat(s.pops()).containsExactly("AAA", "BBB");
        assertThat(s.regions().rttNanos("AAA", "BBB")).isEqualTo(20 * MS);
        assertThat(s.regionsFile()).isEqualTo(dir.resolve("sub/mine.conf"));
    }

    @Test
    void populationSettingsAreRead(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                clients = [
                  { name = bots, count = 50, key = "k-{name}-{i}", ip = "203.0.113.7", xff = "198.51.100.{n}",
                    anon-token = "t{i}", path = "/api", cost = 2, rate = 3, arrival = poisson, start = 5s, stop = 50s,
                    ramp-to = 9, burst { every = 10s, size = 20, spread = 10ms },
                    pops { FRA = 2, SYD = 1 }, pop-choice = hop, hop-every = 20s }
                  { name = all, rate = 1, pops = all, pop-choice = per-client }
                  { name = one, rate = 1, pops = SYD }
                ]
                """);

        ClientSpec.Population bots = (ClientSpec.Population) s.clients().get(0);
        assertThat(bots.count()).isEqualTo(50);
        assertThat(bots.headers().apiKey().text()).isEqualTo("k-bots-{i}");
        assertThat(bots.headers().ip().text()).isEqualTo("203.0.113.7");
        assertThat(bots.headers().xff().text()).isEqualTo("198.51.100.{n}");
        assertThat(bots.headers().anonToken().text()).isEqualTo("t{i}");
        assertThat(bots.headers().path().text()).isEqualTo("/api");
        assertThat(bots.cost()).isEqualTo(2);
        assertThat(bots.arrival()).isEqualTo(Arrival.POISSON);
        assertThat(bots.startNanos()).isEqualTo(5 * S);
        assertThat(bots.stopNanos()).isEqualTo(50 * S);
        assertThat(bots.ratePerSecond()).isEqualTo(3.0);
        assertThat(bots.rampToPerSecond()).isEqualTo(9.0);
        assertThat(bots.burst()).isEqualTo(new Burst(10 * S, 20, 10 * MS));
        assertThat(bots.pops()).isEqualTo(new PopChoice(PopChoice.Mode.HOP, java.util.List.of("FRA", "SYD"),
                java.util.List.of(2.0, 1.0), 20 * S, 0));
        ClientSpec.Population all = (ClientSpec.Population) s.clients().get(1);
        assertThat(all.pops().pops()).containsExactly("FRA", "AMS", "SYD");
        assertThat(all.pops().mode()).isEqualTo(PopChoice.Mode.PER_CLIENT);
        assertThat(((ClientSpec.Population) s.clients().get(2)).pops().pops()).containsExactly("SYD");
    }

    @Test
    void burstOnlyPopulationNeedsNoRate(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, "clients = [ { name = b, burst { every = 5s, size = 3 } } ]\n");

        ClientSpec.Population b = (ClientSpec.Population) s.clients().get(0);
        assertThat(b.ratePerSecond()).isZero();
        assertThat(b.burst()).isEqualTo(new Burst(5 * S, 3, 0));
    }

    @Test
    void rateMayBeADistributionEachClientDrawsFrom(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                clients = [
                  { name = z, count = 100, rate { distribution = zipf, total = 2000, exponent = 1.1 } }
                  { name = l, count = 100, rate { distribution = lognormal, median = 0.2, sigma = 1.5 } }
                  { name = p, count = 100, rate { distribution = pareto, min = 0.05, alpha = 1.3 },
                    burst { every = 10s, size = 2 } }
                ]
                """);

        assertThat(s.clients()).extracting(c -> ((ClientSpec.Population) c).rates()).containsExactly(
                new RateDistribution.Zipf(2000, 1.1), new RateDistribution.LogNormal(0.2, 1.5),
                new RateDistribution.Pareto(0.05, 1.3));
        assertThat(s.clients()).allSatisfy(c -> {
            assertThat(((ClientSpec.Population) c).ratePerSecond()).isZero();
            assertThat(((ClientSpec.Population) c).ramped()).isFalse();
        });
    }

    @Test
    void traceClientIsResolvedAgainstTheScenarioFolder(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n");
        Scenario s = ScenarioFixture.loadOverBase(dir, "clients = [ { name = replay, trace = \"trace.csv\" } ]\n");

        // read with the scenario: its one row has an API key and no address
        assertThat(s.clients()).containsExactly(new ClientSpec.Trace("replay", dir.resolve("trace.csv"), null, 0, 1));
    }

    private static long expirationTtl(Scenario s, int limiter) {
        return ((TierSettings.Kv) s.limiters().get(limiter).stages().get(0).tier()).expirationTtlNanos();
    }

    @Test
    void kvExpirationDefaultsToHowLongEachCountersStateMatters(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [
                  { name = hour, tier = kv, limit = 10, window = 1h }
                  { name = sliding, tier = kv, algorithm = sliding-window, limit = 10, window = 60s }
                  { name = short, tier = kv, limit = 10, window = 10s }
                  { name = bucket, tier = kv, algorithm = token-bucket, rate = 0.01, burst = 5 }
                  { name = again, tier = kv, limit = 20, window = 1h }
                ]
                """);

        assertThat(expirationTtl(s, 0)).isEqualTo(3_600 * S);
        assertThat(expirationTtl(s, 1)).isEqualTo(120 * S);
        assertThat(expirationTtl(s, 2)).isEqualTo(60 * S);
        assertThat(expirationTtl(s, 3)).isEqualTo(500 * S);
        assertThat(s.assumptions()).containsEntry("tiers.kv.expiration-ttl",
                "1h at limiters[0], limiters[4]; 120s at limiters[1]; 60s at limiters[2]; 500s at limiters[3] "
                        + "(default auto = max(60s, how long the counter's state matters))");
    }

    @Test
    void kvExpirationWrittenAsAutoIsResolvedPerStage(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                tiers { kv { expiration-ttl = auto } }
                limiters = [
                  { name = hour, tier = kv, limit = 10, window = 1h }
                  { name = sliding, tier = kv, algorithm = sliding-window, limit = 10, window = 1h,
                    expiration-ttl = auto }
                ]
                """);

        assertThat(expirationTtl(s, 0)).isEqualTo(3_600 * S);
        assertThat(expirationTtl(s, 1)).isEqualTo(7_200 * S);
        // set by the scenario, so not a default in force
        assertThat(s.assumptions()).doesNotContainKey("tiers.kv.expiration-ttl");
    }

    @Test
    void kvExpirationSetExplicitlyIsKeptAndNotedWhenItForgetsCountsThatStillDecide(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                tiers { kv { expiration-ttl = 90s } }
                limiters = [
                  { name = hour, tier = kv, limit = 10, window = 1h, expiration-ttl = 60s }
                  { name = sliding, tier = kv, algorithm = sliding-window, limit = 10, window = 60s }
                  { name = minute, tier = kv, limit = 10, window = 60s }
                ]
                """);

        assertThat(expirationTtl(s, 0)).isEqualTo(60 * S);
        assertThat(expirationTtl(s, 1)).isEqualTo(90 * S);
        assertThat(expirationTtl(s, 2)).isEqualTo(90 * S);
        assertThat(s.assumptions())
                .containsEntry("limiters[0].expiration-ttl", "60s: shorter than the 1h the fixed-window counter's "
                        + "state matters, so KV forgets counts that still decide (as code with this expiration does; "
                        + "auto would keep them 1h)")
                .containsEntry("limiters[1].expiration-ttl", "90s (set at tiers.kv.expiration-ttl): shorter than "
                        + "the 120s the sliding-window counter's state matters, so KV forgets counts that still decide "
                        + "(as code with this expiration does; auto would keep them 120s)")
                .doesNotContainKey("limiters[2].expiration-ttl");
    }

    @Test
    void plansApplyToEveryStageByItsFamilyAndToTheReference(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10, plan = pro }, { name = b, key = j, rate = 1 } ]
                limiters = [ { name = c, chain = [
                    { tier = cache, limit = 100, window = 60s }
                    { tier = durable-object, algorithm = gcra, rate = 1, burst = 10 }
                  ], reference { algorithm = sliding-window, limit = 50, window = 10s },
                  plans { pro { limit = 600, burst = 60 }, free { rate = 0.5 } } } ]
                """);

        LimiterSpec limiter = s.limiters().get(0);
        AlgorithmSpec cache = limiter.stages().get(0).algorithm();
        AlgorithmSpec object = limiter.stages().get(1).algorithm();
        assertThat(cache.forPlan("pro")).isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 600, 60 * S));
        assertThat(cache.forPlan("free")).isSameAs(cache);
        assertThat(object.forPlan("pro")).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.GCRA, 1, 60));
        assertThat(object.forPlan("free")).isEqualTo(AlgorithmSpec.rated(AlgorithmKind.GCRA, 0.5, 10));
        // the reference's own window (a windowed reference of a gcra stage takes no numbers from it), pro's limit
        assertThat(limiter.reference().forPlan("pro"))
                .isEqualTo(AlgorithmSpec.windowed(AlgorithmKind.SLIDING_WINDOW, 600, 10 * S));
        assertThat(limiter.limitFor("pro")).isEqualTo(600);
        assertThat(limiter.limitFor(null)).isEqualTo(50);
        assertThat(limiter.plans()).containsExactly("free", "pro");
        assertThat(s.clients().get(0).plan()).isEqualTo("pro");
        assertThat(s.clients().get(1).plan()).isNull();
    }

    @Test
    void kvKeepsTheCountOfThePlanWhoseStateMattersLongest(@TempDir Path dir) {
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = kv, tier = kv, algorithm = token-bucket, rate = 1, burst = 10,
                  plans { pro { burst = 600 } } } ]
                """);

        assertThat(expirationTtl(s, 0)).isEqualTo(600 * S);
    }

    @Test
    void aTraceClientMayHaveAPlan(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n");
        Scenario s = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = replay, trace = "trace.csv", plan = pro } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s, plans { pro { limit = 600 } } } ]
                """);

        assertThat(s.clients().get(0).plan()).isEqualTo("pro");
    }
}
