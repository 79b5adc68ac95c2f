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
 * The bill by fault window, worked out by hand: 10 requests a second for 60 s, and 20 more a second during the first
 * 20 s, the time a latency fault lasts. A Durable Object in Frankfurt accepts them all. The window: 600 requests in
 * 20 s, 30 a second, 77.76 M in a 30-day month; outside: 400 in 40 s, 10 a second, 25.92 M.
 */
class PeriodBillTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachWindowIsBilledAtItsOwnRate(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("window-bill.conf");
        Files.writeString(file, """
                name = window-bill
                duration = 60s
                seed = 1
                regions = [FRA, AMS]
                clients = [
                  { name = steady, key = k, rate = 10, pops = [FRA] }
                  { name = burst, key = b, rate = 20, pops = [FRA], stop = 20s }
                ]
                limiters = [
                  { name = object, tier = durable-object, limit = 100000, window = 60s,
                    placement { policy = fixed, region = FRA } }
                ]
                faults = [ { kind = latency, between = [FRA, AMS], extra = 50ms, from = 0s, until = 20s } ]
                """);
        RunResult run = new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();

        String md = MarkdownReport.render(run, Map.of());

        // the window: (77.76 M - 10 M) x $0.30 = $20.33 of Worker requests; (77.76 M - 30 M) CPU ms x $0.02 = $0.96;
        // (77.76 M - 1 M), rounded up to 77 M, x $0.15 = $11.55 of object requests. Outside: (25.92 M - 10 M) x $0.30 =
        // $4.78, CPU and (25.92 M - 1 M), rounded up to 25 M, x $0.15 = $3.75. Rows written: one per accepted request, the run's 1,000 shared by calls:
        // 77.76 M in the window, (77.76 M - 50 M) x $1 = $27.76; 25.92 M outside, within the included 50 M.
        assertThat(md).contains("| period | limiter | worker requests | worker cpu ms | durable object requests | "
                        + "durable object rows written | durable object rows read | durable object duration | "
                        + "usage $/month at the period's rate |\n")
                .contains("| latency FRA-AMS +50ms 0s-20s | object | $20.33 | $0.96 | $11.55 | $27.76 | $0.00 | $0.00 "
                        + "| $60.59 |\n")
                .contains("| outside faults | object | $4.78 | $0.00 | $3.75 | $0.00 | $0.00 | $0.00 | $8.53 |\n");
        JsonNode window = JSON.readTree(JsonReport.render(run)).at("/fault_windows/0/limiters/object/cost_at_period_rate");
        assertThat(window.at("/monthly/worker_requests").asDouble()).isEqualTo(77_760_000);
        assertThat(window.at("/items/worker_requests").asDouble()).isEqualTo(20.328);
        assertThat(window.get("usd_per_month").asDouble()).isEqualTo(run.periods().get(0).limiters().get(0).cost()
                .usdPerMonth());
        // the whole run: 1,000 requests in 60 s, 43.2 M a month, between the two
        assertThat(run.limiters().get(0).cost().monthly().get("worker_requests")).isEqualTo(43_200_000);
    }
}
