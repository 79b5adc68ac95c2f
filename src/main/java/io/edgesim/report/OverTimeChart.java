package io.edgesim.report;

import io.edgesim.result.FaultResult;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.result.Timeline;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests let through per second over scenario time, a line per limiter, each fault's interval shaded and
 * labelled. Lines that coincide are told apart by dash pattern and staggered markers, and the caption names them.
 */
final class OverTimeChart {

    static final String FILE = "accepted-over-time.png";
    static final String CAPTION = "Requests let through per second over time (accepted + failed open)";
    static final String Y_LABEL = "let through per second";

    private static final Color FAULT_SHADE = new Color(255, 160, 160, 90);
    // fault labels: a line's height in pixels, the lines used before starting over at the top, the gap to the band
    static final double LABEL_LINE = 14;
    static final int LABEL_LINES = 6;
    private static final double LABEL_GAP = 3;
    // the plot's width in pixels, about: the chart's less the range axis and the margins (a little less, to be safe)
    private static final double PLOT_WIDTH = Charts.WIDTH - 110;
    // about this many markers on each line
    private static final int MARKERS = 12;

    private OverTimeChart() {
    }

    static String caption(RunResult run) {
        return CAPTION + Coinciding.sentence(Coinciding.groups(lines(run)));
    }

    static JFreeChart chart(RunResult run) {
        XYSeriesCollection data = new XYSeriesCollection();
        int points = 0;
        for (LimiterResult limiter : run.limiters()) {
            XYSeries series = new XYSeries(limiter.name());
            Timeline timeline = limiter.timeline();
            double[] perSecond = perSecond(timeline, run.durationSeconds());
            // each bucket at its middle, so that a change inside it is drawn across it, not a bucket early
            for (int i = 0; i < perSecond.length; i++) {
                series.add(i * timeline.bucketSeconds() + length(timeline, i, run.durationSeconds()) / 2,
                        perSecond[i]);
            }
            points = Math.max(points, perSecond.length);
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(
                run.scenario() + ": requests let through over time (accepted + failed open)", "scenario time (s)",
                Y_LABEL, data, PlotOrientation.VERTICAL, true, false, false);
        chart.getXYPlot().setRenderer(new ChartStyle.MarkedLines(points / MARKERS, data.getSeriesCount()));
        shadeFaults(chart, run);
        return ChartStyle.apply(chart);
    }

    private static Map<String, double[]> lines(RunResult run) {
        Map<String, double[]> lines = new LinkedHashMap<>();
        run.limiters().forEach(l -> lines.put(l.name(), perSecond(l.timeline(), run.durationSeconds())));
        return lines;
    }

    // requests let through per second of each bucket, the last divided by its own length when the run ends inside it
    private static double[] perSecond(Timeline timeline, double durationSeconds) {
        double[] values = new double[timeline.accepted().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = timeline.letThrough(i) / length(timeline, i, durationSeconds);
        }
        return values;
    }

    // the seconds of bucket i within the run: a whole bucket but the last of a run that ends inside it (a served
    // run's requests after the scenario's duration are counted in the last bucket, which keeps its whole length)
    private static double length(Timeline timeline, int i, double durationSeconds) {
        double within = durationSeconds - i * timeline.bucketSeconds();
        return within > 0 && within < timeline.bucketSeconds() ? within : timeline.bucketSeconds();
    }

    // each fault's interval as a shaded band behind the lines, and its label in front of them on a light background
    // (lines crossed the labels): each label on a line of its own, so that the labels of overlapping or nearby faults
    // do not print over each other, and a band whose label would run past the chart's right edge labelled from its
    // right end leftwards (fitsFrom)
    private static void shadeFaults(JFreeChart chart, RunResult run) {
        List<FaultResult> faults = run.faults();
        for (int i = 0; i < faults.size(); i++) {
            FaultResult fault = faults.get(i);
            IntervalMarker band = new IntervalMarker(fault.fromSeconds(), fault.untilSeconds());
            band.setPaint(FAULT_SHADE);
            chart.getXYPlot().addDomainMarker(band, Layer.BACKGROUND);
            IntervalMarker label = new IntervalMarker(fault.fromSeconds(), fault.untilSeconds());
            label.setPaint(NO_PAINT);
            label.setOutlinePaint(null);
            label.setLabel(fault.label());
            label.setLabelBackgroundColor(LABEL_BACKGROUND);
            boolean late = !fitsFrom(label, fault.fromSeconds(), run.durationSeconds());
            label.setLabelAnchor(late ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
            label.setLabelTextAnchor(late ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
            label.setLabelOffset(new RectangleInsets(LABEL_GAP + LABEL_LINE * (i % LABEL_LINES), LABEL_GAP,
                    LABEL_GAP, LABEL_GAP));
            chart.getXYPlot().addDomainMarker(label, Layer.FOREGROUND);
        }
    }

    // whether the label, written from the band's left end, ends before the chart's right edge (where it would be
    // cut): a band whose label does not is labelled from its right end leftwards instead. Measured in the label's
    // font against the plot's width less its axis (about PLOT_WIDTH pixels), not by which half the band starts in:
    // a band just past the middle ("latency AMS-FRA +400ms 70s-80s" of 120 s) was labelled over the band before it.
    static boolean fitsFrom(IntervalMarker label, double fromSeconds, double durationSeconds) {
        double width = label.getLabelFont().getStringBounds(label.getLabel(),
                new java.awt.font.FontRenderContext(null, true, true)).getWidth() + 2 * LABEL_GAP;
        return fromSeconds + width * durationSeconds / PLOT_WIDTH <= durationSeconds;
    }

    // a fault's label marker paints nothing of its interval; its text sits on a nearly opaque white
    private static final Color NO_PAINT = new Color(0, 0, 0, 0);
    static final Color LABEL_BACKGROUND = new Color(255, 255, 255, 230);
}
