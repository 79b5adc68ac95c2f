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

class RegionChartTest {

    @TempDir
    Path dir;

    @Test
    void axisLabelsFitAndEveryLimitersBarsShow() {
        ChartRuns.Rendered chart = ChartRuns.render(RegionChart.chart(ChartRuns.fourLimiters(dir)));

        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
        assertThat(chart.legend()).containsExactly(ChartRuns.EXACT, ChartRuns.TWIN, ChartRuns.CACHE,
                ChartRuns.BINDING);
        for (int series = 0; series < 4; series++) {
            assertThat(chart.pixels(ChartStyle.paint(series))).as("pixels of series %d", series).isPositive();
        }
    }

    @Test
    void withMoreRegionsThanFitTheBusiestAreShownInTheRunsOrderAndTheCaptionSaysSo() {
        RunResult run = ChartRuns.run(dir, """
                name = whole-edge
                duration = 10s
                seed = 4
                regions-file = "%s"
                clients = [ { name = crowd, key = "k-{i}", count = 2000, rate = 1, pops = all } ]
                limiters = [ { name = local, tier = cache, limit = 5, window = 10s, key = api-key } ]
                """.formatted(Path.of("regions/cloudflare.conf").toAbsolutePath()));
        List<String> shown = Charts.regionsShown(run);
        Map<String, RegionResult> regions = run.limiters().get(0).regions();

        assertThat(run.regions()).hasSize(340);
        assertThat(shown).hasSize(Charts.MAX_REGIONS_SHOWN).isSubsetOf(run.regions());
        assertThat(shown).isSortedAccordingTo(Comparator.comparing(run.regions()::indexOf));
        long fewestShown = shown.stream().mapToLong(r -> regions.get(r).counts().sent()).min().orElseThrow();
        assertThat(run.regions().stream().filter(r -> !shown.contains(r)))
                .allSatisfy(r -> assertThat(regions.get(r).counts().sent()).isLessThanOrEqualTo(fewestShown));
        assertThat(Charts.files(run).get(RegionChart.FILE))
                .endsWith("; the 40 regions with the most requests, of 340 (every region: by-region.csv)");

        ChartRuns.Rendered chart = ChartRuns.render(RegionChart.chart(run));
        assertThat(chart.chart().getCategoryPlot().getDataset().getColumnKeys()).isEqualTo(shown);
        assertThat(chart.axisLabelOverhang()).allSatisfy(overhang -> assertThat(overhang).isNotPositive());
    }

    @Test
    void whenFewerRegionsThanFitHadRequestsOnlyTheyAreShown() {
        // 16 locations of the whole edge's 340 with traffic: the chart had 24 more slots of regions without any
        RunResult run = ChartRuns.run(dir, """
                name = sixteen
                duration = 10s
                seed = 4
                regions-file = "%s"
                clients = [ { name = crowd, key = "k-{i}", count = 200, rate = 1, pops { top = 16 } } ]
                limiters = [ { name = local, tier = cache, limit = 5, window = 10s, key = api-key } ]
                """.formatted(Path.of("regions/cloudflare.conf").toAbsolutePath()));
        Map<String, RegionResult> regions = run.limiters().get(0).regions();

        assertThat(Charts.regionsShown(run)).hasSize(16)
                .allSatisfy(r -> assertThat(regions.get(r).counts().sent()).isPositive());
        assertThat(LatencyChart.regionsShown(run)).isEqualTo(Charts.regionsShown(run));
        assertThat(Charts.regionAxisLabel(run)).isEqualTo("region (PoP): the 16 with requests, of 340");
        assertThat(Charts.files(run).get(RegionChart.FILE))
                .endsWith("; the 16 regions with requests, of 340 (every region: by-region.csv)");
    }

    @Test
    void aRunWithoutRequestsOverALargeWorldSaysItsRegionsAreTheFirstOnes() {
        // a thousandth of a request expected: none sent
        RunResult run = ChartRuns.run(dir, """
                name = quiet
                duration = 1s
                seed = 4
                regions-file = "%s"
                clients = [ { name = one, key = k, rate = 0.001, pops = all } ]
                limiters = [ { name = local, tier = cache, limit = 5, window = 10s, key = api-key } ]
                """.formatted(Path.of("regions/cloudflare.conf").toAbsolutePath()));

        assertThat(run.limiters().get(0).totals().sent()).isZero();
        assertThat(Charts.regionAxisLabel(run)).isEqualTo("region (PoP): the first 40 (none had requests), of 340");
    }
}
