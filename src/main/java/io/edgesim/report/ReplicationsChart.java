package io.edgesim.report;

import io.edgesim.result.Interval;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.IntervalBarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.category.DefaultIntervalCategoryDataset;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One figure of a run with replications, a row per limiter: its mean over the runs as a dot and its 95 % interval
 * as a bar from the interval's low end to its high end. Limiter names stand on the left, wrapped over up to three
 * lines, never cut. The figure is keys over limit, or requests let through when no key of any limiter got past
 * its limit in any run (a chart of zeros says nothing), unless one is named.
 */
final class ReplicationsChart {

    static final String FILE = "replications.png";
    /** The figure the chart shows by default: the question most scenarios ask is how many keys got past. */
    static final String DEFAULT_FIGURE = "keys_over_limit";
    /** The figure it shows when no key got past in any run. */
    static final String FALLBACK_FIGURE = "let_through";

    private ReplicationsChart() {
    }

    static String caption(RunResult run) {
        Replications r = run.replications().orElseThrow();
        return capitalized(RunFigures.label(figure(run))) + " per limiter: mean of " + ConsoleReport.runs(r)
                + ", with its 95 % interval";
    }

    static JFreeChart chart(RunResult run) {
        return chart(run, figure(run));
    }

    /** {@link #DEFAULT_FIGURE}, or {@link #FALLBACK_FIGURE} when it is 0 for every limiter in every run. */
    static String figure(RunResult run) {
        Replications r = run.replications().orElseThrow();
        boolean anyOver = r.limiters().keySet().stream()
                .anyMatch(l -> r.interval(l, DEFAULT_FIGURE).map(i -> i.max() > 0).orElse(false));
        return anyOver ? DEFAULT_FIGURE : FALLBACK_FIGURE;
    }

    /** The chart of the whole-run figure {@code name} (a {@link RunFigures} measure, "keys_over_limit"). */
    static JFreeChart chart(RunResult run, String name) {
        String label = RunFigures.label(name);
        Replications replications = run.replications().orElseThrow();
        List<String> drawn = new ArrayList<>();
        List<String> without = new ArrayList<>();
        List<Interval> intervals = new ArrayList<>();
        replications.limiters().keySet().forEach(limiter -> {
            Optional<Interval> i = replications.interval(limiter, name);
            if (i.isPresent()) {
                drawn.add(limiter);
                intervals.add(i.get());
            } else {
                without.add(limiter);
            }
        });
        Number[][] low = new Number[1][drawn.size()];
        Number[][] high = new Number[1][drawn.size()];
        DefaultCategoryDataset means = new DefaultCategoryDataset();
        for (int i = 0; i < drawn.size(); i++) {
            low[0][i] = intervals.get(i).ci95Low();
            high[0][i] = intervals.get(i).ci95High();
            means.addValue(intervals.get(i).mean(), "mean", drawn.get(i));
        }
        DefaultIntervalCategoryDataset bars = new DefaultIntervalCategoryDataset(new Comparable[]{"95 % interval"},
                drawn.toArray(new Comparable[0]), low, high);
        CategoryAxis limiters = new CategoryAxis(null);
        limiters.setMaximumCategoryLabelWidthRatio(0.4f);
        limiters.setMaximumCategoryLabelLines(3);
        NumberAxis value = new NumberAxis(label + " (mean and 95 % interval over " + replications.n()
                + (replications.n() == 1 ? " run)" : " runs)"));
        // every value the same (0 keys over limit in every run): an axis around it, not one a billionth wide
        double lowest = intervals.stream().mapToDouble(Interval::ci95Low).min().orElse(0);
        double highest = intervals.stream().mapToDouble(Interval::ci95High).max().orElse(0);
        if (lowest == highest) {
            double half = lowest == 0 ? 0.5 : Math.abs(lowest) / 2;
            double bottom = lowest == 0 ? 0 : lowest - half;
            value.setRange(bottom, bottom + 2 * half);
        }
        IntervalBarRenderer range = new IntervalBarRenderer();
        range.setMaximumBarWidth(0.04);
        LineAndShapeRenderer mean = new LineAndShapeRenderer(false, true);
        CategoryPlot plot = new CategoryPlot(means, limiters, value, mean);
        plot.setDataset(1, bars);
        plot.setRenderer(1, range);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        JFreeChart chart = new JFreeChart(run.scenario() + ": " + label + " per limiter",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        if (!without.isEmpty()) {
            chart.addSubtitle(ChartStyle.note("no value in some run: " + String.join(", ", without)));
        }
        ChartStyle.apply(chart);
        // a dark dot on a light bar: each stays visible when the interval is as narrow as the dot
        mean.setSeriesPaint(0, Color.BLACK);
        range.setSeriesPaint(0, new Color(86, 180, 233));
        return chart;
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
