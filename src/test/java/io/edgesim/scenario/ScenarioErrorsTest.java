package io.edgesim.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every kind of bad input ends in one line: file, setting, what is wrong, what is allowed. */
class ScenarioErrorsTest {

    private static final String ALL_REGIONS = "FRA, AMS, LHR, MAD, IAD, DFW, YYZ, YUL, GRU, NRT, KIX, SIN, SYD, BOM, "
            + "MAA, SJC";
    private static final String TWO_POPS = """
            regions {
              FRA { city = Frankfurt, lat = 50.0379, lon = 8.5622, area = weur, durable-objects = true }
              SYD { city = Sydney, lat = -33.9399, lon = 151.1753, area = oc, durable-objects = true }
            }
            area-homes { weur = FRA, eeur = FRA, wnam = FRA, enam = FRA, sam = FRA, apac = SYD, oc = SYD, afr = FRA,
                         me = FRA }
            intra-pop-rtt = 1ms
            jitter = 0ms
            estimate { route-factor = 1.7, fibre-km-per-ms = 200 }
            rtt-ms { FRA-SYD = 250 }
            """;
    private static final String DO_REGIONS = "FRA, AMS, LHR, MAD, IAD, DFW, YYZ, NRT, SIN, SYD, BOM, SJC";
    private static final String DURATION = "a duration with a unit, such as 250ms, 10s, 1m, 1h";
    private static final String POSITIVE_DURATION = DURATION + ", greater than 0 and at most 3650d";
    private static final String BINDING_PERIODS = "10 or 60 (seconds, as in wrangler: a number without a unit)";
    private static final String RATE = "requests per second per client, greater than 0 and at most 1,000,000";
    private static final String KV_TTL = "a duration from 60s to 3650d";
    private static final String KV_EXPIRATION = "auto, or " + KV_TTL;

