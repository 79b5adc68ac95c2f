package io.edgesim.report;

import io.edgesim.result.KeyResults;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tail of the keys: per limiter, the share of keys seen (y) whose largest let-through in one window is at least x
 * times their limit, on log-log axes, with the limit (x = 1) marked. Drawn from {@code KeyResults.ratioByPercent}
 * (every whole percentile), {@code KeyResults.top} (the keys with the largest ratios, each at its own share) and
 * {@code KeyResults.overLimit} (at the limit), so the few keys over their limit stay visible below 1 %.
 */
final class KeyTailChart {

    static final String FILE = "key-ratio-cdf.png";
    static final String CAPTION = "Per key: share of keys seen whose largest let-through in one window is at least x "
            + "times their limit (log-log, the limit at x = 1)";
    static final String X_LABEL = "largest let-through in one window / the key's limit (log scale)";
    static final String Y_LABEL = "share of keys at or above x";

    // ratios below this are light keys, not the tail; the axis starts no lower unless some limiter has no heavier key
    private static final double SMALLEST_RATIO = 0.01;

    private KeyTailChart() {
    }

    static String caption(RunResult run) {
        Map<String, double[]> lines = new LinkedHashMap<>();
        for (LimiterResult limiter : run.limiters()) {
            TreeMap<Double, Double> points = points(limiter.keys());
            double[] line = new double[points.size() * 2];
            int i = 0;
            for (Map.Entry<Double, Double> p : points.entrySet()) {
                line[i++] = p.getKey();
                line[i++] = p.getValue();
            }
            lines.put(limiter.name(), line);
        }
        // the tables give shares of the keys declared; a key that sent nothing has no place on this chart
        boolean unseen = run.limiters().stream().anyMatch(l -> l.keys().population() > l.keys().seen());
        return CAPTION + Coinciding.sentence(Coinciding.groupsOnLogAxes(lines)) + undrawnNote(run, "; ")
                + (unseen ? "; shares of the keys seen, where the tables' are of the keys the scenario declares" : "");
    }

    /** The limiters no key of which got anything through (a ratio of 0 has no place on a log axis), in order. */
    static List<String> undrawn(RunResult run) {
        return run.limiters().stream().filter(l -> points(l.keys()).isEmpty()).map(LimiterResult::name).toList();
    }

    private static String undrawnNote(RunResult run, String before) {
        List<String> undrawn = undrawn(run);
        return undrawn.isEmpty() ? ""
                : before + "no key with a ratio above 0, not drawn: " + String.join(", ", undrawn);
    }

    /**
     * Ratio -> share of the keys seen at or above it, ratios above 0: at each whole percentile p the nearest-rank
     * ratio, which at least n - ceil(p n / 100) + 1 of the n keys reach, the k-th largest ratio, which k reach, and
     * at the limit (1) at least the keys over it.
     */
    static TreeMap<Double, Double> points(KeyResults keys) {
        TreeMap<Double, Double> points = new TreeMap<>();
        long n = keys.seen();
        if (n == 0) {
            return points;
        }
        for (int p = 0; p < keys.ratioByPercent().size(); p++) {
            long rank = Math.max(1, (long) Math.ceil(p * n / 100.0));
            add(points, keys.ratioByPercent().get(p), (double) (n - rank + 1) / n);
        }
        for (int k = 1; k <= keys.top().size(); k++) {
            add(points, keys.top().get(k - 1).maxRatio(), (double) k / n);
        }
        // the keys over their limit are counted whatever their rank: at the mark, the line is never below them
        add(points, 1.0, (double) keys.overLimit() / n);
        return points;
    }

    /**
     * The points as steps: the share at or above x holds from one ratio up to the next, and drops there. Exact where
     * every key is known (up to 100 keys, and the top keys); between two percentiles it is the least share they
     * allow.
     */
    static void steps(TreeMap<Double, Double> points, XYSeries series) {
        Double previous = null;
        for (Map.Entry<Double, Double> p : points.entrySet()) {
            if (previous != null) {
                series.add(previous.doubleValue(), p.getValue());
            }
            series.add(p.getKey(), p.getValue());
            previous = p.getKey();
        }
    }

    private static void add(TreeMap<Double, Double> points, double ratio, double share) {
        if (ratio > 0 && share > 0) {
            points.merge(ratio, share, Math::max);
        }
    }

    static JFreeChart chart(RunResult run) {
        XYSeriesCollection data = new XYSeriesCollection();
        double smallestShare = 1;
        double smallestRatio = 1;
        double largestRatio = 0;
        // the heaviest key of the limiter whose heaviest key is lightest: the axis reaches it, so every line shows
        double lightestHeaviest = Double.MAX_VALUE;
        int points = 0;
        for (LimiterResult limiter : run.limiters()) {
            XYSeries series = new XYSeries(limiter.name(), false, true);
            TreeMap<Double, Double> tail = points(limiter.keys());
            steps(tail, series);
            if (!tail.isEmpty()) {
                smallestShare = Math.min(smallestShare, tail.lastEntry().getValue());
                smallestRatio = Math.min(smallestRatio, tail.firstKey());
                largestRatio = Math.max(largestRatio, tail.lastKey());
                lightestHeaviest = Math.min(lightestHeaviest, tail.lastKey());
            }
            points = Math.max(points, series.getItemCount());
            data.addSeries(series);
        }
        RoundLogAxis ratio = RoundLogAxis.plain(X_LABEL);
        // from 0.01 (or the smallest ratio above it), unless a limiter's keys are all lighter: then from its heaviest
        double from = largestRatio > 0 ? Math.min(Math.max(SMALLEST_RATIO, smallestRatio), lightestHeaviest) : 1;
        ratio.setRange(RoundLogAxis.roundDown(from * 0.9), RoundLogAxis.roundUp(Math.max(1, largestRatio) * 1.1));
        RoundLogAxis share = RoundLogAxis.percent(Y_LABEL);
        // a little room above 100 %, so that a line at all keys is not hidden in the plot's edge; no tick up there
        share.setRange(RoundLogAxis.roundDown(smallestShare * 0.9), 1.25);
        XYPlot plot = new XYPlot(data, ratio, share, new ChartStyle.MarkedLines(points / 8, data.getSeriesCount()));
        ValueMarker limit = new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.5f));
        limit.setLabel("limit (x = 1)");
        limit.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        limit.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(limit);
        JFreeChart chart = new JFreeChart(run.scenario() + ": keys at or above x times their limit",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        if (!undrawn(run).isEmpty()) {
            chart.addSubtitle(ChartStyle.note(undrawnNote(run, "")));
        }
        return ChartStyle.apply(chart);
    }
}
