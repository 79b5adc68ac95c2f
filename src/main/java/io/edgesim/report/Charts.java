package io.edgesim.report;

import io.edgesim.result.RunResult;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
     * The chart files of {@code run}'s report, file name -> caption, in display order: {@link #FILES} and with
     * replications theirs, each caption with what this run's chart needs said (the lines that coincide, the
     * limiters without latency).
     */
    public static Map<String, String> files(RunResult run) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(RegionChart.FILE, RegionChart.CAPTION);
        files.put(LatencyChart.FILE, LatencyChart.caption(run));
        files.put(OverTimeChart.FILE, OverTimeChart.caption(run));
        files.put(KeyTailChart.FILE, KeyTailChart.caption(run));
        if (run.replications().isPresent()) {
            files.put(ReplicationsChart.FILE, ReplicationsChart.caption(run));
        }
        return Collections.unmodifiableMap(files);
    }

    /** Writes the charts of {@link #files} into {@code dir}. */
    public static void write(RunResult run, Path dir) throws IOException {
        savePng(RegionChart.chart(run), dir.resolve(RegionChart.FILE));
        savePng(LatencyChart.chart(run), dir.resolve(LatencyChart.FILE));
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