    static Stream<Arguments> badScenarios() {
        return Stream.of(
                arguments("regions = [FRA, XYZ]",
                        "regions: XYZ is not a region; allowed: regions of regions.conf: " + ALL_REGIONS
                                + "; did you mean `YYZ`?"),
                arguments("regions = [FRA, FRA]", "regions: FRA is listed twice; allowed: each region once"),
                arguments("limiters = [ { name = l, tier = cash, limit = 1, window = 1s } ]",
                        "limiters[0].tier: 'cash' is not a tier; "
                                + "allowed: isolate, cache, kv, binding, waf, durable-object, origin"),
                arguments("limiters = [ { name = l, tier = cach, limit = 1, window = 1s } ]",
                        "limiters[0].tier: 'cach' is not a tier; "
                                + "allowed: isolate, cache, kv, binding, waf, durable-object, origin; did you mean "
                                + "`cache`?"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = leaky, limit = 1, window = 1s } ]",
                        "limiters[0].algorithm: 'leaky' is not an algorithm; "
                                + "allowed: fixed-window, sliding-window, sliding-log, token-bucket, gcra"),
                arguments("limiters = [ { name = b, tier = binding, limit = 100, period = 30 } ]",
                        "limiters[0].period: 30 is not a binding period; allowed: " + BINDING_PERIODS),
                arguments("limiters = [ { name = b, tier = binding, limit = 100, period = 60s } ]",
                        "limiters[0].period: '60s' is not a whole number; allowed: " + BINDING_PERIODS),
                arguments("limiters = [ { name = b, tier = binding, limit = 100, window = 60s } ]",
                        "limiters[0].window: unknown setting: the binding counts per period; allowed: tier, algorithm, "
                                + "limit, period, key, name, clients, reference, plans, limit-factor, contract, "
                                + "machines-per-pop, sync-interval, namespace; did you mean `period`?"),
                arguments("limiters = [ { name = l, tier = cache, limit = 0, window = 60s } ]",
                        "limiters[0].limit: 0 is too small; allowed: a whole number from 1 to 9e15"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 100, window = 60s, shards = 0 } ]",
                        "limiters[0].shards: 0 is too small; allowed: a whole number from 1 to 1,000"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 100, window = 60s, shards = 2.5 } ]",
                        "limiters[0].shards: 2.5 is not a whole number; allowed: a whole number from 1 to 1,000"),
                arguments("limiters = [ { name = d, chain = [ { tier = durable-object, limit = 100, window = 60s, "
                                + "shards = many } ] } ]",
                        "limiters[0].chain[0].shards: 'many' is not a whole number; allowed: a whole number from 1 "
                                + "to 1,000"),
                arguments("tiers { durable-object { shards = -4 } }",
                        "tiers.durable-object.shards: -4 is too small; allowed: a whole number from 1 to 1,000"),
                arguments("limiters = [ { name = c, tier = cache, limit = 100, window = 60s, shards = 4 } ]",
                        "limiters[0].shards: unknown setting; allowed: tier, algorithm, limit, window, rate, burst, "
                                + "anchor, count, key, name, clients, reference, plans, limit-factor, contract, "
                                + "read-latency, write-delay"),
                arguments("limiters = [ { name = l, tier = cache, limit = -5, window = 60s } ]",
                        "limiters[0].limit: -5 is too small; allowed: a whole number from 1 to 9e15"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 0, burst = 3 } ]",
                        "limiters[0].rate: 0 is too small; allowed: tokens per second, greater than 0 and at most "
                                + "1,000,000,000"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, limit = 5, burst = 3 } ]",
                        "limiters[0].limit: token-bucket takes rate and burst, not limit; allowed: rate and burst"),
                arguments("limiters = [ { name = l, tier = cache, limit = 5 } ]",
                        "limiters[0].window: missing; allowed: " + POSITIVE_DURATION),
                arguments("limiters = [ { name = k, tier = kv, limit = 100, window = 60s, expiration-ttl = 30s } ]",
                        "limiters[0].expiration-ttl: 30s is under the KV minimum of 60s; allowed: " + KV_EXPIRATION),
                arguments("limiters = [ { name = k, tier = kv, limit = 100, window = 60s, expiration-ttl = never } ]",
                        "limiters[0].expiration-ttl: 'never' is not a duration; allowed: " + KV_EXPIRATION),
                arguments("limiters = [ { name = k, tier = kv, limit = 100, window = 60s, cache-ttl = 10s } ]",
                        "limiters[0].cache-ttl: 10s is under the KV minimum of 60s; allowed: " + KV_TTL),
                arguments("clients = [ { name = a, rate = 1, limt = 5 } ]",
                        "clients[0].limt: unknown setting; allowed: name, count, rate, arrival, start, stop, "
                                + "ramp-to, burst, key, ip, xff, anon-token, path, cost, pops, pops-per-key, pop-choice, "
                                + "hop-every, plan"),
                arguments("clients = [ { name = a, rate = 1, plan = gold } ]",
                        "clients[0].plan: 'gold' is listed by no limiter's plans; allowed: a plan that a limiter "
                                + "lists in plans { NAME { ... } }"),
                arguments("clients = [ { name = a, rate = 1, plan = gold } ]\nlimiters = [ { name = l, tier = cache, "
                                + "limit = 10, window = 60s, plans { free { limit = 5 }, pro { limit = 50 } } } ]",
                        "clients[0].plan: 'gold' is listed by no limiter's plans; allowed: the plans the limiters "
                                + "list: free, pro"),
                arguments("clients = [ { name = a, rate = 1, plan = \"gold plan\" } ]",
                        "clients[0].plan: 'gold plan' is not a plan name; allowed: a plan name: letters, digits, "
                                + "'.', '_' or '-'"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, "
                                + "plans { pro { limit = 0 } } } ]",
                        "limiters[0].plans.pro.limit: 0 is too small; allowed: a whole number from 1 to 9e15"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, "
                                + "plans { pro { limt = 600 } } } ]",
                        "limiters[0].plans.pro.limt: unknown setting; allowed: limit, rate, burst; "
                                + "did you mean `limit`?"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, "
                                + "plans { pro { rate = 5 } } } ]",
                        "limiters[0].plans.pro.rate: no stage nor the reference is a token-bucket or gcra; "
                                + "allowed: limit"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = gcra, rate = 1, burst = 5, "
                                + "plans { pro { limit = 60 } } } ]",
                        "limiters[0].plans.pro.limit: no stage nor the reference counts in windows; "
                                + "allowed: rate, burst"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 1, burst = 5, "
                                + "plans { pro { burst = -1 } } } ]",
                        "limiters[0].plans.pro.burst: -1 is too small; allowed: a whole number from 1 to 9e15"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 1, burst = 5, "
                                + "plans { pro { rate = 0 } } } ]",
                        "limiters[0].plans.pro.rate: 0 is too small; allowed: tokens per second, greater than 0 "
                                + "and at most 1,000,000,000"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, plans { pro {} } } ]",
                        "limiters[0].plans.pro: the plan sets nothing; allowed: limit (windowed algorithms), rate "
                                + "and burst (token-bucket, gcra)"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, plans = 5 } ]",
                        "limiters[0].plans: '5' is not an object; allowed: an object { ... }"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, anchor = x } ]",
                        "limiters[0].anchor: 'x' is not an anchor; allowed: epoch, first-request"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = sliding-window, limit = 10, window = 60s, "
                                + "anchor = first-request } ]",
                        "limiters[0].anchor: sliding-window has no anchor; allowed: anchor with fixed-window only"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = gcra, rate = 1, burst = 5, "
                                + "anchor = epoch } ]",
                        "limiters[0].anchor: gcra has no anchor; allowed: anchor with fixed-window only"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, count = every } ]",
                        "limiters[0].count: 'every' is not a way of counting; allowed: admitted, all"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = token-bucket, rate = 1, burst = 5, "
                                + "count = all } ]",
                        "limiters[0].count: token-bucket has no count: a refused request takes no token; allowed: "
                                + "count with fixed-window, sliding-window, sliding-log"),
                arguments("limiters = [ { name = l, tier = cache, limit = 10, window = 60s, "
                                + "reference { anchor = first-request, algorithm = sliding-log } } ]",
                        "limiters[0].reference.anchor: sliding-log has no anchor; allowed: anchor with fixed-window "
                                + "only"),
                arguments("limiters = [ { name = b, tier = binding, limit = 10, period = 10, anchor = first-request } ]",
                        "limiters[0].anchor: the binding counts the requests it lets through, in windows aligned to "
                                + "the epoch; allowed: leave anchor out"),
                arguments("limiters = [ { name = w, tier = waf, limit = 10, period = 10s, count = all } ]",
                        "limiters[0].count: a WAF rule counts by its own rule: the requests it does not block, in "
                                + "windows aligned to the epoch; allowed: leave count out"),
                arguments("limiters = [ { name = l, tier = cache, limt = 100, window = 60s } ]",
                        "limiters[0].limt: unknown setting; allowed: tier, algorithm, limit, window, rate, burst, "
                                + "anchor, count, key, name, clients, reference, plans, limit-factor, contract, "
                                + "read-latency, write-delay; "
                                + "did you mean `limit`?"),
                arguments("limiters = [ { name = b, tier = binding, limit = 1, period = 10, window = 10s } ]",
                        "limiters[0].window: unknown setting; allowed: tier, algorithm, limit, period, key, name, "
                                + "clients, reference, plans, limit-factor, contract, machines-per-pop, sync-interval, "
                                + "namespace"),
                arguments("nme = x", "nme: unknown setting; allowed: name, description, duration, seed, regions, "
                        + "regions-file, clients, client-defaults, limiters, tiers, prices, sweep, latency, faults, "
                        + "plans; did you mean `name`?"),
                arguments("clients = [ { name = a, rate = 1, pops { FRA = 1, XYZ = 1 } } ]",
                        "clients[0].pops.XYZ: XYZ is not a region of this scenario; allowed: FRA, AMS, SYD"),
                arguments("clients = [ { name = a, rate = 1, pops = [FRA, LHR] } ]",
                        "clients[0].pops: LHR is not a region of this scenario; allowed: FRA, AMS, SYD"),
                arguments("clients = [ { name = a, rate = 1, key = k }, { name = b, rate = 1, key = k, rate = 2 } ]",
                        "clients[1].rate: written twice, on lines 5 and 5 (HOCON would silently keep the later); "
                                + "allowed: each setting once in a client"),
                arguments("tiers { cache { write-delay = 1s, read-latency = 1ms, write-delay = 2s } }",
                        "tiers.cache.write-delay: written twice, on lines 6 and 6 (HOCON would silently keep the "
                                + "later); allowed: each setting once"),
                arguments("plans { free { limit = 10 }, free { limit = 20 } }",
                        "plans.free: written twice, on lines 6 and 6 (HOCON would silently merge the two); "
                                + "allowed: each plan once"),
                arguments("clients = [ { name = a, rate = 1, pops = [FRA, AMSS] } ]",
                        "clients[0].pops: AMSS is not a region of this scenario; allowed: FRA, AMS, SYD; "
                                + "did you mean `AMS`?"),
                arguments("clients = [ { name = a, rate = 1, pops = alll } ]",
                        "clients[0].pops: 'alll' is neither all nor a region of this scenario; allowed: \"all\", "
                                + "{ top = N }, a list of regions, or { REGION = weight, ... } with regions of this "
                                + "scenario: FRA, AMS, SYD; did you mean `all`?"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "placement { policy = fixed, region = XYZ } } ]",
                        "limiters[0].placement.region: XYZ is not a region of the regions file; allowed: "
                                + DO_REGIONS + "; did you mean `YYZ`?"),
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
                        "limiters[0].region: XYZ is not a region of the regions file; allowed: " + ALL_REGIONS
                                + "; did you mean `YYZ`?"),
                arguments("clients = [ { name = a, rate = 1 }, { name = a, rate = 2 } ]",
                        "clients[1].name: 'a' is already the name of clients[0]; "
                                + "allowed: a name unique among the clients"),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 1s }, "
                                + "{ name = l, tier = isolate, limit = 1, window = 1s } ]",
                        "limiters[1].name: 'l' is already the name of limiters[0]; "
                                + "allowed: a name unique among the limiters"),
                arguments("limiters = [ { name = a, tier = binding, limit = 5, period = 60, namespace = \"7\" }, "
                                + "{ name = b, chain = [ { tier = cache, limit = 9, window = 1s }, "
                                + "{ tier = binding, limit = 5, period = 10, namespace = \"7\" } ] } ]",
                        "limiters[1].chain[1].period: 10s in namespace '7', which limiter 'a' counts in periods of "
                                + "60s; allowed: the same period for every binding of a namespace"),
                arguments("duration = 10 parsecs", "duration: '10 parsecs' is not a duration; allowed: " + POSITIVE_DURATION),
                arguments("duration = 60", "duration: 60 has no unit; allowed: " + POSITIVE_DURATION),
                // a reference that counts another way than the last stage takes no numbers from it
                arguments("limiters = [ { name = l, tier = cache, limit = 100, window = 60s, "
                                + "reference { algorithm = token-bucket } } ]",
                        "limiters[0].reference.rate: missing; allowed: tokens per second, greater than 0 and at most "
                                + "1,000,000,000"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = gcra, rate = 2, burst = 10, "
                                + "reference { algorithm = sliding-log, window = 5s } } ]",
                        "limiters[0].reference.limit: missing; allowed: a whole number from 1 to 9e15"),
                // with plans too: a key of no plan, or a plan leaving one out, takes the reference's own numbers
                arguments("limiters = [ { name = l, tier = cache, limit = 100, window = 60s, "
                                + "plans { pro { rate = 5, burst = 50, limit = 300 } }, "
                                + "reference { algorithm = token-bucket } } ]",
                        "limiters[0].reference.rate: missing; allowed: tokens per second, greater than 0 and at most "
                                + "1,000,000,000"),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 60 } ]",
                        "limiters[0].window: 60 has no unit; allowed: " + POSITIVE_DURATION),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = \"60\" } ]",
                        "limiters[0].window: '60' has no unit; allowed: " + POSITIVE_DURATION),
                arguments("duration = \" 1.5 \"", "duration: ' 1.5 ' has no unit; allowed: " + POSITIVE_DURATION),
                arguments("clients = [ { name = a, rate = 1, count = 0 } ]",
                        "clients[0].count: 0 is too small; allowed: a whole number of clients from 1 to 10,000,000"),
                arguments("clients = [ { name = a, rate = 0 } ]",
                        "clients[0].rate: 0 is too small; allowed: " + RATE),
                arguments("clients = [ { name = a, rate = -2 } ]",
                        "clients[0].rate: -2 is too small; allowed: " + RATE),
                arguments("clients = [ { name = a } ]", "clients[0].rate: missing; allowed: " + RATE
                        + " (may be left out only with a burst)"),
                arguments("clients = [ { name = a, rate = 1, pops { FRA = -1, AMS = 2 } } ]",
                        "clients[0].pops.FRA: -1 is negative; allowed: a weight from 0 to 1e15 (relative to the "
                                + "others)"),
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
                        "clients[0].burst.sise: unknown setting; allowed: every, size, spread; did you mean `size`?"),
                arguments("clients = [ { name = a, rate = 1, key = \"k{j}\" } ]",
                        "clients[0].key: unknown placeholder {j}; allowed: {i}, {n}, {name}"),
                arguments("clients = [ { name = a, rate = null } ]",
                        "clients[0].rate: missing; allowed: requests per second per client, greater than 0 and at "
                                + "most 1,000,000 (may be left out only with a burst)"),
                arguments("clients = [ { name = a, rate = 1, ramp-to = -1 } ]",
                        "clients[0].ramp-to: -1 is negative; allowed: requests per second per client at stop, "
                                + "from 0 to 1,000,000"),
                arguments("limiters = [ { name = c, tier = cache, chain = [ { tier = cache, limit = 1, "
                                + "window = 1s } ] } ]",
                        "limiters[0].tier: beside chain, which lists the limiter's tiers; allowed: tier for a "
                                + "limiter of one tier, or chain = [ { tier = ... }, ... ], not both"),
                arguments("limiters = [ { name = s, chain = [ { chain = [ { tier = durable-object } ] } ] } ]",
                        "limiters[0].chain[0].chain: a chain inside a stage of a chain; allowed: stages "
                                + "{ tier = ... } in one chain, in the order a request meets them"),
                arguments("limiters = [ { name = w, tier = waf, limit = 10, period = 60s } ]",
                        "limiters[0].period: period 60s is not available to WAF rules on"
                                + " Cloudflare's free plan; allowed: 10s"),
                arguments("limiters = [ { name = w, tier = waf, plan = pro, limit = 10, period = 50s } ]",
                        "limiters[0].period: period 50s is not available to WAF rules on Cloudflare's pro plan; "
                                + "allowed: 10s, 15s, 20s, 30s, 40s, 45s, 60s"),
                arguments("limiters = [ { name = w, tier = waf, limit = 10, period = 10s, mitigation-timeout = 60s } ]",
                        "limiters[0].mitigation-timeout: mitigation timeout 60s is not available to WAF rules on"
                                + " Cloudflare's free plan; "
                                + "allowed: 10s"),
                arguments("limiters = [ { name = w, tier = waf, plan = pro, limit = 10, period = 10s, key = api-key } ]",
                        "limiters[0].key: key 'api-key' is not a counting characteristic of WAF rules on"
                                + " Cloudflare's pro plan; "
                                + "allowed: ip"),
                arguments("limiters = [ { name = w, tier = waf, plan = gold, limit = 10, period = 10s } ]",
                        "limiters[0].plan: 'gold' is not a Cloudflare plan; allowed: free, pro, business, enterprise"),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 1s, key = cookie } ]",
                        "limiters[0].key: 'cookie' is not a key; allowed: api-key, ip, xff, anon-token+ip, path, "
                                + "global (write \"anon-token+ip\" in quotes)"),
                arguments("limiters = [ { name = l, clients = [z], tier = cache, limit = 1, window = 1s } ]",
                        "limiters[0].clients: 'z' is not a client of this scenario; "
                                + "allowed: names of this scenario's clients: a"),
                arguments("limiters = [ { name = s, chain = [ { tier = cache, limit = 1, window = 1s }, "
                                + "{ tier = kv, limt = 1 } ] } ]",
                        "limiters[0].chain[1].limt: unknown setting; allowed: tier, algorithm, limit, window, rate, "
                                + "burst, anchor, count, key, plans, limit-factor, cache-ttl, expiration-ttl, hot-read, "
                                + "miss-read-min, miss-read-max, min-write-interval, fail-open; "
                                + "did you mean `limit`?"),
                arguments("limiters = [ { name = s, chain = [ { tier = cache, limit = 1, window = 1s }, "
                                + "{ tier = waf, limit = 10, period = 10s } ] } ]",
                        "limiters[0].chain[1].tier: waf after cache: a WAF rule acts before the Worker runs; "
                                + "allowed: waf only as the first stage of a chain"),
                arguments("limiters = []", "limiters: the list is empty; allowed: one or more limiters "
                        + "{ name, tier, ... }"),
                arguments("tiers { cach { write-delay = 1ms } }", "tiers.cach: 'cach' is not a tier; "
                        + "allowed: isolate, cache, kv, binding, waf, durable-object, origin; did you mean `cache`?"),
                arguments("tiers { cache { write-dely = 1ms } }",
                        "tiers.cache.write-dely: unknown setting; allowed: read-latency, write-delay; "
                                + "did you mean `write-delay`?"),
                arguments("tiers { kv { expiration-ttl = 1s } }",
                        "tiers.kv.expiration-ttl: 1s is under the KV minimum of 60s; allowed: " + KV_EXPIRATION),
                arguments("tiers { waf { mitigation-timeout = 1h } }\n"
                                + "limiters = [ { name = w, tier = waf, limit = 10, period = 10s } ]",
                        "tiers.waf.mitigation-timeout: mitigation timeout 1h is not available to WAF rules on"
                                + " Cloudflare's free plan; "
                                + "allowed: 10s"),
                arguments("prices { kv-reads = 1 }", "prices.kv-reads: unknown setting; allowed: "
                        + "worker-requests-included, worker-requests-per-million, cpu-ms-included, "
                        + "cpu-ms-per-million, worker-cpu-ms-per-request, durable-object-requests-included, durable-object-requests-per-million, "
                        + "rows-written-included, rows-written-per-million, rows-read-included, rows-read-per-million, "
                        + "duration-gb-seconds-included, duration-per-million-gb-seconds, billed-memory-gb, "
                        + "kv-reads-included, kv-reads-per-million, kv-writes-included, kv-writes-per-million, "
                        + "rate-limiting-binding-per-million, plan-minimum"),
                arguments("prices { worker-cpu-ms-per-request = -0.5 }",
                        "prices.worker-cpu-ms-per-request: -0.5 is negative; allowed: a number from 0 to 1e9"),
                // the included GB-seconds: an amount, as the other included amounts, not a price
                arguments("prices { duration-gb-seconds-included = 1e16 }",
                        "prices.duration-gb-seconds-included: 1e16 is too large; allowed: a number from 0 to 9e15"),
                arguments("prices { kv-reads-per-million = -1 }",
                        "prices.kv-reads-per-million: -1 is negative; allowed: a number from 0 to 1e9"),
                // a bill of such prices was capped at $922,337,203,685,477.60 (a long's largest, over 10^4)
                arguments("prices { worker-requests-per-million = 1e300 }",
                        "prices.worker-requests-per-million: 1e300 is too large; allowed: a number from 0 to 1e9"),
                arguments("prices { kv-reads-per-million = NaN }",
                        "prices.kv-reads-per-million: 'NaN' is not a number; allowed: a number from 0 to 1e9"),
                arguments("prices { worker-requests-included = 1e30 }",
                        "prices.worker-requests-included: 1e30 is too large, above 9e15; allowed: a whole number from "
                                + "0 to 9e15"),
                arguments("prices { worker-requests-included = -1e16 }",
                        "prices.worker-requests-included: -1e16 is too small, below -9e15; allowed: a whole number "
                                + "from 0 to 9e15"),
                arguments("seed = 9.3e18", "seed: 9.3e18 is too large, above 9e15; allowed: a whole number from "
                        + "-9e15 to 9e15"),
                arguments("name = \"" + "a".repeat(201) + "\"", "name: a name of 201 characters is too long for a "
                        + "report folder; allowed: up to 200 letters, digits, '.', '_' and '-', starting with a letter "
                        + "or digit"),
                arguments("name = \"..\"", "name: '..' cannot name a report folder; allowed: up to 200 letters, "
                        + "digits, '.', '_' and '-', starting with a letter or digit"),
                arguments("name = \"a/b\"", "name: 'a/b' cannot name a report folder; allowed: up to 200 letters, "
                        + "digits, '.', '_' and '-', starting with a letter or digit"),
                arguments("limiters = [ { name = \"na\u00efve\", tier = cache, limit = 1, window = 1s } ]",
                        "limiters[0].name: character 3 is '\u00ef' U+00EF, which is not printable ASCII; the name "
                                + "goes into the RateLimit-Policy and RateLimit headers of a 429; allowed: printable "
                                + "ASCII characters: letters, digits, spaces and punctuation (space to ~)"),
                arguments("limiters = [ { name = \"a\\tb\", tier = cache, limit = 1, window = 1s } ]",
                        "limiters[0].name: character 2 is U+0009, which is not printable ASCII; the name "
                                + "goes into the RateLimit-Policy and RateLimit headers of a 429; allowed: printable "
                                + "ASCII characters: letters, digits, spaces and punctuation (space to ~)"),
                arguments("name = \"my report\"", "name: 'my report' cannot name a report folder; allowed: up to 200 "
                        + "letters, digits, '.', '_' and '-', starting with a letter or digit"));
    }

    /** Durations, rates and sizes whose nanoseconds or request counts would overflow, or never finish. */
    static Stream<Arguments> valuesTooLarge() {
        return Stream.of(
                arguments("duration = 300000d", "duration: 300000d is too large; allowed: " + POSITIVE_DURATION),
                arguments("duration = 3651d", "duration: 3651d is too large; allowed: " + POSITIVE_DURATION),
                arguments("duration = \"1e30d\"", "duration: 1e30d is too large; allowed: " + POSITIVE_DURATION),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = 4000d } ]",
                        "limiters[0].window: 4000d is too large; allowed: " + POSITIVE_DURATION),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "service-time = 1000000d } ]",
                        "limiters[0].service-time: 1000000d is too large; allowed: " + DURATION + ", from 0 to 60s"),
                arguments("tiers { durable-object { service-time = 61s } }",
                        "tiers.durable-object.service-time: 61s is too large; allowed: " + DURATION
                                + ", from 0 to 60s"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "shards = 1001 } ]",
                        "limiters[0].shards: 1001 is too large; allowed: a whole number from 1 to 1,000"),
                arguments("limiters = [ { name = d, tier = durable-object, limit = 1, window = 1s, "
                                + "queue-bound = 2000000 } ]",
                        "limiters[0].queue-bound: 2000000 is too large; allowed: a whole number from 0 to 1,000,000"),
                arguments("limiters = [ { name = o, tier = origin, limit = 1, window = 1s, service-time = 2m } ]",
                        "limiters[0].service-time: 2m is too large; allowed: " + DURATION + ", from 0 to 60s"),
                arguments("tiers { cache { read-latency = 1h } }",
                        "tiers.cache.read-latency: 1h is too large; allowed: " + DURATION + ", from 0 to 60s"),
                arguments("tiers { kv { miss-read-max = 10m } }",
                        "tiers.kv.miss-read-max: 10m is too large; allowed: " + DURATION + ", from 0 to 60s"),
                arguments("limiters = [ { name = i, tier = isolate, limit = 1, window = 1s, "
                                + "isolates-per-pop = 1000000 } ]",
                        "limiters[0].isolates-per-pop: 1000000 is too large; allowed: a whole number from 1 to "
                                + "100,000"),
                arguments("clients = [ { name = a, rate = 1, start = 4000d } ]",
                        "clients[0].start: 4000d is too large; allowed: " + DURATION + ", from 0 to 3650d"),
                arguments("clients = [ { name = a, rate = 1e300 } ]",
                        "clients[0].rate: 1e300 is too large; allowed: " + RATE),
                arguments("clients = [ { name = a, rate = 1000001 } ]",
                        "clients[0].rate: 1000001 is too large; allowed: " + RATE),
                arguments("clients = [ { name = a, rate = 1, ramp-to = 2e6 } ]",
                        "clients[0].ramp-to: 2000000 is too large; allowed: requests per second per client at stop, "
                                + "from 0 to 1,000,000"),
                arguments("clients = [ { name = a, rate = 1, count = 20000000 } ]",
                        "clients[0].count: 20000000 is too large; allowed: a whole number of clients from 1 to "
                                + "10,000,000"),
                arguments("clients = [ { name = a, rate = 1, cost = 2000000 } ]",
                        "clients[0].cost: 2000000 is too large; allowed: a whole number of tokens from 1 to "
                                + "1,000,000"),
                arguments("clients = [ { name = a, burst { every = 1s, size = 2000000 } } ]",
                        "clients[0].burst.size: 2000000 is too large; allowed: a whole number of requests from 1 to "
                                + "1,000,000"),
                arguments("limiters = [ { name = l, tier = cache, algorithm = gcra, rate = 1e12, burst = 3 } ]",
                        "limiters[0].rate: 1000000000000 is too large; allowed: tokens per second, greater than 0 and at most "
                                + "1,000,000,000"));
    }

    @ParameterizedTest
    @MethodSource("valuesTooLarge")
    void valueTooLargeIsRefusedWithItsRange(String fragment, String expected, @TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, fragment + "\n")).isEqualTo(dir.resolve("s.conf") + ": "
                + expected);
    }

    /** A negative or zero duration where only more than 0 is allowed states that range, not "0 or more". */
    static Stream<Arguments> durationsNotPositive() {
        return Stream.of(
                arguments("duration = -10s", "duration: -10s is negative; allowed: " + POSITIVE_DURATION),
                arguments("duration = 0s", "duration: 0s is too small; allowed: " + POSITIVE_DURATION),
                arguments("limiters = [ { name = l, tier = cache, limit = 1, window = -1m } ]",
                        "limiters[0].window: -1m is negative; allowed: " + POSITIVE_DURATION),
                arguments("tiers { isolate { mean-lifetime = -30s } }",
                        "tiers.isolate.mean-lifetime: -30s is negative; allowed: a duration with a unit, from 1s to "
                                + "3650d (isolates live for seconds to minutes; the run draws every one's lifetime)"),
                arguments("clients = [ { name = a, rate = 1, burst { every = -10s, size = 2 } } ]",
                        "clients[0].burst.every: -10s is negative; allowed: " + POSITIVE_DURATION),
                arguments("tiers { binding { sync-interval = -100ms } }",
                        "tiers.binding.sync-interval: -100ms is negative; allowed: " + POSITIVE_DURATION),
                arguments("clients = [ { name = a, rate = 1, start = -1s } ]",
                        "clients[0].start: -1s is negative; allowed: " + DURATION + ", from 0 to 3650d"));
    }

    @ParameterizedTest
    @MethodSource("durationsNotPositive")
    void durationBelowItsRangeStatesTheRange(String fragment, String expected, @TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, fragment + "\n")).isEqualTo(dir.resolve("s.conf") + ": "
                + expected);
    }

    /** miss-read-min above miss-read-max blames the one the user wrote, wherever it is, never reference.conf. */
    static Stream<Arguments> missReadsOutOfOrder() {
        String kv = "limiters = [ { name = k, tier = kv, limit = 100, window = 60s";
        return Stream.of(
                arguments("tiers { kv { miss-read-min = 30ms } }\n" + kv + " } ]",
                        "tiers.kv.miss-read-min: 30ms is more than miss-read-max (20ms, the default in "
                                + "reference.conf); allowed: a duration from 0 to miss-read-max (20ms), or raise "
                                + "miss-read-max too"),
                arguments(kv + ", miss-read-min = 30ms } ]",
                        "limiters[0].miss-read-min: 30ms is more than miss-read-max (20ms, the default in "
                                + "reference.conf); allowed: a duration from 0 to miss-read-max (20ms), or raise "
                                + "miss-read-max too"),
                arguments(kv + ", miss-read-max = 2ms } ]",
                        "limiters[0].miss-read-max: 2ms is less than miss-read-min (5ms, the default in "
                                + "reference.conf); allowed: a duration from miss-read-min (5ms) to 60s, or lower "
                                + "miss-read-min too"),
                arguments("tiers { kv { miss-read-max = 40ms } }\n" + kv + ", miss-read-min = 50ms } ]",
                        "limiters[0].miss-read-min: 50ms is more than miss-read-max (40ms, set at "
                                + "tiers.kv.miss-read-max); allowed: a duration from 0 to miss-read-max (40ms), or "
                                + "raise miss-read-max too"),
                arguments("limiters = [ { name = s, chain = [ { tier = cache, limit = 1, window = 1s }, "
                                + "{ tier = kv, limit = 1, window = 1s, miss-read-min = 30ms } ] } ]",
                        "limiters[0].chain[1].miss-read-min: 30ms is more than miss-read-max (20ms, the default in "
                                + "reference.conf); allowed: a duration from 0 to miss-read-max (20ms), or raise "
                                + "miss-read-max too"),
                // both scenario-wide and no kv limiter: still checked, since every tier written there is
                arguments("tiers { kv { miss-read-min = 30ms, miss-read-max = 10ms } }",
                        "tiers.kv.miss-read-max: 10ms is less than miss-read-min (30ms, set at "
                                + "tiers.kv.miss-read-min); allowed: a duration from miss-read-min (30ms) to 60s, or "
                                + "lower miss-read-min too"));
    }

    @ParameterizedTest
    @MethodSource("missReadsOutOfOrder")
    void missReadOrderBlamesTheSettingTheUserWrote(String fragment, String expected, @TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, fragment + "\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": " + expected).doesNotContain("reference.conf:");
    }

    @Test
    void defaultOriginRegionMissingFromTheRegionsFileBlamesTheLimiter(@TempDir Path dir) {
        ScenarioFixture.write(dir, "two.conf", TWO_POPS);

        String message = ScenarioFixture.errorOf(dir, """
                duration = 10s
                regions-file = "two.conf"
                clients = [ { name = a, rate = 1 } ]
                limiters = [ { name = o, tier = origin, limit = 1, window = 1s } ]
                """);

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": limiters[0].region: not set, and the default IAD "
                + "(reference.conf) is not a region of the regions file; allowed: FRA, SYD");
    }

    static Stream<Arguments> wrongTypes() {
        return Stream.of(
                arguments("clients = [ { name = a, rate = 1, key = [1,2] } ]",
                        "clients[0].key: is a list ([1,2]), not a string; allowed: a string"),
                arguments("clients = [ { name = a, rate = 1, key { value = k } } ]",
                        "clients[0].key: is an object ({\"value\":\"k\"}), not a string; allowed: a string"),
                arguments("clients = [ { name = a, rate = [1, 2] } ]",
                        "clients[0].rate: '[1,2]' is not a number; allowed: " + RATE),
                arguments("regions = [FRA, [AMS]]",
                        "regions[1]: '[\"AMS\"]' is not a name; allowed: regions of regions.conf: " + ALL_REGIONS),
                arguments("limiters = [ { name = w, tier = waf, plan = enterprise, limit = 10, period = 7s } ]",
                        "limiters[0].period: period 7s is not available to WAF rules on"
                                + " Cloudflare's enterprise plan; allowed: 10s, 15s, "
                                + "20s, 30s, 40s, 45s, 60s, 90s, 120s, 180s, 240s, 300s, 480s, 600s, 900s, 1200s, "
                                + "1800s, 2400s, 3600s, 65535s"));
    }

    @ParameterizedTest
    @MethodSource("wrongTypes")
    void wrongTypeShowsTheValueGiven(String fragment, String expected, @TempDir Path dir) {
        assertThat(ScenarioFixture.errorOverBase(dir, fragment + "\n")).isEqualTo(dir.resolve("s.conf") + ": "
                + expected);
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
        // Typesafe Config's own hints (quotes, a .properties file) left out where they do not apply
        assertThat(ScenarioFixture.errorOf(dir, "name = x\nduration = 60s\n}\n")).isEqualTo(dir.resolve("s.conf")
                + ": line 3: malformed HOCON: unbalanced close brace '}' with no open brace; allowed: HOCON syntax");
        assertThat(ScenarioFixture.errorOf(dir, "name = x\nregions = [FRA, , AMS]\n")).isEqualTo(dir.resolve(
                "s.conf") + ": line 2: malformed HOCON: List should have had new element after a comma, instead had "
                + "token: ','; allowed: HOCON syntax");
    }

    @Test
    void aTokenBucketTheExactCountCannotHoldIsOneLineNotACrash(@TempDir Path dir) {
        // a burst past 4.6 billion, or a rate too small for its decimals, does not fit the count's whole units
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, "
                + "algorithm = token-bucket, rate = 1, burst = 9000000000000000 } ]"))
                .endsWith("limiters[0].burst: rate 1/s with burst "
                + "9000000000000000 cannot be counted in whole units of a token (a rate with d decimals allows a burst "
                + "up to 4611686018 / 10^d, and needs rate x 10^d of at least 0.5, d up to 9); allowed: a larger rate "
                + "or a smaller burst");
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, algorithm = gcra, "
                + "rate = 1e-12, burst = 5 } ]"))
                .contains("limiters[0].rate: rate 0.000000000001/s with burst 5 cannot be");
        // from 1 up, as written: six significant digits would show 1234570
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, "
                + "algorithm = token-bucket, rate = 1234567.891, burst = 9000000000000000 } ]"))
                .contains("rate 1234567.891/s with burst 9000000000000000 cannot be");
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = durable-object, algorithm = "
                + "token-bucket, rate = 0.0000005, burst = 1, shards = 1000 } ]"))
                .contains("limiters[0].rate: rate 0.0000000005/s with burst 1 cannot be",
                        "(each shard's share)");
        // KV derives its expiration from the state's lifetime, which needs the same units: checked before it
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = kv, algorithm = gcra, "
                + "rate = 1e-12, burst = 5 } ]"))
                .contains("limiters[0].rate: rate 0.000000000001/s with burst 5 cannot be");
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = kv, algorithm = gcra, "
                + "rate = 1, burst = 5, plans { pro { burst = 9000000000000000 } } } ]\n"
                + "clients = [ { name = a, key = k, rate = 1, plan = pro } ]"))
                .contains("limiters[0].burst: plan pro: rate 1/s with burst 9000000000000000 cannot be");
        // the stage's own rate is the problem shown, and the setting blamed, though a plan's burst is too large too
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, algorithm = gcra, "
                + "rate = 1e-12, burst = 5, plans { pro { burst = 9000000000000000 } } } ]\n"
                + "clients = [ { name = a, key = k, rate = 1, plan = pro } ]"))
                .contains("limiters[0].rate: rate 0.000000000001/s with burst 5 cannot be");
    }

    @Test
    void notANumberAndInfinityAreNotNumbers(@TempDir Path dir) {
        // Double.parseDouble takes both: NaN passed every range check ("NaN is negative", or a 0 ms round trip)
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = a, key = k, rate = NaN } ]"))
                .endsWith("clients[0].rate: 'NaN' is not a number; allowed: requests per second per client, greater "
                        + "than 0 and at most 1,000,000");
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = a, key = k, rate = Infinity } ]"))
                .contains("clients[0].rate: 'Infinity' is not a number");
    }

    @Test
    void aHopOrAnIsolateLifetimeShorterThanASecondIsRefused(@TempDir Path dir) {
        // the run steps through every hop and every lifetime: at 1 ns, 10 s of traffic never finished
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = a, key = k, rate = 1, pop-choice = hop, "
                + "hop-every = 1ns } ]")).endsWith("clients[0].hop-every: 1ns is shorter than a second; allowed: a "
                + "duration with a unit, from 1s to 3650d (a client that changes PoP more often: pop-choice = "
                + "per-request)");
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = isolate, limit = 1, "
                + "window = 1s, mean-lifetime = 999ms } ]"))
                .contains("limiters[0].mean-lifetime: 999ms is shorter than a second");
    }

    @Test
    void aNameWithADotAndAClientListedTwiceAreRefused(@TempDir Path dir) {
        // --param limiters.a.b.limit could not name a limiter "a.b"
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = \"a.b\", tier = cache, limit = 1, "
                + "window = 1s } ]")).endsWith("limiters[0].name: 'a.b' has a dot, which separates the parts of "
                + "--param limiters.NAME.limit and of --fail-if NAME.FIGURE; allowed: a name unique among the "
                + "limiters, without a dot");
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = \"a.b\", key = k, rate = 1 } ]"))
                .contains("clients[0].name: 'a.b' has a dot");
        assertThat(ScenarioFixture.errorOverBase(dir, "clients = [ { name = a, key = k, rate = 1 } ]\n"
                + "limiters = [ { name = l, tier = cache, limit = 1, window = 1s, clients = [a, a] } ]"))
                .endsWith("limiters[0].clients: 'a' is listed twice; allowed: names of this scenario's clients: a, "
                        + "each once");
    }

    @Test
    void aSubstitutionNeverReadsTheEnvironment(@TempDir Path dir) {
        // HOME is set in every shell: were the environment read, the limit would be "/root" or the like
        assertThat(System.getenv("HOME")).isNotNull();
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, limit = ${HOME} } ]"))
                .endsWith("malformed HOCON: Could not resolve substitution to a value: ${HOME}; allowed: a "
                        + "substitution of a value the scenario's files set (${limiters} ...), not of an environment "
                        + "variable, which a scenario never reads");
        assertThat(ScenarioFixture.errorOverBase(dir, "limiters = [ { name = l, tier = cache, limit = ${?HOME} } ]"))
                .endsWith("limiters[0].limit: missing; allowed: a whole number from 1 to 9e15");
    }

    @Test
    void anUnquotedValueWithAPlusSaysToQuoteIt(@TempDir Path dir) {
        String message = ScenarioFixture.errorOf(dir, "name = x\nduration = 60s\nlimiters = [ { name = l, tier = "
                + "cache, limit = 5, window = 10s, key = anon-token+ip } ]\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": line 3: malformed HOCON: Expecting close brace } or "
                + "a comma, got 'i' ('+' not followed by =, 'i' not allowed after '+'); allowed: HOCON syntax, with a "
                + "key or value that holds a character such as + : $ { } [ ] = , in double quotes (key = "
                + "\"anon-token+ip\")");
    }

    @Test
    void anObjectLeftOpenAtTheEndOfTheFileSaysABraceIsMissing(@TempDir Path dir) {
        String message = ScenarioFixture.errorOf(dir, "name = x\nduration = 60s\nplans { free { limit = 5 }\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": line 4: malformed HOCON: the file ends inside an "
                + "object (a closing brace } is missing); allowed: HOCON syntax");
    }

    @Test
    void aSyntaxErrorInAnIncludedFileNamesThatFileAndItsLine(@TempDir Path dir) {
        // it named the including file, with a line that file does not have
        ScenarioFixture.write(dir, "bad.conf", "clients = [ { name = a, rate = 1 } ]\n\n\nx = ]\n");

        assertThat(ScenarioFixture.errorOverBase(dir, "include \"bad.conf\"\n")).startsWith(dir.resolve("bad.conf")
                + ": line 4: malformed HOCON: ");
    }

    @Test
    void includesMustBeFilesThatExist(@TempDir Path dir) {
        String allowed = "; allowed: include \"FILE\" or include file(\"FILE\"), a file that exists, relative to "
                + "the including file's folder";
        Path scenario = dir.resolve("s.conf");
        String[] includes = {"include \"missing.conf\"", "include required(\"missing.conf\")",
                "include file(\"missing.conf\")", "include required(file(\"missing.conf\"))"};
        // named as written, required(...) aside
        String[] named = {"include \"missing.conf\"", "include \"missing.conf\"", "include file(\"missing.conf\")",
            "include file(\"missing.conf\")"};
        for (int i = 0; i < includes.length; i++) {
            assertThat(ScenarioFixture.errorOverBase(dir, includes[i] + "\n")).as(includes[i])
                    .isEqualTo(scenario + ": " + named[i] + ": " + dir.resolve("missing.conf") + " does not exist"
                            + allowed);
        }
        assertThat(ScenarioFixture.errorOverBase(dir, "include url(\"http://example.com/a.conf\")\n"))
                .isEqualTo(scenario + ": include url(\"http://example.com/a.conf\"): a scenario is data and reads "
                        + "no URL" + allowed);
        assertThat(ScenarioFixture.errorOverBase(dir, "include classpath(\"reference.conf\")\n"))
                .isEqualTo(scenario + ": include classpath(\"reference.conf\"): a scenario is data and reads "
                        + "nothing from the classpath" + allowed);
        assertThat(ScenarioFixture.errorOverBase(dir, "include \"s.conf\"\n"))
                .startsWith(scenario + ": include \"s.conf\": " + scenario + " is already being read");
    }

    @Test
    void anIncludedFileIsReadRelativeToTheIncludingFile(@TempDir Path dir) {
        ScenarioFixture.write(dir, "common/seed.conf", "include \"more.conf\"\n");
        ScenarioFixture.write(dir, "common/more.conf", "seed = 99\n");

        Scenario scenario = ScenarioFixture.loadOverBase(dir, "include \"common/seed.conf\"\n");

        assertThat(scenario.seed()).isEqualTo(99);
        assertThat(ScenarioLoader.inputFiles(scenario)).contains(dir.resolve("s.conf"),
                dir.resolve("common/seed.conf"), dir.resolve("common/more.conf"));
    }

    @Test
    void aSettingAnIncludePlacedAfterItReplacesIsRefused(@TempDir Path dir) {
        ScenarioFixture.write(dir, "common.conf", """
                limiters = [ { name = l, tier = cache, limit = 5, window = 60s } ]
                prices { kv-reads-per-million = 1 }
                """);

        // the file's own limit of 50 would be replaced by common.conf's 5
        assertThat(ScenarioFixture.errorOverBase(dir, "include \"common.conf\"\n")).isEqualTo(dir.resolve("s.conf")
                + ": limiters: set on line 5 and replaced by " + dir.resolve("common.conf") + " (line 1), which this "
                + "file includes after it (HOCON keeps the later); allowed: the include first, then the settings "
                + "that change it");
        // key by key inside an object
        assertThat(ScenarioFixture.errorOf(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                prices { kv-reads-per-million = 2, kv-writes-per-million = 3 }
                include "common.conf"
                """)).contains(": prices.kv-reads-per-million: set on line 5 and replaced by ");
        // the include first, then the file's own settings: they win, as meant
        Scenario scenario = ScenarioFixture.load(dir, """
                include "common.conf"
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                limiters = [ { name = l, tier = cache, limit = 50, window = 60s } ]
                prices { kv-reads-per-million = 2 }
                """);
        assertThat(scenario.limiters().get(0).stages().get(0).algorithm().limit()).isEqualTo(50);
        // an object that builds on the include's by substitution, then changes a key of it: as meant
        Scenario built = ScenarioFixture.load(dir, """
                include "common.conf"
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                prices = ${prices}
                prices { kv-writes-per-million = 3 }
                """);
        assertThat(built.prices().kvReadsPerMillion()).isEqualTo(1);
        assertThat(built.prices().kvWritesPerMillion()).isEqualTo(3);
    }

    @Test
    void aSettingReplacedByALaterIncludeIsRefusedInAnIncludedFileAndInsideAListToo(@TempDir Path dir) {
        // s.conf includes a.conf, which sets the limiters and then includes b.conf's
        ScenarioFixture.write(dir, "a.conf", """
                limiters = [ { name = froma, tier = cache, limit = 10, window = 60s } ]
                include "b.conf"
                """);
        ScenarioFixture.write(dir, "b.conf",
                "limiters = [ { name = fromb, tier = cache, limit = 10, window = 60s } ]\n");
        assertThat(ScenarioFixture.errorOf(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                include "a.conf"
                """)).isEqualTo(dir.resolve("a.conf") + ": limiters: set on line 1 and replaced by "
                + dir.resolve("b.conf") + " (line 1), which this file includes after it (HOCON keeps the later); "
                + "allowed: the include first, then the settings that change it");
        // an include inside a limiter, after the limit it replaces (as { limit = 100, limit = 5 } is refused too)
        ScenarioFixture.write(dir, "lim.conf", "limit = 5\n");
        assertThat(ScenarioFixture.errorOf(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                limiters = [ { name = l, tier = cache, limit = 100, window = 60s, include "lim.conf" } ]
                """)).contains(": limiters[0].limit: set on line 5 and replaced by " + dir.resolve("lim.conf"));
        // the include first, then what changes it: as meant, in an included file and in a list
        ScenarioFixture.write(dir, "a.conf", """
                include "b.conf"
                limiters = [ { name = froma, tier = cache, include "lim.conf", window = 60s } ]
                """);
        Scenario scenario = ScenarioFixture.load(dir, """
                name = t
                duration = 60s
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10 } ]
                include "a.conf"
                """);
        assertThat(scenario.limiters().get(0).name()).isEqualTo("froma");
        assertThat(scenario.limiters().get(0).stages().get(0).algorithm().limit()).isEqualTo(5);
    }

    @Test
    void nestingTooDeepToReadIsOneLine(@TempDir Path dir) {
        String deep = "a = " + "[".repeat(20_000) + "]".repeat(20_000) + "\n";

        assertThat(ScenarioFixture.errorOf(dir, deep)).isEqualTo(dir.resolve("s.conf")
                + ": objects or lists nested too deeply to read; allowed: nesting a few levels deep, as in the "
                + "documented settings");
    }

    @Test
    void missingScenarioFile(@TempDir Path dir) {
        Path file = dir.resolve("nope.conf");

        assertThatThrownBy(() -> ScenarioLoader.load(file, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class).hasMessage(file + ": no such file");
    }

    @Test
    void missingRegionsFileIsReportedAtTheSettingThatNamesIt(@TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, "regions-file = \"other.conf\"\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": regions-file: " + dir.resolve("other.conf")
                + ": no such file; allowed: a regions file, relative to the scenario's folder");
    }

    @Test
    void missingTraceFileIsReportedAtTheSettingThatNamesIt(@TempDir Path dir) {
        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"nope.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: " + dir.resolve("nope.csv")
                + ": no such file; allowed: a trace file (CSV, or Logpush .ndjson/.jsonl), relative to the "
                + "scenario's folder");
    }

    @Test
    void aFileNameNoFileCanHaveIsOneLineAtItsSetting(@TempDir Path dir) {
        // HOCON's \\u0000 escape puts a NUL in the name; the file system refuses it in any path
        String trace = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"a\\u0000.csv\" } ]\n");
        String regions = ScenarioFixture.errorOverBase(dir, "regions-file = \"r\\u0000.conf\"\n");
        String include = ScenarioFixture.errorOverBase(dir, "include \"x\\u0000.conf\"\n");

        assertThat(trace).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: 'a\u0000.csv' is not a file name: "
                + "Nul character not allowed; allowed: a trace file (CSV, or Logpush .ndjson/.jsonl), relative to the "
                + "scenario's folder");
        assertThat(regions).isEqualTo(dir.resolve("s.conf") + ": regions-file: 'r\u0000.conf' is not a file name: "
                + "Nul character not allowed; allowed: a regions file, relative to the scenario's folder");
        assertThat(include).startsWith(dir.resolve("s.conf") + ": include \"x\u0000.conf\": not a file name: Nul "
                + "character not allowed; allowed: include \"FILE\"");
    }

    @Test
    void directoryWhereAFileBelongsIsSaidToBeADirectory(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("traces"));

        String trace = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"traces\" } ]\n");
        String regions = ScenarioFixture.errorOverBase(dir, "regions-file = \"traces\"\n");

        assertThat(trace).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: " + dir.resolve("traces")
                + ": is a directory, not a file; allowed: a trace file (CSV, or Logpush .ndjson/.jsonl), relative to "
                + "the scenario's folder");
        assertThat(regions).startsWith(dir.resolve("s.conf") + ": regions-file: " + dir.resolve("traces")
                + ": is a directory, not a file; allowed: ");
        assertThatThrownBy(() -> ScenarioLoader.load(dir, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class).hasMessage(dir + ": is a directory, not a file");
    }

    @Test
    void traceRowWithAnEmptyTimeOrPopIsRefusedWithItsLine(@TempDir Path dir) {
        ScenarioFixture.write(dir, "t.csv", "time_ms,pop,key\n,FRA,k\n");
        ScenarioFixture.write(dir, "u.csv", "time_ms,pop,key\n0,FRA,k\n1, ,k\n");

        String noTime = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"t.csv\" } ]\n");
        String noPop = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"u.csv\" } ]\n");

        assertThat(noTime).isEqualTo(dir.resolve("t.csv") + ": line 2: time_ms is empty; allowed: milliseconds "
                + "from the start, from 0 to 315360000000 (3650d)");
        assertThat(noPop).isEqualTo(dir.resolve("u.csv") + ": line 3: pop is empty; allowed: a region of the "
                + "scenario: AMS, FRA, SYD");
    }

    @Test
    void traceRowOutOfOrderFailsTheScenarioWithItsLine(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n150,AMS,k\n120,SYD,k\n");

        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"trace.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("trace.csv")
                + ": line 4: time_ms 120 is before the previous row (150); allowed: rows in nondecreasing time_ms "
                + "(sort the rows by time_ms first)");
    }

    @Test
    void aTraceThatWouldSendNothingIsRefused(@TempDir Path dir) {
        ScenarioFixture.write(dir, "header.csv", "time_ms,pop,key\n\n");
        ScenarioFixture.write(dir, "empty.ndjson", "\n");
        // a trace cut from a longer one, its times kept: every row past the 60 s duration
        ScenarioFixture.write(dir, "later.csv", "time_ms,pop,key\n90000,FRA,k\n90100,FRA,k\n");

        String header = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"header.csv\" } ]\n");
        String logpush = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"empty.ndjson\" } ]\n");
        String later = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"later.csv\" } ]\n");

        assertThat(header).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: " + dir.resolve("header.csv")
                + " has no rows; allowed: a file with at least one request row");
        assertThat(logpush).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: " + dir.resolve("empty.ndjson")
                + " has no rows; allowed: a file with at least one request row");
        assertThat(later).isEqualTo(dir.resolve("s.conf") + ": clients[0].trace: " + dir.resolve("later.csv")
                + ": its first row is at 90s, not before the end of the run (duration 60s); allowed: rows "
                + "timed from the start of the run (time_ms 0 is its start), the first before the duration");
    }

    @Test
    void traceRowInAPopOutsideTheScenarioFails(@TempDir Path dir) {
        ScenarioFixture.write(dir, "trace.csv", "time_ms,pop,key\n0,FRA,k\n5,LHR,k\n");

        String message = ScenarioFixture.errorOverBase(dir, "clients = [ { name = r, trace = \"trace.csv\" } ]\n");

        assertThat(message).isEqualTo(dir.resolve("trace.csv")
                + ": line 3: pop 'LHR' is not a region of the scenario; allowed: AMS, FRA, SYD");
    }

    @Test
    void aScenarioOrAnIncludedFileThatIsNotUtf8IsOneLineNamingTheLineAndByte(@TempDir Path dir) throws IOException {
        String base = ScenarioFixture.BASE.replace("duration", "description = \"caf\u00e9\"\nduration");
        Path latin1 = dir.resolve("latin1.conf");
        Files.write(latin1, base.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path including = ScenarioFixture.write(dir, "including.conf", "include \"latin1.conf\"\n");
        Path utf8 = ScenarioFixture.write(dir, "utf8.conf", base);

        assertThatThrownBy(() -> ScenarioLoader.load(latin1, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class).hasMessageMatching(java.util.regex.Pattern.quote(latin1.toString())
                        + ": holds bytes that are not UTF-8 text \\(line \\d+, byte 0xE9\\); allowed: a text file "
                        + "in UTF-8 \\(ASCII is UTF-8\\)");
        assertThatThrownBy(() -> ScenarioLoader.load(including, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith(including + ": include \"latin1.conf\": ")
                .hasMessageEndingWith("holds bytes that are not UTF-8 text (line " + lineOf(base, "caf") + ", byte "
                        + "0xE9); allowed: a text file in UTF-8 (ASCII is UTF-8)");
        assertThat(ScenarioLoader.load(utf8, ScenarioFixture.REGIONS).description()).isEqualTo("caf\u00e9");
    }

    @Test
    void aRegionsFileSetInAnIncludedScenarioOfAnotherFolderSaysWhereItIsLookedFor(@TempDir Path dir)
            throws IOException {
        Files.createDirectories(dir.resolve("bad"));
        ScenarioFixture.write(dir, "base.conf", ScenarioFixture.BASE + "regions-file = \"mine.conf\"\n");
        Files.copy(ScenarioFixture.REGIONS, dir.resolve("mine.conf"));
        Path including = ScenarioFixture.write(dir.resolve("bad"), "inc.conf", "include \"../base.conf\"\n");

        assertThat(ScenarioLoader.load(dir.resolve("base.conf"), ScenarioFixture.REGIONS).pops()).contains("FRA");
        assertThatThrownBy(() -> ScenarioLoader.load(including, ScenarioFixture.REGIONS))
                .isInstanceOf(InputException.class)
                .hasMessage(including + ": regions-file: " + dir.resolve("bad/mine.conf") + ": no such file; allowed: "
                        + "a regions file, relative to the scenario's folder (" + dir.resolve("bad")
                        + ", the folder of the scenario run, not that of " + dir.resolve("base.conf")
                        + ", which sets it)");
    }

    private static int lineOf(String text, String part) {
        return (int) text.substring(0, text.indexOf(part)).chars().filter(c -> c == '\n').count() + 1;
    }
}
