package io.edgesim.report;

import io.edgesim.result.ClusterRun;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.AffineTransform;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Added latency per region as a dot plot: per region a column of each limiter's dots side by side, its p50 filled
 * and its p99 hollow, on a log axis (a cache read of 0.5 ms and a round trip of 300 ms on one chart). Limiters that
 * add no latency in any region are listed under the title, not drawn; a region where a limiter adds none has no dot.
 */
final class LatencyChart {

    static final String FILE = "latency-by-region.png";
    static final String CAPTION = "Added latency per region and limiter: p50 filled, p99 hollow (log scale)";
    static final String Y_LABEL = "added latency (ms, log scale)";

    private LatencyChart() {
    }

    static String caption(RunResult run) {
        List<String> none = withoutLatency(run);
        int shown = regionsShown(run).size();
        return CAPTION + (none.isEmpty() ? "" : "; no added latency: " + String.join(", ", none))
                + (shown == run.regions().size() ? "" : "; " + shown + " regions of " + run.regions().size()
                + ": each limiter's slowest (highest p99), then those with the most requests (every region: "
                + "by-region.csv)");
    }

    /**
     * The regions the chart shows, in the run's order: all of them, or with more than the charts show
     * ({@link Charts#regionsShown}) each limiter's slowest region (highest p99, the earlier on a tie), so that the
     * worst latency a report quotes is drawn, then the regions with the most requests up to that many.
     */
    static List<String> regionsShown(RunResult run) {
        List<String> busiest = Charts.regionsShown(run);
        if (busiest.size() == run.regions().size()) {
            return busiest;
        }
        Set<String> shown = new LinkedHashSet<>();
        for (LimiterResult limiter : run.limiters()) {
            if (addsLatency(limiter)) {
                Charts.slowestRegion(limiter).ifPresent(shown::add);
            }
        }
        for (String region : Charts.byRequests(run)) {
            if (shown.size() >= busiest.size()) {
                break;
            }
            shown.add(region);
        }
        return run.regions().stream().filter(shown::contains).toList();
    }

    /** Whether the run has the chart: some limiter adds latency in some region ({@link Charts#files}). */
    static boolean drawn(RunResult run) {
        return run.limiters().stream().anyMatch(LatencyChart::addsLatency);
    }

    /** The limiters whose p99 is 0 in every region, in scenario order. */
    static List<String> withoutLatency(RunResult run) {
        return run.limiters().stream().filter(l -> !addsLatency(l)).map(LimiterResult::name).toList();
    }

    private static boolean addsLatency(LimiterResult limiter) {
        return limiter.regions().values().stream().anyMatch(r -> r.latencyMs().p99() > 0);
    }

    static JFreeChart chart(RunResult run) {
        DefaultCategoryDataset p50 = new DefaultCategoryDataset();
        DefaultCategoryDataset p99 = new DefaultCategoryDataset();
        List<String> shown = regionsShown(run);
        double min = Double.MAX_VALUE;
        double max = 0;
        for (LimiterResult limiter : run.limiters()) {
            if (!addsLatency(limiter)) {
                continue;
            }
            for (String region : shown) {
                RegionResult r = limiter.regions().get(region);
                double median = r.latencyMs().p50();
                double tail = r.latencyMs().p99();
                // a log axis has no 0: a region without added latency has no dot
                p50.addValue(median > 0 ? median : null, limiter.name(), region);
                p99.addValue(tail > 0 ? tail : null, limiter.name(), region);
                for (double v : new double[]{median, tail}) {
                    if (v > 0) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
        }
        RoundLogAxis latency = RoundLogAxis.plain(Y_LABEL);
        latency.fit(max > 0 ? min : 0.1, max > 0 ? max : 1);
        String axis = shown.size() == run.regions().size() ? "region (PoP)" : "region (PoP): each limiter's slowest "
                + "and the busiest, " + shown.size() + " of " + run.regions().size();
        CategoryPlot plot = new CategoryPlot(p50, new CategoryAxis(axis), latency, dots(true));
        plot.setDataset(1, p99);
        plot.setRenderer(1, dots(false));
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setNoDataMessage("no limiter adds latency");
        latency.setVisible(max > 0);
        JFreeChart chart = new JFreeChart(run.scenario() + ": added latency per region", JFreeChart.DEFAULT_TITLE_FONT,
                plot, true);
        List<String> none = withoutLatency(run);
        String note = "p50 filled, p99 hollow" + (none.isEmpty() ? "" : "; no added latency: " + String.join(", ",
                none));
        chart.addSubtitle(ChartStyle.note(note));
        lateNote(run).ifPresent(late -> chart.addSubtitle(ChartStyle.note(late)));
        Charts.regionNamesFit(ChartStyle.apply(chart), shown.size());
        // a hollow p99 a size larger than its filled p50: where the two meet, the p50 sits inside the p99's ring
        AffineTransform larger = AffineTransform.getScaleInstance(1.5, 1.5);
        // each limiter in its colour and marker of the other charts, though limiters without latency are left out
        List<String> names = run.limiters().stream().map(LimiterResult::name).toList();
        for (int i = 0; i < p50.getRowCount(); i++) {
            int limiter = names.indexOf((String) p50.getRowKey(i));
            for (int d = 0; d < 2; d++) {
                plot.getRenderer(d).setSeriesPaint(i, ChartStyle.paint(limiter));
                plot.getRenderer(d).setSeriesShape(i, d == 0 ? ChartStyle.marker(limiter)
                        : larger.createTransformedShape(ChartStyle.marker(limiter)));
            }
        }
        return chart;
    }

    /**
     * A cluster run whose injected latencies were handled late beyond its tolerance: the chart says so, as report.md
     * marks the figures, since a chart is pasted alone ("not faithful (late): figures of exact carry the cluster's
     * lateness, p99 303.56 ms (tolerance 2.00 ms)": one line of the chart's width).
     */
    static Optional<String> lateNote(RunResult run) {
        return run.cluster().filter(ClusterRun::latencyFlagged).map(c -> String.format(Locale.ROOT,
                "not faithful %s: figures of %s carry the cluster's lateness, p99 %.2f ms (tolerance %.2f ms)",
                MarkdownReport.LATE_MARK, String.join(", ", c.injectedLimiters()),
                c.injected().p99Ms(), c.toleranceMs()));
    }

    // p50 filled; p99 hollow and left out of the legend, whose entries name the limiters once
    private static LineAndShapeRenderer dots(boolean filled) {
        LineAndShapeRenderer dots = new LineAndShapeRenderer(false, true);
        dots.setUseSeriesOffset(true);
        dots.setItemMargin(0.1);
        dots.setDefaultShapesFilled(filled);
        dots.setUseFillPaint(!filled);
        dots.setDefaultFillPaint(Color.WHITE);
        dots.setDrawOutlines(true);
        dots.setUseOutlinePaint(false);
        dots.setDefaultOutlineStroke(new BasicStroke(1.5f));
        dots.setDefaultSeriesVisibleInLegend(filled);
        return dots;
    }
}
