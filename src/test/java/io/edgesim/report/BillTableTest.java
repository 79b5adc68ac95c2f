package io.edgesim.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report.md's bill: the options side by side, item by item, on a run worked out by hand. 10 requests a second for
 * 60 s (600, 25.92 M in a 30-day month of 43,200 such runs), counted per location and by a Durable Object that
 * accepts them all.
 */
class BillTableTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theOptionsBillsStandSideBySide(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bill.conf");
        Files.writeString(file, """
                name = bill
                duration = 60s
                seed = 1
                regions = [FRA]
                clients = [ { name = c, key = k, rate = 10 } ]
                limiters = [
                  { name = local, tier = cache, limit = 100000, window = 60s }
                  { name = object, tier = durable-object, limit = 100000, window = 60s,
                    placement { policy = fixed, region = FRA } }
                ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();

        String md = MarkdownReport.render(run, Map.of());

        // both: 25.92 M Worker requests, 15.92 M beyond the included 10 M x $0.30 = $4.776; CPU 25.92 M ms of the
        // 30 M included. The object also: 25.92 M requests, 24.92 M beyond 1 M, rounded up
        // to 25 M, x $0.15 = $3.75; rows written and
        // read within the included; 600 x 1 ms x 43,200 x 0.128 GB = 3,317.76 GB-s of the 400,000 included.
        assertThat(md).contains("| billed item | included per month | local | object |\n")
                .contains("| worker requests | 10.00 M | 25.92 M: $4.78 | 25.92 M: $4.78 |\n")
                .contains("| worker cpu ms | 30.00 M | 25.92 M: $0.00 | 25.92 M: $0.00 |\n")
                .contains("| durable object requests | 1.00 M | 0.00 M: $0.00 | 25.92 M: $3.75 |\n")
                .contains("| durable object duration | 400000 GB-s | 0 GB-s: $0.00 | 3318 GB-s: $0.00 |\n")
                .contains("| usage |  | $4.78 | $8.53 |\n")
                .contains("| plan minimum |  | $5.00 | $5.00 |\n")
                .contains("| **bill** |  | $9.78 | $13.53 |\n")
                // no KV and no binding in either: their rows are left out
                .doesNotContain("| kv reads |").doesNotContain("| rate limiting binding calls |");
        JsonNode cost = JSON.readTree(JsonReport.render(run)).at("/limiters/1/cost");
        assertThat(cost.get("usd_per_month").asDouble()).isEqualTo(8.526);
        assertThat(cost.get("plan_minimum_usd").asDouble()).isEqualTo(5.0);
        assertThat(cost.get("bill_usd_per_month").asDouble()).isEqualTo(13.526);
        assertThat(cost.at("/included/worker_requests").asDouble()).isEqualTo(10_000_000);
        assertThat(cost.at("/monthly/durable_object_requests").asDouble()).isEqualTo(25_920_000);
        assertThat(cost.get("unanswered_object_calls").asLong()).isZero();
    }

    @Test
    void theSummarysCostSaysWhenTheMonthBillsBurstsMoreOftenThanTheirCadence(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bursts.conf");
        Files.writeString(file, """
                name = bursts
                duration = 10s
                seed = 1
                regions = [FRA]
                clients = [ { name = b, key = k, burst { every = 60s, size = 100 } } ]
                limiters = [ { name = local, tier = cache, limit = 10, window = 60s } ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();

        String md = MarkdownReport.render(run, Map.of());

        // under the summary table, where its cost/month is read, not only under the bill
        String summary = md.substring(md.indexOf("## Summary"), md.indexOf("## The bill"));
        assertThat(summary).contains("*cost/month*: the bill scales the 10s run to a 30-day month as if it "
                + "repeated, which bills more bursts than their cadence for b (1 burst, one every 60s: 6.00x)");
        assertThat(md.substring(md.indexOf("## The bill"))).contains("Note: the bill scales the 10s run");
    }
}
