package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.report.JsonReport;
import io.edgesim.result.Counts;
import io.edgesim.result.FaultResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioFixture;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.edgesim.result.RunResults.limiter;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each kind of fault on the virtual engine, with figures worked out by hand: one client sending 10 requests per
 * second for 60 s (600 requests, evenly spaced), limiters that never limit unless the test says so.
 */
class FaultsRunTest {

    private static final long S = Durations.NANOS_PER_SECOND;
    private static final String DO_FRA = "tier = durable-object, limit = 100000, window = 60s, timeout = 1s, "
            + "placement { policy = fixed, region = FRA }";

    private static Scenario load(Path dir, String text) {
        return ScenarioFixture.load(dir, "name = t\nduration = 60s\nseed = 5\n" + text);
    }

    private static RunResult run(Scenario scenario) {
        return new VirtualEngine(scenario).run();
    }

    private static FaultResult.Effect effect(RunResult result, int fault, String limiter) {
        return result.faults().get(fault).limiters().stream().filter(e -> e.limiter().equals(limiter)).findFirst()
                .orElseThrow();
    }

    // how many of the scenario's requests arrive in [fromNanos, untilNanos)
    private static long requestsIn(Scenario scenario, long fromNanos, long untilNanos) {
        RequestStream stream = TrafficGenerator.open(scenario);
        long n = 0;
        for (Request r = stream.next(); r != null; r = stream.next()) {
            if (r.timeNanos() >= fromNanos && r.timeNanos() < untilNanos) {
                n++;
            }
        }
        return n;
    }

    @Test
    void homeRegionOutageFailsTwentySecondsOfRequestsOpenAfterTheTimeout(@TempDir Path dir) {
        RunResult result = run(load(dir, """
                regions = [AMS]
                clients = [ { name = c, key = k, rate = 10, pops = [AMS] } ]
                limiters = [ { name = open, %s, fail-open = true }
                             { name = closed, %s } ]
                faults = [ { kind = region-outage, region = FRA, from = 20s, until = 40s } ]
                """.formatted(DO_FRA, DO_FRA)));

        // the requests reaching FRA in [20 s, 40 s): 20 s at 10 per second
        assertThat(limiter(result, "open").totals()).isEqualTo(new Counts(600, 400, 0, 200, 200));
        assertThat(limiter(result, "open").regions().get("AMS").latencyMs().max()).isEqualTo(1000.0);
        assertThat(limiter(result, "closed").totals()).isEqualTo(new Counts(600, 400, 0, 200, 0));
        assertThat(effect(result, 0, "open")).isEqualTo(new FaultResult.Effect("open", 200, 0, 0, 200, 0, 0));
        assertThat(effect(result, 0, "closed")).isEqualTo(new FaultResult.Effect("closed", 200, 0, 0, 0, 200, 0));
        assertThat(result.faults().get(0).label()).isEqualTo("region-outage FRA 20s-40s");
    }

    @Test
    void popOutageCountsTwentySecondsOfRequestsAtTheNearestLivePop(@TempDir Path dir) {
        // from AMS, LHR is nearer than SYD
        RunResult result = run(load(dir, """
                regions = [AMS, LHR, SYD]
                clients = [ { name = c, key = k, rate = 10, pops = [AMS] } ]
                limiters = [ { name = local, tier = cache, limit = 100000, window = 60s } ]
                faults = [ { kind = pop-outage, pop = AMS, from = 20s, until = 40s } ]
                """));

        LimiterResult local = limiter(result, "local");
        assertThat(local.regions().get("AMS").counts().sent()).isEqualTo(400);
        assertThat(local.regions().get("LHR").counts()).isEqualTo(new Counts(200, 200, 0, 0, 0));
        assertThat(local.regions().get("SYD").counts().sent()).isZero();
        assertThat(effect(result, 0, "local")).isEqualTo(new FaultResult.Effect("local", 200, 200, 0, 0, 0, 200));
    }

    @Test
    void failedOverClientsStartFromZeroInAPerLocationCounter(@TempDir Path dir) {
        // 100 per 60 s per PoP: AMS lets 100 through before the outage; LHR counts the 200 failed-over requests
        // from zero and lets another 100 through (the per-location re-count)
        RunResult result = run(load(dir, """
                regions = [AMS, LHR]
                clients = [ { name = c, key = k, rate = 10, pops = [AMS] } ]
                limiters = [ { name = local, tier = cache, limit = 100, window = 60s, write-delay = 0ms } ]
                faults = [ { kind = pop-outage, pop = AMS, from = 20s, until = 40s } ]
                """));

        assertThat(limiter(result, "local").totals().accepted()).isEqualTo(200);
        assertThat(effect(result, 0, "local")).isEqualTo(new FaultResult.Effect("local", 200, 100, 100, 0, 0, 200));
    }

    @Test
    void partitionLosesTheRequestsSentAndTheRepliesSentBackWhileItLasts(@TempDir Path dir) {
        Scenario scenario = load(dir, """
                regions = [SYD]
                clients = [ { name = c, key = k, rate = 10, pops = [SYD] } ]
                limiters = [ { name = closed, %s } ]
                faults = [ { kind = partition, between = [FRA, SYD], from = 10s, until = 20s } ]
                """.formatted(DO_FRA));
        RunResult result = run(scenario);

        // a request is lost when it leaves in [10 s, 20 s), or its reply does: it left one way (125 ms of the
        // 250 ms round trip) plus the 1 ms service before
        long oneWay = scenario.regions().oneWayNanos("SYD", "FRA");
        long lost = requestsIn(scenario, 10 * S - oneWay - Durations.NANOS_PER_MILLI, 20 * S);
        assertThat(lost).isBetween(100L, 102L);
        assertThat(limiter(result, "closed").totals()).isEqualTo(new Counts(600, 600 - lost, 0, lost, 0));
        assertThat(limiter(result, "closed").regions().get("SYD").latencyMs().max()).isEqualTo(1000.0);
    }

