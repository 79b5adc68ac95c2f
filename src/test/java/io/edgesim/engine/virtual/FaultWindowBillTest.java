package io.edgesim.engine.virtual;

import io.edgesim.model.cost.CostEstimate;
import io.edgesim.result.CostResult;
import io.edgesim.result.PeriodResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioFixture;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bills of fault windows: a call the object served whose reply came back after the timeout reached its object,
 * so it is billed as served in its own window, not as unanswered, and the windows' usage weighted by their lengths is
 * the run's (their bills need not add up so: each item is charged beyond an included amount, and the objects'
 * compute items by whole millions begun).
 */
class FaultWindowBillTest {

    @Test
    void aServedCallWhoseReplyIsLateIsNotBilledTwice(@TempDir Path dir) {
        // 100 calls a second from AMS to an object in FRA; from 20 s to 40 s the way there and back is 300 ms slower:
        // each call still reaches the object (the way there is within the 200 ms timeout), its reply comes late
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = late
                duration = 60s
                seed = 1
                regions = [AMS, FRA]
                clients = [ { name = a, key = "k-{i}", count = 10, rate = 10, pops = [AMS] } ]
                limiters = [ { name = open, tier = durable-object, limit = 1000, window = 60s, timeout = 200ms,
                               fail-open = true, placement { policy = fixed, region = FRA } } ]
                faults = [ { kind = latency, between = [AMS, FRA], extra = 300ms, from = 20s, until = 40s } ]
                """)).run();

        assertThat(run.limiters().get(0).cost().unansweredObjectCalls()).isZero();
        PeriodResult window = run.periods().get(0);
        PeriodResult outside = run.periods().get(1);
        CostResult during = window.limiters().get(0).cost();
        CostResult around = outside.limiters().get(0).cost();
        // each period is billed its own calls as object requests (about 100 a second, scaled to a month)
        double perSecondToMonth = 30 * 24 * 3600;
        assertThat(around.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS) / perSecondToMonth)
                .isCloseTo(100, Offset.offset(5.0));
        assertThat(during.monthly().get(CostEstimate.DURABLE_OBJECT_REQUESTS) / perSecondToMonth)
                .isCloseTo(100, Offset.offset(5.0));
        for (String item : CostEstimate.ITEMS) {
            double weighted = (during.monthly().get(item) * 20 + around.monthly().get(item) * 40) / 60;
            assertThat(weighted).as(item).isCloseTo(run.limiters().get(0).cost().monthly().get(item),
                    Offset.offset(1.0));
        }
    }

    @Test
    void aKvOutageWindowIsBilledAReadAndAWritePerFailedCall(@TempDir Path dir) {
        // 10 keys at 1 a second each in AMS, counted in KV (one write per request the count lets through); KV is down
        // from 20 s to 40 s: the window's calls fail and write nothing, but each is billed as the most a call costs, a
        // read and a write, so that the outage does not make KV look cheaper; the periods' usage weighted by their
        // lengths gives the run's
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = kv-down
                duration = 60s
                seed = 1
                regions = [AMS]
                clients = [ { name = a, key = "k-{i}", count = 10, rate = 1, pops = [AMS] } ]
                limiters = [ { name = kv, tier = kv, limit = 1000, window = 60s, fail-open = true } ]
                faults = [ { kind = kv-outage, from = 20s, until = 40s } ]
                """)).run();

        CostResult whole = run.limiters().get(0).cost();
        CostResult during = run.periods().get(0).limiters().get(0).cost();
        CostResult around = run.periods().get(1).limiters().get(0).cost();
        double perSecondToMonth = 30 * 24 * 3600;
        assertThat(run.periods().get(0).limiters().get(0).totals().failed()).isGreaterThan(150);
        // about 10 writes and reads a second in the window, outside it and over the whole run
        for (CostResult cost : List.of(during, around, whole)) {
            assertThat(cost.monthly().get(CostEstimate.KV_WRITES) / perSecondToMonth).isCloseTo(10, Offset.offset(1.0));
            assertThat(cost.monthly().get(CostEstimate.KV_READS) / perSecondToMonth).isCloseTo(10, Offset.offset(1.0));
        }
        // every item's usage, weighted by the periods' lengths, is the run's (the dollars are not: the included
        // amounts make a price that is not proportional)
        for (String item : whole.monthly().keySet()) {
            double weighted = (during.monthly().get(item) * 20 + around.monthly().get(item) * 40) / 60;
            assertThat(weighted).as(item).isCloseTo(whole.monthly().get(item), Offset.offset(1.0));
        }
    }

    @Test
    void anOutageWindowWhoseCallsAllWentUnansweredIsBilledTheRunsServiceTime(@TempDir Path dir) {
        // 100 keys at 1 a second each in AMS, their object in FRA, which is down from 20 s to 40 s: no call of the
        // window reaches it, and each is billed as a served one, with the run's mean service time (50 ms), not none
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = ro
                duration = 60s
                seed = 1
                regions = [AMS, FRA]
                clients = [ { name = a, count = 100, key = "k-{i}", rate = 1, pops = [AMS] } ]
                limiters = [ { name = open, tier = durable-object, limit = 100000, window = 60s, timeout = 1s,
                               fail-open = true, service-time = 50ms, placement { policy = fixed, region = FRA } } ]
                faults = [ { kind = region-outage, region = FRA, from = 20s, until = 40s } ]
                """)).run();

        CostResult whole = run.limiters().get(0).cost();
        CostResult during = run.periods().get(0).limiters().get(0).cost();
        CostResult around = run.periods().get(1).limiters().get(0).cost();
        String duration = CostEstimate.DURABLE_OBJECT_DURATION;
        assertThat(run.periods().get(0).limiters().get(0).totals().failed()).isGreaterThan(1900);
        assertThat(during.monthly().get(duration)).isPositive()
                .isCloseTo(around.monthly().get(duration), Offset.offset(around.monthly().get(duration) * 0.05));
        double weighted = (during.monthly().get(duration) * 20 + around.monthly().get(duration) * 40) / 60;
        assertThat(weighted).isCloseTo(whole.monthly().get(duration), Offset.offset(1.0));
    }

    @Test
    void aRunWhoseCallsAllWentUnansweredIsBilledTheConfiguredMeanServiceTime(@TempDir Path dir) {
        // the object's home is down the whole run: no call reaches it, so there is no measured service time; each call
        // is billed the mean of the configured one (median 10 ms, p99 50 ms: a lognormal of mean
        // 10 ms x exp(sigma^2 / 2) with sigma = ln 5 / z(0.99), 12.70 ms), not none
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = down
                duration = 60s
                seed = 1
                regions = [AMS, FRA]
                clients = [ { name = a, count = 100, key = "k-{i}", rate = 1, pops = [AMS] } ]
                limiters = [ { name = open, tier = durable-object, limit = 100000, window = 60s, timeout = 1s,
                               fail-open = true, service-time { median = 10ms, p99 = 50ms },
                               placement { policy = fixed, region = FRA } } ]
                faults = [ { kind = region-outage, region = FRA, from = 0s, until = 60s } ]
                """)).run();

        CostResult whole = run.limiters().get(0).cost();
        long calls = whole.unansweredObjectCalls();
        assertThat(calls).isEqualTo(run.limiters().get(0).totals().sent()).isGreaterThan(5000);
        double sigma = Math.log(5) / 2.3263478740408408;
        double meanSeconds = 0.010 * Math.exp(sigma * sigma / 2);
        double monthlyCalls = calls / 60.0 * 30 * 24 * 3600;
        double gbSeconds = monthlyCalls * meanSeconds * 0.128;
        assertThat(whole.monthly().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(gbSeconds, Offset.offset(gbSeconds * 1e-3));
        CostResult window = run.periods().get(0).limiters().get(0).cost();
        assertThat(window.monthly().get(CostEstimate.DURABLE_OBJECT_DURATION))
                .isCloseTo(whole.monthly().get(CostEstimate.DURABLE_OBJECT_DURATION), Offset.offset(1.0));
    }

    @Test
    void aKvWriteRefusedForTheWriteRateIsBilledInItsWindow(@TempDir Path dir) {
        // one key at 5 a second in FRA: KV takes one write a second, so 4 of every 5 requests' writes are refused
        // (failing open); each refused write is billed as an accepted one, 5 writes a second in the window (an outage
        // of AMS, where nothing is sent, from 30 s to 50 s) as around it
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = kv-write-rate
                duration = 60s
                seed = 1
                regions = [FRA, AMS]
                clients = [ { name = a, key = "k", rate = 5, arrival = constant, pops = [FRA] } ]
                limiters = [ { name = kv, tier = kv, limit = 1000, window = 60s, fail-open = true } ]
                faults = [ { kind = pop-outage, pop = AMS, from = 30s, until = 50s } ]
                """)).run();

        double perSecondToMonth = 30 * 24 * 3600;
        assertThat(run.limiters().get(0).totals().failed()).isEqualTo(240);
        for (CostResult cost : List.of(run.limiters().get(0).cost(), run.periods().get(0).limiters().get(0).cost(),
                run.periods().get(1).limiters().get(0).cost())) {
            assertThat(cost.monthly().get(CostEstimate.KV_WRITES) / perSecondToMonth).isCloseTo(5, Offset.offset(0.01));
        }
    }

    @Test
    void aWindowIsBilledTheRowsItsOwnCallsWrote(@TempDir Path dir) {
        // one key at 10 a second against 100 a minute in an object: the first 10 s write a row per request, the rest
        // of the minute is refused and writes none; a KV outage (no KV here) from 30 s to 50 s marks a window whose
        // calls all reached the object and were refused
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = rows
                duration = 60s
                seed = 1
                regions = [FRA]
                clients = [ { name = a, key = k, rate = 10, arrival = constant, pops = [FRA] } ]
                limiters = [ { name = exact, tier = durable-object, limit = 100, window = 60s } ]
                faults = [ { kind = kv-outage, from = 30s, until = 50s } ]
                """)).run();

        CostResult whole = run.limiters().get(0).cost();
        CostResult during = run.periods().get(0).limiters().get(0).cost();
        CostResult around = run.periods().get(1).limiters().get(0).cost();
        double perSecondToMonth = 30 * 24 * 3600;
        assertThat(during.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN)).isZero();
        // 100 rows in the 40 s outside the window, 100 over the run's 60 s
        assertThat(around.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN) / perSecondToMonth)
                .isCloseTo(100 / 40.0, Offset.offset(0.01));
        assertThat(whole.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN) / perSecondToMonth)
                .isCloseTo(100 / 60.0, Offset.offset(0.01));
        // each served call reads a row, in every period
        assertThat(during.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_READ) / perSecondToMonth)
                .isCloseTo(10, Offset.offset(0.1));
    }

    @Test
    void aWindowOfCallsKvRefusedIsBilledNoKvWrites(@TempDir Path dir) {
        // 100 keys at 1 a second each in FRA against 10 a minute counted in KV: each key's first 10 requests are let
        // through and written, the rest refused and not written; an outage of AMS (no traffic there) from 30 s to 50 s
        // marks a window of refused requests only
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = kv-refused
                duration = 60s
                seed = 1
                regions = [FRA, AMS]
                clients = [ { name = a, key = "k-{i}", count = 100, rate = 1, arrival = constant, pops = [FRA] } ]
                limiters = [ { name = kv, tier = kv, limit = 10, window = 60s } ]
                faults = [ { kind = pop-outage, pop = AMS, from = 30s, until = 50s } ]
                """)).run();

        CostResult during = run.periods().get(0).limiters().get(0).cost();
        CostResult around = run.periods().get(1).limiters().get(0).cost();
        double perSecondToMonth = 30 * 24 * 3600;
        assertThat(during.monthly().get(CostEstimate.KV_WRITES)).isZero();
        // the 1,000 writes in the 40 s outside the window
        assertThat(around.monthly().get(CostEstimate.KV_WRITES) / perSecondToMonth)
                .isCloseTo(1000 / 40.0, Offset.offset(0.01));
    }

    @Test
    void anObjectsCallWhoseReplyCameAfterTheTimeoutWroteItsRowInItsOwnWindowFailedOpenOrClosed(@TempDir Path dir) {
        // 20 keys at 1 a second from SYD to an object in FRA with a 1 s timeout; from 20 s to 40 s the link is 1.5 s
        // slower: each call still reaches the object, which serves and counts it, but its reply comes after the
        // timeout; the object writes a row per request throughout, so each period is billed 20 rows a second
        RunResult run = new VirtualEngine(ScenarioFixture.load(dir, """
                name = late-rows
                duration = 60s
                seed = 1
                regions = [SYD, FRA]
                clients = [ { name = a, key = "k-{i}", count = 20, rate = 1, arrival = constant, pops = [SYD] } ]
                limiters = [
                  { name = closed, tier = durable-object, limit = 1000, window = 60s, timeout = 1s, fail-open = false,
                    placement { policy = fixed, region = FRA } }
                  { name = open, tier = durable-object, limit = 1000, window = 60s, timeout = 1s, fail-open = true,
                    placement { policy = fixed, region = FRA } }
                ]
                faults = [ { kind = latency, between = [SYD, FRA], extra = 1500ms, from = 20s, until = 40s } ]
                """)).run();

        double perSecondToMonth = 30 * 24 * 3600;
        for (int l = 0; l < 2; l++) {
            CostResult during = run.periods().get(0).limiters().get(l).cost();
            CostResult around = run.periods().get(1).limiters().get(l).cost();
            String limiter = run.limiters().get(l).name();
            assertThat(during.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN) / perSecondToMonth)
                    .as(limiter).isCloseTo(20, Offset.offset(1.0));
            assertThat(around.monthly().get(CostEstimate.DURABLE_OBJECT_ROWS_WRITTEN) / perSecondToMonth)
                    .as(limiter).isCloseTo(20, Offset.offset(1.0));
        }
    }
}
