package io.edgesim.scenario;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

class ScenarioWarningsTest {

    @TempDir
    Path dir;

    @Test
    void clientsWithoutAnApiKeyUnderALimiterKeyedOnItShareOneKey() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, count = 3, rate = 1 }, { name = b, count = 2, rate = 1 },
                            { name = c, key = "k-{i}", count = 4, rate = 1 } ]
                limiters = [ { name = by-key, tier = cache, limit = 100, window = 60s }
                             { name = by-ip, tier = cache, limit = 100, window = 60s, key = ip } ]
                """);

        String expected = "keyed on api-key, and 5 clients (a, b) send no API key: all their requests share one "
                + "key, '-' (give them key = \"...\", or key the limiter on ip)";
        assertThat(ScenarioWarnings.of(scenario)).containsExactly(java.util.Map.entry("limiters.by-key.key",
                expected));
        // in the report's assumptions too
        assertThat(scenario.assumptions()).containsEntry("limiters.by-key.key", expected);
        // and so it is: one key for the five, five for the addresses
        RunResult run = new VirtualEngine(scenario).run();
        assertThat(limiter(run, "by-key").keys().seen()).isEqualTo(1 + 4);
        assertThat(limiter(run, "by-ip").keys().seen()).isEqualTo(9);
    }

    @Test
    void aClientDefaultNoPopulationTakesIsSaidToChangeNothing() throws java.io.IOException {
        Scenario ownRates = ScenarioFixture.loadOverBase(dir, """
                client-defaults { rate = 5, arrival = poisson, pops { FRA = 1 } }
                clients = [ { name = a, key = k, rate = 2, pops = [AMS] }, { name = b, key = j, rate = 1 } ]
                """);
        // b takes the arrival and the PoPs; neither takes the rate
        assertThat(ScenarioWarnings.of(ownRates)).containsExactly(java.util.Map.entry("client-defaults.rate",
                "set, but every population sets its own rate: it changes nothing"));
        assertThat(ownRates.assumptions()).containsKey("client-defaults.rate");

        java.nio.file.Files.writeString(dir.resolve("t.csv"), "time_ms,pop,key\n0,FRA,k\n");
        Scenario traces = ScenarioFixture.loadOverBase(dir, """
                client-defaults { arrival = bursty }
                clients = [ { name = t, trace = "t.csv" } ]
                """);
        assertThat(ScenarioWarnings.of(traces)).containsExactly(java.util.Map.entry("client-defaults.arrival",
                "set, but every client is a trace, and traces take no client-defaults: it changes nothing"));
    }

    @Test
    void tierSettingsForNoStageTailsWithNoRemoteCallAndACostAWafRuleDoesNotCountAreSaid() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                latency { tails = on }
                tiers { kv { cache-ttl = 90s }, cache { read-latency = 1ms } }
                clients = [ { name = a, key = k, rate = 2, cost = 5 } ]
                limiters = [ { name = l, tier = cache, limit = 10, window = 60s }
                             { name = w, tier = waf, limit = 10, period = 10s, key = ip } ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnly(
                java.util.Map.entry("tiers.kv", "set, but no limiter has a kv stage: it changes nothing"),
                java.util.Map.entry("latency.tails", "on, but no limiter calls a Durable Object or an origin, the "
                        + "calls whose round trips it draws: it changes nothing"),
                java.util.Map.entry("clients.a.cost", "5, but a WAF rule counts requests, not their cost: w counts "
                        + "each of its requests once"));
        // with the stages they apply to, nothing to say
        Scenario used = ScenarioFixture.loadOverBase(dir, """
                latency { tails = on }
                tiers { kv { cache-ttl = 90s } }
                limiters = [ { name = k, tier = kv, limit = 10, window = 60s }
                             { name = d, tier = durable-object, limit = 10, window = 60s } ]
                """);
        assertThat(ScenarioWarnings.of(used)).isEmpty();
    }

    @Test
    void bindingsSharingANamespaceThatSeeTheSameClientCountItsRequestsOncePerLimiter() {
        // one key at 10 a second for 59 s in one PoP (one machine: no sync lag), two bindings of one namespace that
        // count the requests they let through: each request counts twice there while both let it through, so the
        // limit of 100 lets 50 through, and the limit of 300 then 200 more (250) where alone it would let 300
        Scenario shared = ScenarioFixture.loadOverBase(dir, """
                duration = 59s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10, pops = [FRA] } ]
                tiers { binding { namespace = "shared", machines-per-pop = 1 } }
                limiters = [ { name = b1, tier = binding, limit = 100, period = 60 }
                             { name = b2, tier = binding, limit = 300, period = 60 } ]
                """);
        assertThat(ScenarioWarnings.of(shared)).containsOnlyKeys("limiters.b1.namespace");
        assertThat(ScenarioWarnings.of(shared).get("limiters.b1.namespace")).startsWith(
                "limiters b1, b2 count in binding namespace 'shared' (key api-key) and all see client 'a': each of "
                        + "its requests "
                        + "counts there once per limiter");
        RunResult run = new VirtualEngine(shared).run();
        assertThat(limiter(run, "b1").totals().letThrough()).isEqualTo(50);
        assertThat(limiter(run, "b2").totals().letThrough()).isEqualTo(250);
        // clients of their own: counted once, jointly (limitersSharingANamespaceOverClientsOfTheirOwn...)
        Scenario apart = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10 }, { name = b, key = k, rate = 10 } ]
                tiers { binding { namespace = "shared" } }
                limiters = [ { name = b1, tier = binding, limit = 100, period = 60, clients = [a] }
                             { name = b2, tier = binding, limit = 300, period = 60, clients = [b] } ]
                """);
        assertThat(ScenarioWarnings.of(apart).get("limiters.b1.namespace")).startsWith(
                "limiters b1, b2 count in binding namespace 'shared' (key api-key) together: the limit holds");
        // keys of their own: counters of their own, no note
        Scenario otherKeys = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10 } ]
                tiers { binding { namespace = "shared" } }
                limiters = [ { name = b1, tier = binding, limit = 100, period = 60 }
                             { name = b2, tier = binding, limit = 300, period = 60, key = ip } ]
                """);
        assertThat(ScenarioWarnings.of(otherKeys)).isEmpty();
        // ip and xff both count a request without X-Forwarded-For by its address: the same counters
        Scenario address = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10 } ]
                tiers { binding { namespace = "shared" } }
                limiters = [ { name = b1, tier = binding, limit = 100, period = 60, key = ip }
                             { name = b2, tier = binding, limit = 300, period = 60, key = xff } ]
                """);
        assertThat(ScenarioWarnings.of(address).get("limiters.b1.namespace")).startsWith("limiters b1, b2 count in "
                + "binding namespace 'shared' (keys on the address: ip, xff or anon-token+ip) and all see client 'a'");
        // a blank namespace is the stage's own
        Scenario blank = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10 } ]
                tiers { binding { namespace = "" } }
                limiters = [ { name = b1, tier = binding, limit = 100, period = 60 }
                             { name = b2, tier = binding, limit = 300, period = 60 } ]
                """);
        assertThat(ScenarioWarnings.of(blank)).isEmpty();
        // two namespaces both shared by the same limiters: one note naming both
        Scenario twice = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 10 } ]
                limiters = [ { name = b1, chain = [ { tier = binding, limit = 100, period = 60, namespace = "A" }
                                                    { tier = binding, limit = 100, period = 60, namespace = "B" } ] }
                             { name = b2, chain = [ { tier = binding, limit = 300, period = 60, namespace = "A" }
                                                    { tier = binding, limit = 300, period = 60, namespace = "B" } ] } ]
                """);
        assertThat(ScenarioWarnings.of(twice)).containsOnlyKeys("limiters.b1.namespace");
        assertThat(ScenarioWarnings.of(twice).get("limiters.b1.namespace")).contains("namespace 'A' (key api-key)",
                "; limiters b1, b2 count in binding namespace 'B' (key api-key)");
    }

    @Test
    void burstsBilledMoreOftenThanTheirCadenceAreNotedWhenTheyAreMuchOfTheRun() {
        // one burst of 200 every minute in a 10 s run: the bill, the run repeated all month, holds six bursts a minute
        Scenario often = ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = b, key = k, burst { every = 1m, size = 200, spread = 200ms } } ]
                """);
        assertThat(ScenarioWarnings.of(often)).containsOnlyKeys("duration");
        assertThat(ScenarioWarnings.of(often).get("duration")).isEqualTo("the bill scales the 10s run to a 30-day "
                + "month as if it repeated, which bills more bursts than their cadence for b (1 burst, one every 60s: "
                + "6.00x): at their cadence their requests' share of the bill would be that many times smaller (a "
                + "duration that is a whole multiple of their `every` bills them at their cadence)");
        // a burst a day in a 10 s run: 8,640x, in plain digits
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = b, key = k, burst { every = 1d, size = 200 } } ]
                """)).get("duration")).contains("b (1 burst, one every 1d: 8,640x)");
        // a whole number of minutes: the cadence
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 2m
                clients = [ { name = b, key = k, burst { every = 1m, size = 200, spread = 200ms } } ]
                """))).isEmpty();
        // one request sent once beside 10 a second: too little of the bill to say
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = a, key = k, rate = 10 }, { name = once, key = o, burst { every = 1h, size = 1 } } ]
                """))).isEmpty();
        // ten a minute in bursts beside a steady 1,000 a second from the same client: too little to say
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = spiky, key = k, rate = 1000, burst { every = 1m, size = 10 } } ]
                """))).isEmpty();
        // but a limiter that sees only the bursts is billed six times their cadence, whatever the others see
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = cron, key = c, burst { every = 1m, size = 500 } }
                            { name = steady, key = s, rate = 1000 } ]
                limiters = [ { name = for-cron, clients = [cron], tier = durable-object, limit = 1000, window = 60s }
                             { name = for-steady, clients = [steady], tier = cache, limit = 100000, window = 60s } ]
                """))).containsOnlyKeys("duration").hasEntrySatisfying("duration", text -> assertThat(text)
                .contains("for cron (1 burst, one every 60s: 6.00x)"));
    }

    @Test
    void aRunShorterThanTheWindowOfALimiterBilledForItsWritesIsNoted() {
        // a minute of 1,000 keys against 10 an hour: the bill repeats the hour's first minute, a new allowance each
        Scenario minute = ScenarioFixture.loadOverBase(dir, """
                duration = 60s
                clients = [ { name = a, count = 1000, key = "k{i}", rate = 1 } ]
                limiters = [ { name = do, tier = durable-object, limit = 10, window = 1h }
                             { name = kv, tier = kv, limit = 10, window = 1h }
                             { name = daily, tier = durable-object, limit = 100, window = 1d }
                             { name = cache, tier = cache, limit = 10, window = 1h } ]
                """);
        assertThat(ScenarioWarnings.of(minute)).containsOnlyKeys("duration");
        assertThat(ScenarioWarnings.of(minute).get("duration")).isEqualTo("the 60s run is shorter than the window (1d "
                + "of daily; 1h of do, kv): it is the start of one window, and the bill, which scales the run to a "
                + "30-day month as if it repeated, gives every key a new allowance every 60s, so where keys would "
                + "reach their limits later in a window it bills more writes of accepted requests (a Durable Object's "
                + "rows, KV's writes) than a month has; a run of a whole window or more bills them as a month would");
        // a bucket whose burst takes an hour to refill is billed the same way
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 60s
                clients = [ { name = a, count = 1000, key = "k{i}", rate = 1 } ]
                limiters = [ { name = bucket, tier = durable-object, algorithm = token-bucket, rate = 0.0027778,
                               burst = 10 } ]
                """)).get("duration")).startsWith("the 60s run is shorter than the window (")
                .contains("of bucket (its bucket's time to refill its burst)): it is the start of one window");
        // a whole window: nothing to say; the cache bills nothing of its own
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 1h
                clients = [ { name = a, count = 1000, key = "k{i}", rate = 1 } ]
                limiters = [ { name = do, tier = durable-object, limit = 10, window = 1h }
                             { name = cache, tier = cache, limit = 10, window = 1d } ]
                """))).isEmpty();
        // beside bursts billed above their cadence: one note, both said
        assertThat(ScenarioWarnings.of(ScenarioFixture.loadOverBase(dir, """
                duration = 10s
                clients = [ { name = cron, key = c, burst { every = 1m, size = 500 } } ]
                limiters = [ { name = for-cron, tier = durable-object, limit = 1000, window = 60s } ]
                """)).get("duration")).startsWith("the 10s run is shorter than the window (60s of for-cron): ")
                .contains("; and the bill scales the 10s run to a 30-day month as if it repeated, which bills more "
                        + "bursts than their cadence for cron");
    }

    @Test
    void traceRowsWithoutTheFieldALimiterKeysOnShareOneKey() {
        // three rows without an API key and four without an address in t; u's one row without an address too
        ScenarioFixture.write(dir, "t.csv", "time_ms,pop,key\n0,FRA,\n100,FRA,\n200,FRA,k\n300,FRA,\n");
        ScenarioFixture.write(dir, "u.csv", "time_ms,pop,key\n0,FRA,a\n");
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = t, trace = "t.csv" }, { name = u, trace = "u.csv" } ]
                limiters = [ { name = by-key, tier = durable-object, limit = 2, window = 60s }
                             { name = by-ip, tier = durable-object, limit = 2, window = 60s, key = ip }
                             { name = only-u, tier = cache, limit = 2, window = 60s, clients = [u] } ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsExactly(
                java.util.Map.entry("limiters.by-key.key", "keyed on api-key, and 3 rows of trace t send no API "
                        + "key: all their requests share one key, '-' (give them a key, or key the limiter on ip)"),
                java.util.Map.entry("limiters.by-ip.key", "keyed on ip, and 4 rows of trace t and 1 row of trace u "
                        + "have no ip: all their requests share one key, '-' (give the rows an address: an ip column, "
                        + "or ClientIP in a Logpush export)"));
        // and so it is: the three keyless rows are one key ('-', beside k and a), which the limit of 2 holds to 2
        RunResult run = new VirtualEngine(scenario).run();
        assertThat(limiter(run, "by-key").keys().seen()).isEqualTo(3);
        assertThat(limiter(run, "by-key").totals().letThrough()).isEqualTo(2 + 1 + 1);
        assertThat(limiter(run, "by-ip").totals().letThrough()).isEqualTo(2);
        // rows at or after the run's end are never sent: a 0.25 s run sends t's first three rows, two without a key
        // and all without an address, and u's one
        Scenario shorter = ScenarioFixture.loadOverBase(dir, """
                duration = 250ms
                clients = [ { name = t, trace = "t.csv" }, { name = u, trace = "u.csv" } ]
                limiters = [ { name = by-key, tier = durable-object, limit = 2, window = 60s }
                             { name = by-ip, tier = durable-object, limit = 2, window = 60s, key = ip } ]
                """);
        assertThat(ScenarioWarnings.of(shorter).get("limiters.by-key.key")).contains("2 rows of trace t send no");
        assertThat(ScenarioWarnings.of(shorter).get("limiters.by-ip.key")).contains("3 rows of trace t and 1 row");
    }

    @Test
    void oneClientWithoutAKeyOrAClientTheLimiterDoesNotSeeIsNoSlip() {
        Scenario one = ScenarioFixture.loadOverBase(dir, "clients = [ { name = a, rate = 1 } ]\n");
        Scenario unseen = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, count = 5, rate = 1 }, { name = b, key = k, rate = 1 } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s, clients = [b] } ]
                """);

        assertThat(ScenarioWarnings.of(one)).isEmpty();
        assertThat(ScenarioWarnings.of(unseen)).isEmpty();
    }

    @Test
    void clientsExpectedToSendLessThanOneRequestAreNamed() {
        // rate = 1e-300 ran a report of nothing, unsaid
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = quiet, key = q, rate = 1e-300 }, { name = busy, key = b, rate = 1 } ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnlyKeys("clients.quiet.rate");
        assertThat(ScenarioWarnings.of(scenario).get("clients.quiet.rate")).startsWith("about ")
                .endsWith(" requests expected over the run (count x rate x the time it sends), so it may send none");
    }

    @Test
    void faultsThatCanTouchNoRequestAreNamed() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                faults = [
                  { kind = kv-outage, from = 1s, until = 2s }
                  { kind = region-outage, region = IAD, from = 1s, until = 2s }
                  { kind = region-outage, region = SYD, from = 1s, until = 2s }
                  { kind = partition, between = [FRA, IAD], from = 1s, until = 2s }
                ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnlyKeys("faults[0]", "faults[1]", "faults[3]")
                .containsEntry("faults[0]", "kv-outage changes nothing: no limiter has a kv stage")
                .containsEntry("faults[1]", "region-outage of IAD changes nothing: it is not a PoP of the scenario, "
                        + "and no limiter calls a durable-object or origin stage homed anywhere")
                .containsEntry("faults[3]", "partition between FRA and IAD changes nothing: no limiter sends a message "
                        + "between regions (no durable-object or origin stage)");
    }

    @Test
    void faultsOnTheWayToAnObjectAreNotNamedButALinkBetweenTwoRegionsWithoutPopsIs() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = d, tier = durable-object, limit = 100, window = 60s, timeout = 1s,
                               placement { policy = fixed, region = IAD } } ]
                faults = [
                  { kind = region-outage, region = IAD, from = 1s, until = 2s }
                  { kind = partition, between = [FRA, IAD], from = 1s, until = 2s }
                  { kind = latency, between = [IAD, NRT], extra = 10ms, from = 1s, until = 2s }
                ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnlyKeys("faults[2]").containsEntry("faults[2]",
                "latency between IAD and NRT changes nothing: neither is a PoP of the scenario, and messages go "
                        + "between a PoP and the region of an object it calls");
    }

    @Test
    void aFaultLastingPastTheRunsEndSaysHowLongItActs() {
        // the base runs 60 s
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                regions = [FRA, AMS]
                faults = [
                  { kind = pop-outage, pop = AMS, from = 40s, until = 100s }
                  { kind = pop-outage, pop = AMS, from = 10s, until = 20s }
                ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnly(java.util.Map.entry("faults[0].until",
                "100s is after the run's end at 60s: the fault acts for 20s, from 40s to the end (its label keeps "
                        + "what the scenario says)"));
    }

    @Test
    void clientsOnTwoPlansSendingTheSameKeysAreNamed() {
        Scenario scenario = ScenarioFixture.load(dir, """
                name = shared
                duration = 60s
                regions = [FRA, AMS]
                plans { free { limit = 5, window = 60s }, pro { limit = 50, window = 60s } }
                clients = [
                  { name = free, count = 3, key = "k-{i}", plan = free, rate = 0.5, pops = [FRA] }
                  { name = pro, count = 3, key = "k-{i}", plan = pro, rate = 0.5, pops = [AMS] }
                  { name = own, count = 3, key = "{name}-{i}", plan = pro, rate = 0.5, pops = [AMS] }
                ]
                limiters = [ { name = l, tier = cache } ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnly(java.util.Map.entry("clients.pro.key",
                "'k-{i}', as client free's: its plan pro and free's plan free share those keys, and a key takes the "
                        + "plan of the client whose request first carried it, so the per-plan figures count a shared "
                        + "key under both plans and limit it by one (give each client keys of its own, e.g. key = "
                        + "\"{name}-{i}\")"));
    }

    @Test
    void aTimeoutShorterThanTheRoundTripToTheObjectFromAPopIsNamed() {
        Scenario scenario = ScenarioFixture.load(dir, """
                name = cut
                duration = 60s
                regions = [FRA, AMS, SYD]
                clients = [ { name = a, key = k, rate = 1, pops = [FRA, SYD] } ]
                limiters = [
                  { name = short, tier = durable-object, limit = 100, window = 60s, timeout = 200ms,
                    placement { policy = fixed, region = FRA } }
                  { name = long-enough, tier = durable-object, limit = 100, window = 60s, timeout = 1s,
                    placement { policy = fixed, region = FRA } }
                ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnly(java.util.Map.entry("limiters.short.timeout",
                "200ms is shorter than the round trip to its object in FRA from SYD (250.5ms): every call from "
                        + "there fails closed, whatever the load"));
    }

    @Test
    void aRoundTripJustAboveTheTimeoutIsShownAboveIt() {
        assertThat(ScenarioWarnings.shownAbove(283_180_231L, 200_000_000L)).isEqualTo("283.2ms");
        // to a tenth it would read 250ms, the timeout itself
        assertThat(ScenarioWarnings.shownAbove(250_040_000L, 250_000_000L)).isEqualTo("250.04ms");
    }

    @Test
    void anEstimatedRoundTripInTheTimeoutNoteIsToATenthOfAMillisecond() {
        // AMS-SYD is not measured: its estimate came out as 283.180231ms
        Scenario scenario = ScenarioFixture.load(dir, """
                name = cut
                duration = 60s
                regions = [FRA, AMS]
                clients = [ { name = a, key = k, rate = 5 } ]
                limiters = [ { name = l, tier = durable-object, limit = 100, window = 60s, timeout = 200ms,
                               placement { policy = fixed, region = SYD } } ]
                """);

        assertThat(ScenarioWarnings.of(scenario).get("limiters.l.timeout")).contains("from FRA (250.5ms), AMS "
                + "(283.2ms): every call");
    }

    @Test
    void anArrivalForBurstsAloneHopOverOnePopAndInMemoryStateWithNoOutageAreSaidToChangeNothing() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                clients = [
                  { name = bursts, key = k, arrival = poisson, burst { every = 10s, size = 5 } }
                  { name = one-pop, key = j, rate = 1, pops = [FRA], pop-choice = hop, hop-every = 5s }
                  { name = kept, key = "h-{i}", count = 4, rate = 1, pops = all, pops-per-key = 1,
                    pop-choice = hop }
                  { name = moving, key = m, rate = 1, pops = all, pop-choice = hop }
                ]
                limiters = [ { name = exact, tier = durable-object, limit = 10, window = 10s, state = in-memory,
                               placement { policy = fixed, region = FRA } } ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsOnlyKeys("clients.bursts.arrival",
                "clients.one-pop.pop-choice", "clients.kept.pop-choice", "limiters.exact.state");
        assertThat(ScenarioWarnings.of(scenario)).containsEntry("clients.bursts.arrival", "poisson, but the "
                + "population sends bursts alone (no rate), and arrival spaces the regular requests: it changes "
                + "nothing").containsEntry("clients.kept.pop-choice", "hop, but each client reaches one PoP "
                + "(pops-per-key = 1), so it never moves: the same as per-client")
                .containsEntry("clients.one-pop.pop-choice", "hop, but each client reaches one PoP, so it never "
                + "moves: the same as per-client");
        // a default arrival taken only by populations of bursts alone
        Scenario defaults = ScenarioFixture.loadOverBase(dir, """
                client-defaults { arrival = poisson }
                clients = [ { name = bursts, key = k, burst { every = 10s, size = 5 } }
                            { name = steady, key = j, rate = 1, arrival = constant } ]
                """);
        assertThat(ScenarioWarnings.of(defaults)).containsExactly(java.util.Map.entry("client-defaults.arrival",
                "set, but the populations that take it send bursts alone (no rate), and arrival spaces the regular "
                        + "requests: it changes nothing"));
        // a region going down is what in-memory state is for
        Scenario outage = ScenarioFixture.loadOverBase(dir, """
                limiters = [ { name = exact, tier = durable-object, limit = 10, window = 10s, state = in-memory,
                               timeout = 1s, placement { policy = fixed, region = FRA } } ]
                faults = [ { kind = region-outage, region = FRA, from = 1s, until = 2s } ]
                """);
        assertThat(ScenarioWarnings.of(outage)).doesNotContainKey("limiters.exact.state");
    }

    @Test
    void limitersSharingANamespaceOverClientsOfTheirOwnAreSaidToBeJudgedAloneOnAJointLimit() {
        Scenario scenario = ScenarioFixture.loadOverBase(dir, """
                clients = [ { name = a, key = k, rate = 1 }, { name = b, key = k, rate = 1 } ]
                limiters = [
                  { name = wa, clients = [a], tier = binding, limit = 60, period = 60, namespace = "1001" }
                  { name = wb, clients = [b], tier = binding, limit = 60, period = 60, namespace = "1001" }
                  { name = own, clients = [b], tier = binding, limit = 60, period = 60, namespace = "2001" }
                ]
                """);

        assertThat(ScenarioWarnings.of(scenario)).containsExactly(java.util.Map.entry("limiters.wa.namespace",
                "limiters wa, wb count in binding namespace '1001' (key api-key) together: the limit holds for their "
                        + "requests jointly, but each one's exact count is of its own requests alone, so refusals the "
                        + "joint limit makes as intended count as wrongly rejected and lower its multiplication"));
        // keys that never meet (other values, or {name} in each population's template) share no counter: no note
        for (String keys : List.of("key = k1 }, { name = b, key = k2", "key = \"{name}-{i}\" }, "
                + "{ name = b, key = \"{name}-{i}\"")) {
            Scenario apart = ScenarioFixture.loadOverBase(dir, """
                    clients = [ { name = a, rate = 1, %s, rate = 1 } ]
                    limiters = [
                      { name = wa, clients = [a], tier = binding, limit = 60, period = 60, namespace = "1001" }
                      { name = wb, clients = [b], tier = binding, limit = 60, period = 60, namespace = "1001" }
                    ]
                    """.formatted(keys));
            assertThat(ScenarioWarnings.of(apart)).as(keys).isEmpty();
        }
    }
}
