package io.edgesim.report;

import io.edgesim.result.Counts;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;

import java.util.Map;

/**
 * by-region.csv: one row per limiter per region; let_through = accepted + failed_open; the latency columns empty for
 * a region with no latency sample (no request, or none answered), where 0.0 would read as a round trip of 0 ms.
 */
public final class CsvReport {

    public static final String HEADER =
            "limiter,tier,region,sent,accepted,rejected,failed,failed_open,let_through,p50_ms,p90_ms,p99_ms,max_ms";

    private CsvReport() {
    }

    public static String render(RunResult run) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (LimiterResult limiter : run.limiters()) {
            for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
                Counts c = e.getValue().counts();
                LatencyStats l = e.getValue().latencyMs();
                out.append(Csv.field(limiter.name())).append(',').append(Csv.field(limiter.tier())).append(',')
                        .append(e.getKey()).append(',').append(c.sent()).append(',').append(c.accepted())
                        .append(',').append(c.rejected()).append(',').append(c.failed()).append(',')
                        .append(c.failedOpen()).append(',').append(c.letThrough()).append(',')
                        .append(l.samples() == 0 ? ",,," : l.p50() + "," + l.p90() + "," + l.p99() + "," + l.max())
                        .append('\n');
            }
        }
        return out.toString();
    }
}
