package io.edgesim.report;

import io.edgesim.result.FaultResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.Replications;
import io.edgesim.result.RunResult;
import io.edgesim.result.Timeline;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

/**
 * The charts a report embeds (PNG, JFreeChart, rendered headless): requests let through per region per limiter, added
 * latency per region, requests let through over time per limiter, and the distribution over keys of what each key
 * got through against its limit. "Let through" is accepted plus failed open, so a limiter that fails open shows what
 * it really admitted. A run with replications adds its mean let-through per limiter with error bars over the 95 %
 * interval. Axis titles carry units.
 */
public final class Charts {

    private static final Color FAULT_SHADE = new Color(255, 160, 160, 90);
    public static final int WIDTH = 900;
    public static final int HEIGHT = 480;

    /** The axis title of every chart of what a limiter admits. */
    static final String LET_THROUGH = "requests let through (accepted + failed open)";

    static {
        System.setProperty("java.awt.headless", "true");
        // PNGs are encoded in memory: ImageIO's default cache is a temporary file, a second place a write can fail
        ImageIO.setUseCache(false);
    }

    private Charts() {
    }

    /** The chart files every report has, file name -> caption, in display order. */
    public static final Map<String, String> FILES = files();

    private static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("accepted-by-region.png", "Requests let through per region (accepted + failed open)");
        files.put("latency-by-region.png", "Added latency per region (p50 and p99)");
        files.put("accepted-over-time.png", "Requests let through over time (accepted + failed open)");
        files.put("key-ratio-cdf.png", "Per key: largest let-through in one window / the key's limit (CDF over keys)");
        return Collections.unmodifiableMap(files);
    }

    /** The chart a run with replications adds to {@link #FILES}. */
    public static final String REPLICATIONS_FILE = "let-through-replications.png";

    /** The chart files of {@code run}'s report, file name -> caption: {@link #FILES}, and with replications theirs. */
    public static Map<String, String> files(RunResult run) {
        if (run.replications().isEmpty()) {
            return FILES;
        }
        Map<String, String> files = new LinkedHashMap<>(FILES);
        files.put(REPLICATIONS_FILE, "Requests let through per limiter: mean of "
                + ConsoleReport.runs(run.replications().get()) + ", with its 95 % interval");
        return Collections.unmodifiableMap(files);
    }

    /** Writes the charts of {@link #files} into {@code dir}. */
    public static void write(RunResult run, Path dir) throws IOException {
        save(letThroughPerRegion(run), dir.resolve("accepted-by-region.png"));
        save(latencyPerRegion(run), dir.resolve("latency-by-region.png"));
        save(letThroughOverTime(run), dir.resolve("accepted-over-time.png"));
        save(keyRatioCdf(run), dir.resolve("key-ratio-cdf.png"));
        if (run.replications().isPresent()) {
            save(letThroughReplicated(run), dir.resolve(REPLICATIONS_FILE));
        }
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        savePng(ChartStyle.apply(chart), file);
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

    static JFreeChart letThroughPerRegion(RunResult run) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (LimiterResult limiter : run.limiters()) {
            for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
                data.addValue(e.getValue().counts().letThrough(), limiter.name(), e.getKey());
            }
        }
        return ChartFactory.createBarChart(run.scenario() + ": requests let through per region", "region (PoP)",
                LET_THROUGH, data, PlotOrientation.VERTICAL, true, false, false);
    }

    /** One bar per limiter: its mean let-through over the replications, with an error bar over the 95 % interval. */
    static JFreeChart letThroughReplicated(RunResult run) {
        Replications replications = run.replications().orElseThrow();
        DefaultStatisticalCategoryDataset data = new DefaultStatisticalCategoryDataset();
        String series = "mean of " + replications.n() + (replications.n() == 1 ? " run" : " runs")
                + ", 95 % interval";
        replications.limiters().keySet().forEach(limiter -> replications.interval(limiter, "let_through")
                .ifPresent(i -> data.add(i.mean(), i.halfWidth(), series, limiter)));
        JFreeChart chart = ChartFactory.createBarChart(run.scenario() + ": requests let through per limiter",
                "limiter", LET_THROUGH, data, PlotOrientation.VERTICAL, true, false, false);
        chart.getCategoryPlot().setRenderer(errorBars());
        return chart;
    }

    // draws mean +- the "standard deviation" it is given: the datasets here give it the interval's half-width
    static StatisticalBarRenderer errorBars() {
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setErrorIndicatorPaint(Color.BLACK);
        renderer.setErrorIndicatorStroke(new BasicStroke(1.5f));
        return renderer;
    }

    static JFreeChart latencyPerRegion(RunResult run) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (LimiterResult limiter : run.limiters()) {
            for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
                data.addValue(e.getValue().latencyMs().p50(), limiter.name() + " p50", e.getKey());
                data.addValue(e.getValue().latencyMs().p99(), limiter.name() + " p99", e.getKey());
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(run.scenario() + ": added latency per region", "region (PoP)",
                null, data, PlotOrientation.VERTICAL, true, false, false);
        // a cache read of 0.5 ms and Sydney's 300 ms to Frankfurt on one chart, and a p99 far
        // above its p50: a log axis; in-PoP limiters (no added latency) sit at its floor of 0.01 ms
        LogAxis latency = new LogAxis("added latency (ms, log scale)");
        latency.setSmallestValue(0.01);
        latency.setNumberFormatOverride(new DecimalFormat("0.##"));
        chart.getCategoryPlot().setRangeAxis(latency);
        return chart;
    }

    static JFreeChart letThroughOverTime(RunResult run) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (LimiterResult limiter : run.limiters()) {
            XYSeries series = new XYSeries(limiter.name());
            Timeline timeline = limiter.timeline();
            double bucket = timeline.bucketSeconds();
            for (int i = 0; i < timeline.accepted().size(); i++) {
                series.add(i * bucket, timeline.letThrough(i) / bucket);
            }
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(run.scenario() + ": requests let through over time",
                "scenario time (s)", LET_THROUGH + " per second", data, PlotOrientation.VERTICAL, true,
                false, false);
        shadeFaults(chart, run);
        return chart;
    }

    // each fault's interval as a shaded band labelled with the fault
    private static void shadeFaults(JFreeChart chart, RunResult run) {
        for (FaultResult fault : run.faults()) {
            IntervalMarker band = new IntervalMarker(fault.fromSeconds(), fault.untilSeconds());
            band.setPaint(FAULT_SHADE);
            band.setLabel(fault.label());
            band.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            band.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            chart.getXYPlot().addDomainMarker(band, Layer.BACKGROUND);
        }
    }

    /**
     * Per limiter, the share of keys (y) whose largest let-through in one window, over their limit, is at most x:
     * the distribution from {@code KeyResults.ratioByPercent}, with the limit (x = 1) marked.
     */
    static JFreeChart keyRatioCdf(RunResult run) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (LimiterResult limiter : run.limiters()) {
            XYSeries series = new XYSeries(limiter.name(), false, true);
            List<Double> byPercent = limiter.keys().ratioByPercent();
            if (limiter.keys().seen() > 0) {
                for (int p = 0; p < byPercent.size(); p++) {
                    // a log axis has no 0: keys that got nothing through start the line at their first share
                    if (byPercent.get(p) > 0) {
                        series.add(byPercent.get(p).doubleValue(), p / 100.0);
                    }
                }
            }
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(run.scenario() + ": per-key let-through against the limit",
                null, "share of keys at or below", data, PlotOrientation.VERTICAL, true, false, false);
        // ratios span orders of magnitude (a light key at 0.01, the worst at several times its limit)
        LogAxis ratio = new LogAxis("largest let-through in one window / the key's limit (log scale)");
        ratio.setSmallestValue(1e-4);
        ratio.setNumberFormatOverride(new DecimalFormat("0.###"));
        chart.getXYPlot().setDomainAxis(ratio);
        chart.getXYPlot().getRangeAxis().setRange(0, 1);
        ValueMarker limit = new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.5f));
        limit.setLabel("limit");
        limit.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        limit.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        chart.getXYPlot().addDomainMarker(limit);
        return chart;
    }
}
