package io.edgesim.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every kind of bad input ends in one line: file, setting, what is wrong, what is allowed. */
class ScenarioErrorsTest {

    private static final String ALL_REGIONS = "FRA, AMS, LHR, MAD, IAD, DFW, YYZ, YUL, GRU, NRT, KIX, SIN, SYD, BOM, "
            + "MAA, SJC";
    private static final String DO_REGIONS = "FRA, AMS, LHR, MAD, IAD, DFW, YYZ, NRT, SIN, SYD, BOM, SJC";
    private static final String DURATION = "a duration with a unit, such as 250ms, 10s, 1m, 1h";

    static Stream<Arguments> badScenarios() {
        return Stream.of(
                arguments("regions = [FRA, XYZ]",
                        "regions: XYZ is not a region; allowed: regions of regions.conf: " + ALL_REGIONS),
                arguments("regions = [FRA, FRA]", "regions: FRA is listed twice; allowed: each region once"),
                arguments("limiters = [ { name = l, tier = cash, limit = 1, window = 1s } ]",
                        "limiters[0].tier: 'cash' is not a tier; "
                                + "allowed: isolate, cache, kv, binding, waf, durable-object, origin"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = leaky, limit = 1, window = 1s } ]",
                        "limiters[0].algorithm: 'leaky' is not an algorithm; "
                                + "allowed: fixed-window, sliding-window, sliding-log, token-bucket, gcra"),
                arguments("limiters = [ { name = b, tier = binding, limit = 100, period = 30 } ]",
                        "limiters[0].period: 30 is not a binding period; allowed: 10 or 60"),
                arguments("limiters = [ { name = b, tier = binding, limit = 100, period = 60s } ]",
                        "limiters[0].period: '60s' is not a whole number; allowed: 10 or 60"),
                arguments("limiters = [ { name = l, tier = cache, limit = 0, window = 60s } ]",
                        "limiters[0].limit: 0 is too small; allowed: a whole number of 1 or more"),
                arguments("limiters = [ { name = l, tier = cache, limit = -5, window = 60s } ]",
                        "limiters[0].limit: -5 is too small; allowed: a whole number of 1 or more"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 0, burst = 3 } ]",
                        "limiters[0].rate: 0 is too small; allowed: tokens per second, greater than 0"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, limit = 5, burst = 3 } ]",
                        "limiters[0].limit: token-bucket takes rate and burst, not limit; allowed: rate and burst"),
                arguments("limiters = [ { name = l, tier = cache, limit = 5 } ]",
                        "limiters[0].window: missing; allowed: " + DURATION),
                arguments("limiters = [ { name = k, tier = kv, limit = 100, window = 60s, expiration-ttl = 30s } ]",
                        "limiters[0].expiration-ttl: 30s is under the KV minimum of 60s; allowed: 60s or more"),
                arguments("limiters = [ { name = k, tier = kv, limit = 100, window = 60s, cache-ttl = 10s } ]",
                        "limiters[0].cache-ttl: 10s is under the KV minimum of 60s; allowed: 60s or more"),
                arguments("clients = [ { name = a, rate = 1, limt = 5 } ]",
                        "clients[0].limt: unknown setting; allowed: name, count, rate, arrival, start, stop, "
                                + "ramp-to, burst, key, ip, xff, anon-token, path, cost, pops, pop-choice, hop-every"),
                arguments("limiters = [ { name = l, tier = cache, limt = 100, window = 60s } ]",
                        "limiters[0].limt: unknown setting; allowed: tier, algorithm, limit, window, rate, burst, "
                                + "key, name, clients, reference, read-latency, write-delay"),
                arguments("limiters = [ { name = b, tier = binding, limit = 1, period = 10, window = 10s } ]",
                        "limiters[0].window: unknown setting; allowed: tier, algorithm, limit, period, key, name, "
                                + "clients, reference, machines-per-pop, sync-interval, namespace"),
                arguments("nme = x", "nme: unknown setting; allowed: name, description, duration, seed, regions, "
                        + "regions-file, clients, limiters, tiers, prices, sweep"),
                arguments("clients = [ { name = a, rate = 1, pops { FRA = 1, XYZ = 1 } } ]",
                        "clients[0].pops.XYZ: XYZ is not a region of this scenario; allowed: FRA, AMS, SYD"),
                arguments("clients = [ { name = a, rate = 1, pops = [FRA, LHR] } ]",
                        "clients[0].pops: LHR is not a region of this scenario; allowed: FRA, AMS, SYD"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = fixed, region = XYZ } } ]",
                        "limiters[0].placement.region: XYZ is not a region of the regions file; allowed: "
                                + DO_REGIONS),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = fixed, region = GRU } } ]",
                        "limiters[0].placement.region: GRU does not host Durable Objects; allowed: " + DO_REGIONS),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = fixed } } ]",
                        "limiters[0].placement.region: missing for policy = fixed; allowed: a region hosting "
                                + "Durable Objects: " + DO_REGIONS),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = location-hint, hint = mars } } ]",
                        "limiters[0].placement.hint: 'mars' is not an area; "
                                + "allowed: weur, eeur, wnam, enam, sam, apac, oc, afr, me"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = nearest } } ]",
                        "limiters[0].placement.policy: 'nearest' is not a placement policy; allowed: "
                                + "first-request, fixed (with region), location-hint (with hint), per-area"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { region = FRA } } ]",
                        "limiters[0].placement.region: a region is set but the policy is first-request; "
                                + "allowed: region only with policy = fixed"),
                arguments("limiters = [ { name = o, tier = origin, limit = 1, window = 1s, region = XYZ } ]",
                        "limiters[0].region: XYZ is not a region of the regions file; allowed: " + ALL_REGIONS),
                arguments("clients = [ { name = a, rate = 1 }, { name = a, rate = 2 } ]",
                        "clients[1].name: 'a' is already the name of clients[0]; "
                                + "allowed: a name unique among the clients"),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 1s }, "
                                + "{ name = l, tier = isolate, limit = 1, window = 1s } ]",
                        "limiters[1].name: 'l' is already the name of limiters[0]; "
                                + "allowed: a name unique among the limiters"),
                arguments("duration = 10 parsecs", "duration: '10 parsecs' is not a duration; allowed: " + DURATION),
                arguments("duration = 60", "duration: 60 has no unit; allowed: " + DURATION),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 60 } ]",
                        "limiters[0].window: 60 has no unit; allowed: " + DURATION),
                arguments("clients = [ { name = a, rate = 1, count = 0 } ]",
                        "clients[0].count: 0 is too small; allowed: a whole number of clients, 1 or more"),
                arguments("clients = [ { name = a, rate = 0 } ]",
                        "clients[0].rate: 0 is too small; allowed: requests per second per client, greater than 0"),
                arguments("clients = [ { name = a, rate = -2 } ]",
                        "clients[0].rate: -2 is too small; allowed: requests per second per client, greater than 0"),
                arguments("clients = [ { name = a } ]", "clients[0].rate: missing; allowed: requests per second "
                        + "per client, greater than 0 (may be left out only with a burst)"),
                arguments("clients = [ { name = a, rate = 1, pops { FRA = -1, AMS = 2 } } ]",
                        "clients[0].pops.FRA: -1 is negative; allowed: a weight of 0 or more"),
                arguments("clients = [ { name = a, rate = 1, pops { FRA = 0, AMS = 0 } } ]",
                        "clients[0].pops: every weight is 0; allowed: at least one PoP with a weight greater than 0"),
                arguments("clients = [ { name = a, rate = 1, pop-choice = teleport } ]",
                        "clients[0].pop-choice: 'teleport' is not a way to choose PoPs; "
                                + "allowed: per-request, per-client, hop"),
                arguments("clients = [ { name = a, rate = 1, hop-every = 5s } ]",
                        "clients[0].hop-every: set but pop-choice is per-request; "
                                + "allowed: hop-every only with pop-choice = hop"),
                arguments("clients = [ { name = a, rate = 1, arrival = bursty } ]",
                        "clients[0].arrival: 'bursty' is not an arrival; allowed: constant, poisson"),
                arguments("clients = [ { name = a, rate = 1, start = 20s, stop = 10s } ]",
                        "clients[0].stop: 10s is not after start (20s); allowed: a time after start"),
                arguments("clients = [ { name = a, rate = 1, start = 60s } ]",
                        "clients[0].start: 60s is not before the end of the run (60s); "
                                + "allowed: a time before the scenario's duration"),
                arguments("clients = [ { name = a, rate = 1, burst { every = 1s, size = 5, spread = 2s } } ]",
                        "clients[0].burst.spread: 2s is not shorter than every (1s); "
                                + "allowed: a duration shorter than every"),
                arguments("clients = [ { name = a, rate = 1, burst { every = 1s, sise = 5 } } ]",
                        "clients[0].burst.sise: unknown setting; allowed: every, size, spread"),
                arguments("clients = [ { name = a, rate = 1, key = \"k{j}\" } ]",
                        "clients[0].key: unknown placeholder {j}; allowed: {i}, {n}, {name}"),
                arguments("clients = [ { name = a, rate = 1, ip = null } ]",
                        "clients[0].ip: missing: every request has one; "
                                + "allowed: a template such as \"203.0.113.{i}\" or \"/api\""),
                arguments("clients = [ { name = a, rate = 1, ramp-to = -1 } ]",
                        "clients[0].ramp-to: -1 is negative; allowed: requests per second per client at stop, "
                                + "0 or more"),
                arguments("limiters = [ { name = w, tier = waf, limit = 10, period = 60s } ]",
                        "limiters[0].period: period 60s is not available on the free plan; allowed: 10s"),
                arguments("limiters = [ { name = w, tier = waf, plan = pro, limit = 10, period = 50s } ]",
                        "limiters[0].period: period 50s is not available on the pro plan; "
                                + "allowed: 10s, 15s, 20s, 30s, 40s, 45s, 60s"),
                arguments("limiters = [ { name = w, tier = waf, limit = 10, period = 10s, mitigation-timeout = 60s } ]",
                        "limiters[0].mitigation-timeout: mitigation timeout 60s is not available on the free plan; "
                                + "allowed: 10s"),
                arguments("limiters = [ { name = w, tier = waf, plan = pro, limit = 10, period = 10s, key = api-key } ]",
                        "limiters[0].key: key 'api-key' is not a counting characteristic on the pro plan; "
                                + "allowed: ip"),
                arguments("limiters = [ { name = w, tier = waf, plan = gold, limit = 10, period = 10s } ]",
                        "limiters[0].plan: 'gold' is not a plan; allowed: free, pro, business, enterprise"),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 1s, key = cookie } ]",
                        "limiters[0].key: 'cookie' is not a key; allowed: api-key, ip, xff, anon-token+ip, path, "
                                + "global (write \"anon-token+ip\" in quotes)"),
                arguments("limiters = [ { name = l, clients = [z], tier = cache, limit = 1, window = 1s } ]",
                        "limiters[0].clients: 'z' is not a client of this scenario; "
                                + "allowed: names of this scenario's clients: a"),
                arguments("limiters = [ { name = s, chain = [ { tier = cache, limit = 1, window = 1s }, "
                                + "{ tier = kv, limt = 1 } ] } ]",
                        "limiters[0].chain[1].limt: unknown setting; allowed: tier, algorithm, limit, window, rate, "
                                + "burst, key, cache-ttl, expiration-ttl, hot-read, miss-read-min, miss-read-max, "
                                + "min-write-interval, fail-open"),
                arguments("limiters = [ { name = s, tier = cache, chain = [ { tier = cache, limit = 1, window = 1s } ] } ]",
                        "limiters[0].tier: unknown setting; allowed: name, chain, clients, reference"),
                arguments("limiters = []", "limiters: the list is empty; allowed: one or more limiters "
                        + "{ name, tier, ... }"),
                arguments("tiers { cash { write-delay = 1ms } }", "tiers.cash: 'cash' is not a tier; "
                        + "allowed: isolate, cache, kv, binding, waf, durable-object, origin"),
                arguments("tiers { cache { write-dely = 1ms } }",
                        "tiers.cache.write-dely: unknown setting; allowed: read-latency, write-delay"),
                arguments("tiers { kv { expiration-ttl = 1s } }",
                        "tiers.kv.expiration-ttl: 1s is under the KV minimum of 60s; allowed: 60s or more"),
                arguments("tiers { waf { mitigation-timeout = 1h } }\n"
                                + "limiters = [ { name = w, tier = waf, limit = 10, period = 10s } ]",
                        "tiers.waf.mitigation-timeout: mitigation timeout 1h is not available on the free plan; "
                                + "allowed: 10s"),
                arguments("prices { kv-reads = 1 }", "prices.kv-reads: unknown setting; allowed: "
                        + "durable-object-requests-included, durable-object-requests-per-million, "
                        + "rows-written-included, rows-written-per-million, rows-read-included, rows-read-per-million, "
                        + "duration-gb-seconds-included, duration-per-million-gb-seconds, billed-memory-gb, "
                        + "kv-reads-included, kv-reads-per-million, kv-writes-included, kv-writes-per-million, "
                        + "plan-minimum"),
                arguments("prices { kv-reads-per-million = -1 }",
                        "prices.kv-reads-per-million: -1 is negative; allowed: a number, 0 or more"),
                arguments("name = \"my report\"", "name: 'my report' cannot name a report folder; "
                        + "allowed: letters, digits, '.', '_' and '-', starting with a letter or digit"));
    }

    @ParameterizedTest
    @MethodSource("badScenarios")
    void badSettingIsReportedOnOneLine(String fragment, String expected, @TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, fragment + "\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": " + expected);
        assertThat(message).doesNotContain("\n");
    }

    @Test
    void malformedHoconNamesFileAndLine(@TempDir Path dir) {
        String message = ScenarioFixture.errorOf(dir,
                "name = x\nduration = 60s\nclients = [ { name = a, rate = 1 } ]]\nlimiters = []\n");

        assertThat(message).startsWith(dir.resolve("s.conf") + ": line 3: malformed HOCON: ")
                .endsWith("; allowed: HOCON syntax").doesNotContain("\n");
    }

    @Test
    void missingScenarioFile(@TempDir Path dir) {
        Path file = dir.resolve("nope.conf");

        assertThatThrownBy(() -> ScenarioLoader.load(file, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class).hasMessage(file + ": no such file");
    }

    @Test
    void missingRegionsFileNamedByTheScenario(@TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, "regions-file = \"other.conf\"\n");

        assertThat(message).isEqualTo(dir.resolve("other.conf") + ": no such file");
    }

    @Test
    void missingTraceFile(@TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"t.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("t.csv") + ": no such file");
    }

    @Test
    void traceRowOutOfOrderFailsTheScenarioWithItsLine(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n150,AMS,k\n120,SYD,k\n");

        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"trace.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("trace.csv")
                + ": line 4: time_ms 120 is before the previous row (150); rows must be in time order");
    }

    @Test
    void traceRowInAPopOutsideTheScenarioFails(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n5,LHR,k\n");

        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"trace.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("trace.csv")
                + ": line 3: pop 'LHR' is not a region of the scenario; allowed: AMS, FRA, SYD");
    }
}
