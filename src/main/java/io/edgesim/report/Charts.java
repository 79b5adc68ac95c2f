package io.edgesim.report;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The charts a report embeds (PNG, {@link #WIDTH} x {@link #HEIGHT}, JFreeChart rendered headless), one class each:
 * requests let through per region ({@link RegionChart}), added latency per region ({@link LatencyChart}), requests
 * let through over time ({@link OverTimeChart}), the tail of the keys against their limit ({@link KeyTailChart}),
 * and with replications one figure's mean and interval per limiter ({@link ReplicationsChart}). "Let through" is
 * accepted plus failed open, so a limiter that fails open shows what it really admitted. Axis titles carry units;
 * captions say what a chart cannot show by itself, such as which lines coincide.
 */
public final class Charts {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 480;

    /** The axis title of every chart of what a limiter admits. */
    static final String LET_THROUGH = "let through (accepted + failed open)";

    static {
        System.setProperty("java.awt.headless", "true");
        // PNGs are encoded in memory: ImageIO's default cache is a temporary file, a second place a write can fail
        ImageIO.setUseCache(false);
    }

    private Charts() {
    }

    /** The chart files every report has, file name -> caption without the run's notes, in display order. */
    public static final Map<String, String> FILES = files();

    private static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(RegionChart.FILE, RegionChart.CAPTION);
        files.put(LatencyChart.FILE, LatencyChart.CAPTION);
        files.put(OverTimeChart.FILE, OverTimeChart.CAPTION);
        files.put(KeyTailChart.FILE, KeyTailChart.CAPTION);
        return Collections.unmodifiableMap(files);
    }

    /** The chart a run with replications adds to {@link #FILES}. */
    public static final String REPLICATIONS_FILE = ReplicationsChart.FILE;

    /**
     * The chart files of {@code run}'s report, file name -> caption, in display order: {@link #FILES} (the latency
     * chart only when some limiter adds latency: else it would be an empty frame) and with replications theirs, each
     * caption with what this run's chart needs said (the lines that coincide, the limiters without latency).
     */
    public static Map<String, String> files(RunResult run) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(RegionChart.FILE, RegionChart.caption(run));
        if (LatencyChart.drawn(run)) {
            files.put(LatencyChart.FILE, LatencyChart.caption(run));
        }
        files.put(OverTimeChart.FILE, OverTimeChart.caption(run));
        files.put(KeyTailChart.FILE, KeyTailChart.caption(run));
        if (run.replications().isPresent()) {
            files.put(ReplicationsChart.FILE, ReplicationsChart.caption(run));
        }
        return Collections.unmodifiableMap(files);
    }

    /** The most regions a per-region chart names: beyond, bars and labels run together. */
    static final int MAX_REGIONS_SHOWN = 40;

    /**
     * The regions the per-region charts show, in the run's order: all of them, or with more than
     * {@link #MAX_REGIONS_SHOWN} the ones with the most requests (over every limiter; the earlier on a tie).
     */
    static List<String> regionsShown(RunResult run) {
        return busiestRegions(run, MAX_REGIONS_SHOWN);
    }

    /**
     * The run's regions in its order: all of them, or with more than {@code most} the {@code most} with the most
     * requests (over every limiter; the earlier on a tie).
     */
    static List<String> busiestRegions(RunResult run, int most) {
        List<String> all = run.regions();
        if (all.size() <= most || run.limiters().isEmpty()) {
            return all;
        }
        // not a region without requests, where fewer had some (16 of the whole edge's 340: 24 empty slots drawn)
        List<String> sending = withRequests(run);
        Set<String> busiest = (sending.isEmpty() ? byRequests(run) : sending).stream().limit(most)
                .collect(Collectors.toSet());
        return all.stream().filter(busiest::contains).toList();
    }

    /** {@link #byRequests}, only the regions some limiter saw a request in. */
    static List<String> withRequests(RunResult run) {
        return byRequests(run).stream().filter(region -> run.limiters().stream()
                .anyMatch(l -> l.regions().get(region).counts().sent() > 0)).toList();
    }

    // "40 with the most requests", or "16 with requests" when the others had none ("first 40 (none had requests)" in
    // a run without any); noun after the number: "" or " regions"
    private static String which(RunResult run, int shown, String noun) {
        int sending = withRequests(run).size();
        return sending == 0 ? "first " + shown + noun + " (none had requests)" : shown + noun
                + (shown < sending ? " with the most requests" : " with requests");
    }

    /** The run's regions, those with the most requests (over every limiter) first; the earlier on a tie. */
    static List<String> byRequests(RunResult run) {
        Map<String, Long> sent = new HashMap<>();
        for (String region : run.regions()) {
            sent.put(region, run.limiters().stream().mapToLong(l -> l.regions().get(region).counts().sent()).sum());
        }
        // a stable sort: the earlier region first on a tie
        return run.regions().stream().sorted(Comparator.comparingLong((String r) -> sent.get(r)).reversed()).toList();
    }

    /**
     * The region where {@code limiter}'s p99 latency is highest, among those with latency samples (the earlier in the
     * run's order on a tie); empty when it has none.
     */
    static Optional<String> slowestRegion(LimiterResult limiter) {
        String slowest = null;
        for (Map.Entry<String, RegionResult> r : limiter.regions().entrySet()) {
            if (r.getValue().latencyMs().samples() > 0 && (slowest == null
                    || r.getValue().latencyMs().p99() > limiter.regions().get(slowest).latencyMs().p99())) {
                slowest = r.getKey();
            }
        }
        return Optional.ofNullable(slowest);
    }

    /** Turns the region names of a per-region chart upright when there are too many to sit side by side. */
    static JFreeChart regionNamesFit(JFreeChart chart, int regions) {
        if (regions > 16) {
            chart.getCategoryPlot().getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_90);
            chart.getCategoryPlot().getDomainAxis().setMaximumCategoryLabelWidthRatio(1f);
        }
        return chart;
    }

    /**
     * The region axis of a per-region chart: "region (PoP)", or when it does not show every region "region (PoP):
     * the 40 with the most requests, of 340", so that the chart pasted alone says so too.
     */
    static String regionAxisLabel(RunResult run) {
        int shown = regionsShown(run).size();
        return shown == run.regions().size() ? "region (PoP)"
                : "region (PoP): the " + which(run, shown, "") + ", of " + run.regions().size();
    }

    /** What a per-region chart's caption adds when it does not show every region; else "". */
    static String regionsShownNote(RunResult run) {
        return busiestNote(run, MAX_REGIONS_SHOWN, "by-region.csv");
    }

    /**
     * What a view of {@link #busiestRegions} adds when it leaves regions out: "; the 16 regions with the most
     * requests, of 340 (every region: WHERE)"; else "".
     */
    static String busiestNote(RunResult run, int most, String everyRegion) {
        int shown = busiestRegions(run, most).size();
        return shown == run.regions().size() ? "" : "; the " + which(run, shown, " regions") + ", of "
                + run.regions().size() + " (every region: " + everyRegion + ")";
    }

    /** Writes the charts of {@link #files} into {@code dir}. */
    public static void write(RunResult run, Path dir) throws IOException {
        savePng(RegionChart.chart(run), dir.resolve(RegionChart.FILE));
        if (LatencyChart.drawn(run)) {
            savePng(LatencyChart.chart(run), dir.resolve(LatencyChart.FILE));
        }
        savePng(OverTimeChart.chart(run), dir.resolve(OverTimeChart.FILE));
        savePng(KeyTailChart.chart(run), dir.resolve(KeyTailChart.FILE));
        if (run.replications().isPresent()) {
            savePng(ReplicationsChart.chart(run), dir.resolve(ReplicationsChart.FILE));
        }
    }

    /**
     * Encodes {@code chart} as a PNG in memory, then writes the bytes: a failing disk gives one IOException from
     * the write, not a second one from closing a half-written image stream.
     */
    static void savePng(JFreeChart chart, Path file) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
        Files.write(file, png.toByteArray());
    }
}