    @Test
    void latencyFaultAddsItsExtraToEveryRoundTripItCovers(@TempDir Path dir) {
        Scenario scenario = load(dir, """
                regions = [SYD]
                clients = [ { name = c, key = k, rate = 10, pops = [SYD] } ]
                limiters = [ { name = exact, %s } ]
                faults = [ { kind = latency, between = [SYD, FRA], extra = 300ms, from = 0s, until = 60s } ]
                """.formatted(DO_FRA));
        RunResult result = run(scenario);

        double rttMs = Durations.toMillis(scenario.regions().rttNanos("SYD", "FRA"));
        LimiterResult exact = limiter(result, "exact");
        assertThat(exact.totals()).isEqualTo(new Counts(600, 600, 0, 0, 0));
        // round trip, the object's 1 ms, and the extra 300 ms
        assertThat(exact.regions().get("SYD").latencyMs().max()).isEqualTo(rttMs + 1 + 300);
        assertThat(effect(result, 0, "exact").touched()).isEqualTo(600);
    }

    @Test
    void aTimeoutShorterThanTheWayThereFailsEveryRequestUnserved(@TempDir Path dir) {
        RunResult result = run(load(dir, """
                regions = [SYD]
                clients = [ { name = c, key = k, rate = 10, pops = [SYD] } ]
                limiters = [ { name = exact, tier = durable-object, limit = 100000, window = 60s, timeout = 100ms,
                               fail-open = true, placement { policy = fixed, region = FRA } } ]
                """));

        LimiterResult exact = limiter(result, "exact");
        assertThat(exact.totals()).isEqualTo(new Counts(600, 0, 0, 600, 600));
        assertThat(exact.regions().get("SYD").latencyMs().max()).isEqualTo(100.0);
        assertThat(exact.stageStats().get("0:durable-object").get("objects")).isZero();
    }

    @Test
    void kvOutageFailsTheKvDecisionsTakenWhileItLastsOpenOrClosed(@TempDir Path dir) {
        // 20 keys each sending every 2 s: KV's one write per second per key never fails a request
        Scenario scenario = load(dir, """
                regions = [FRA]
                clients = [ { name = c, key = "k{i}", count = 20, rate = 0.5 } ]
                limiters = [ { name = open, tier = kv, limit = 100000, window = 60s, fail-open = true }
                             { name = closed, tier = kv, limit = 100000, window = 60s, fail-open = false } ]
                faults = [ { kind = kv-outage, from = 30s, until = 35s } ]
                """);
        RunResult result = run(scenario);

        // 20 clients at 0.5 per second for 5 s: 50, give or take each client's phase
        long during = requestsIn(scenario, 30 * S, 35 * S);
        assertThat(during).isBetween(40L, 60L);
        assertThat(limiter(result, "open").totals()).isEqualTo(new Counts(600, 600 - during, 0, during, during));
        assertThat(limiter(result, "closed").totals()).isEqualTo(new Counts(600, 600 - during, 0, during, 0));
        assertThat(effect(result, 0, "closed"))
                .isEqualTo(new FaultResult.Effect("closed", during, 0, 0, 0, during, 0));
    }

    @Test
    void anInMemoryObjectForgetsItsCountWhenItsHomeGoesDown(@TempDir Path dir) {
        // one hour-long window of 400: ~200 requests before the outage, 100 lost, ~300 after
        RunResult result = run(load(dir, """
                regions = [AMS]
                clients = [ { name = c, key = k, rate = 10, pops = [AMS] } ]
                limiters = [
                  { name = durable, tier = durable-object, limit = 400, window = 1h, timeout = 1s,
                    placement { policy = fixed, region = FRA } }
                  { name = memory, tier = durable-object, limit = 400, window = 1h, timeout = 1s, state = in-memory,
                    placement { policy = fixed, region = FRA } }
                ]
                faults = [ { kind = region-outage, region = FRA, from = 20s, until = 30s } ]
                """));

        assertThat(limiter(result, "durable").totals()).isEqualTo(new Counts(600, 400, 100, 100, 0));
        assertThat(limiter(result, "memory").totals()).isEqualTo(new Counts(600, 500, 0, 100, 0));
    }

    @Test
    void runsWithFaultsAreByteIdenticalForTheSameSeed(@TempDir Path dir) {
        Scenario scenario = load(dir, """
                regions = [AMS, FRA, SYD]
                clients = [ { name = c, key = "k{i}", count = 20, rate = 3, arrival = poisson } ]
                limiters = [ { name = exact, chain = [ { tier = kv, limit = 50, window = 10s },
                                                       { %s, fail-open = true } ] } ]
                faults = [
                  { kind = region-outage, region = FRA, from = 20s, until = 40s }
                  { kind = pop-outage, pop = AMS, from = 10s, until = 30s }
                  { kind = partition, between = [SYD, FRA], from = 5s, until = 15s }
                  { kind = latency, between = [SYD, FRA], extra = 300ms, from = 0s, until = 60s }
                  { kind = kv-outage, from = 30s, until = 35s }
                ]
                """.formatted(DO_FRA));
        RunResult first = run(scenario);

        assertThat(JsonReport.render(run(scenario))).isEqualTo(JsonReport.render(first));
        assertThat(first.faults()).hasSize(5).allSatisfy(f -> assertThat(f.limiters().get(0).touched()).isPositive());
        Counts totals = first.limiters().get(0).totals();
        assertThat(totals.sent()).isEqualTo(totals.accepted() + totals.rejected() + totals.failed());
    }
}
