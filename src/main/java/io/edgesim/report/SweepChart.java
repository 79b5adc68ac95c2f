package io.edgesim.report;

import io.edgesim.result.Interval;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.Replications;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A sweep's chart: one line per limiter against the value swept. Values that are all numbers sit on a number axis,
 * at their distances (a sweep of 16, 32, 64, 128, 256 and 340 locations puts 340 a little past 256, not a doubling
 * further): linear, or logarithmic when the largest is at least {@value #LOG_SPAN} times the smallest; other values
 * (durations, names) and numbers below a millionth or above 1e15 are categories in the order swept. With replications each point is the mean, with an error
 * bar from its interval's low end to its high end.
 */
final class SweepChart {

    /** From this ratio of the largest value to the smallest (all above 0) up, the axis is logarithmic. */
    static final double LOG_SPAN = 100;

    private static final Pattern NUMBER = Pattern.compile("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    // a number axis reads well for values from a millionth to a quadrillion (or 0); beyond, ticks crowd or vanish
    private static final double SMALLEST = 1e-6;
    private static final double LARGEST = 1e15;
    // the characters of category labels, all values together, that the chart's width shows uncut
    private static final int MAX_LABEL_CHARS = 90;
    private static final int LABEL_LINES = 3;

    private SweepChart() {
    }

    /**
     * The chart titled {@code title} of {@code value} (or with replications the mean and interval of
     * {@code figure}) of each limiter against the sweep's values, measured in {@code measure}.
     */
    static JFreeChart of(SweepReport sweep, String title, String measure, String figure,
                         Function<LimiterResult, Number> value) {
        List<SweepReport.Point> points = sweep.points();
        boolean numeric = points.stream().allMatch(p -> NUMBER.matcher(p.value()).matches()
                && plottable(Double.parseDouble(p.value())));
        if (!numeric) {
            return withIntervalNote(categories(sweep, title, measure, figure, value), sweep);
        }
        XYPlot plot = sweep.replicated() ? intervals(sweep, figure) : lines(sweep, value);
        plot.setDomainAxis(axis(sweep));
        NumberAxis range = new NumberAxis(measure);
        range.setAutoRangeIncludesZero(true);
        plot.setRangeAxis(range);
        plot.setOrientation(PlotOrientation.VERTICAL);
        return withIntervalNote(ChartStyle.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true)),
                sweep);
    }

    // with replications, a line under the title says what the points and bars are (in the title it made the title
    // wrap mid-parenthesis)
    private static JFreeChart withIntervalNote(JFreeChart chart, SweepReport sweep) {
        if (sweep.replicated()) {
            chart.addSubtitle(0, ChartStyle.note("the mean of each value's runs, with its 95 % interval"));
        }
        return chart;
    }

    private static boolean plottable(double value) {
        double magnitude = Math.abs(value);
        return magnitude == 0 || (magnitude >= SMALLEST && magnitude <= LARGEST);
    }

    /** The values as a number axis: logarithmic from {@link #LOG_SPAN} up, linear below (or with a value <= 0). */
    static ValueAxis axis(SweepReport sweep) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean whole = true;
        for (SweepReport.Point p : sweep.points()) {
            double x = Double.parseDouble(p.value());
            min = Math.min(min, x);
            max = Math.max(max, x);
            whole &= x == Math.rint(x);
        }
        if (min > 0 && max / min >= LOG_SPAN) {
            return RoundLogAxis.plain(sweep.param()).fit(min, max);
        }
        NumberAxis axis = new NumberAxis(sweep.param());
        axis.setAutoRangeIncludesZero(false);
        if (whole) {
            axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        if (min == max) {
            axis.setRange(min - 1, max + 1);
        }
        return axis;
    }

    private static XYPlot lines(SweepReport sweep, Function<LimiterResult, Number> value) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        for (SweepReport.Point p : sweep.points()) {
            double x = Double.parseDouble(p.value());
            for (LimiterResult l : p.result().limiters()) {
                // a point without a value (null) is a gap in the line
                series.computeIfAbsent(l.name(), name -> new XYSeries(name, true, true)).add(x, value.apply(l));
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        return new XYPlot(data, null, null, new XYLineAndShapeRenderer(true, true));
    }

    private static XYPlot intervals(SweepReport sweep, String figure) {
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        for (SweepReport.Point p : sweep.points()) {
            double x = Double.parseDouble(p.value());
            Replications r = p.result().replications().orElseThrow();
            for (LimiterResult l : p.result().limiters()) {
                YIntervalSeries line = series.computeIfAbsent(l.name(), name -> new YIntervalSeries(name, true, true));
                Optional<Interval> i = r.interval(l.name(), figure);
                // a value without an interval (some run had no value) is a gap in the line
                if (i.isPresent()) {
                    line.add(x, i.get().mean(), i.get().ci95Low(), i.get().ci95High());
                } else {
                    line.add(x, Double.NaN, Double.NaN, Double.NaN);
                }
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        series.values().forEach(data::addSeries);
        // the error bars run from the interval's low end to its high end, as the tables print it
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setErrorPaint(Color.BLACK);
        renderer.setErrorStroke(new BasicStroke(1f));
        renderer.setCapLength(8);
        return new XYPlot(data, null, null, renderer);
    }

    private static JFreeChart categories(SweepReport sweep, String title, String measure, String figure,
                                         Function<LimiterResult, Number> value) {
        List<String> labels = labels(sweep);
        String axis = labels.equals(sweep.points().stream().map(SweepReport.Point::value).toList()) ? sweep.param()
                : sweep.param() + " (value n: row n of the sweep's table)";
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        if (!sweep.replicated()) {
            for (int at = 0; at < sweep.points().size(); at++) {
                for (LimiterResult l : sweep.points().get(at).result().limiters()) {
                    data.addValue(value.apply(l), l.name(), labels.get(at));
                }
            }
            return ChartStyle.apply(wrapping(ChartFactory.createLineChart(title, axis, measure, data,
                    PlotOrientation.VERTICAL, true, false, false)));
        }
        IntervalLineRenderer renderer = new IntervalLineRenderer();
        for (int at = 0; at < sweep.points().size(); at++) {
            SweepReport.Point p = sweep.points().get(at);
            String label = labels.get(at);
            Replications r = p.result().replications().orElseThrow();
            for (LimiterResult l : p.result().limiters()) {
                Optional<Interval> i = r.interval(l.name(), figure);
                data.addValue(i.map(Interval::mean).orElse(null), l.name(), label);
                i.ifPresent(interval -> renderer.interval(l.name(), label, interval));
            }
        }
        JFreeChart chart = ChartFactory.createLineChart(title, axis, measure, data,
                PlotOrientation.VERTICAL, true, false, false);
        // the error bars run from the interval's low end to its high end, as the tables print it
        chart.getCategoryPlot().setRenderer(renderer);
        return ChartStyle.apply(wrapping(chart));
    }

    // the axis breaks a label wider than its point's share of the width at a comma or a space, and shows one line
    // of it by default: "{FRA=1,AMS=1,SYD=1}" came out "{FRA=1,AMS..."; the values written are short enough for
    // three lines
    private static JFreeChart wrapping(JFreeChart chart) {
        chart.getCategoryPlot().getDomainAxis().setMaximumCategoryLabelLines(LABEL_LINES);
        return chart;
    }

    /**
     * The values as the category axis names them: as written while they fit under their points, else 1, 2, ...
     * (the axis would cut them, "[FRA,AMS,LHR,MAD,I..." twice over for two values).
     */
    static List<String> labels(SweepReport sweep) {
        List<String> values = sweep.points().stream().map(SweepReport.Point::value).toList();
        int longest = values.stream().mapToInt(String::length).max().orElse(0);
        if (longest * values.size() <= MAX_LABEL_CHARS) {
            return values;
        }
        return java.util.stream.IntStream.rangeClosed(1, values.size()).mapToObj(Integer::toString).toList();
    }
}
