package io.edgesim.report;

import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PeriodTablesTest {

    @TempDir
    Path dir;

    @Test
    void onTheWholeEdgeTheLatencyTableShowsTheRegionsTheFaultsNameThenTheBusiest() {
        // Hobart (HBA) is one of the quietest locations: by requests alone it would not be among the 16 columns
        RunResult run = ChartRuns.run(dir, """
                name = whole-edge-fault
                duration = 10s
                seed = 4
                regions-file = "%s"
                clients = [ { name = crowd, key = "k-{i}", count = 2000, rate = 1, pops = all } ]
                limiters = [ { name = exact, tier = durable-object, limit = 5, window = 10s, key = api-key,
                               placement { policy = fixed, region = SYD } } ]
                faults = [ { kind = latency, between = [HBA, SYD], extra = 300ms, from = 2s, until = 6s } ]
                """.formatted(Path.of("regions/cloudflare.conf").toAbsolutePath()));
        Map<String, RegionResult> regions = run.limiters().get(0).regions();
        List<String> busiest = Charts.busiestRegions(run, PeriodTables.MAX_REGION_COLUMNS);
        assertThat(busiest).doesNotContain("HBA");

        List<String> shown = PeriodTables.regionsShown(run);

        assertThat(shown).hasSize(PeriodTables.MAX_REGION_COLUMNS).contains("HBA", "SYD")
                .isSortedAccordingTo(Comparator.comparing(run.regions()::indexOf));
        List<String> rest = shown.stream().filter(r -> !r.equals("HBA") && !r.equals("SYD")).toList();
        long fewestShown = rest.stream().mapToLong(r -> regions.get(r).counts().sent()).min().orElseThrow();
        assertThat(run.regions().stream().filter(r -> !shown.contains(r)))
                .allSatisfy(r -> assertThat(regions.get(r).counts().sent()).isLessThanOrEqualTo(fewestShown));
        assertThat(PeriodTables.regionsNote(run)).isEqualTo("; the 16 regions the faults name and those with the "
                + "most requests, of 340 (every region: result.json's fault_windows)");
        assertThat(PeriodTables.latency(run).text()).contains("HBA p50 / p99 ms");
    }
}
