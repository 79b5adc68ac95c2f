package io.edgesim.report;

import io.edgesim.result.Counts;
import io.edgesim.result.LatencyStats;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;

import java.util.Map;

/** by-region.csv: one row per limiter per region; let_through = accepted + failed_open. */
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
                        .append(c.failedOpen()).append(',').append(c.letThrough()).append(',').append(l.p50()).append(',').append(l.p90())
                        .append(',').append(l.p99()).append(',').append(l.max()).append('\n');
            }
        }
        return out.toString();
    }
}
