package io.edgesim.report;

import io.edgesim.result.Interval;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.category.CategoryDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Lines through the means of a category chart, each point with an error bar from its interval's low end to its high
 * end, as given: the percentile-bootstrap interval is not symmetric about the mean, so the bar is not mean +/- a
 * half-width. The value axis reaches every bar's ends.
 */
final class IntervalLineRenderer extends LineAndShapeRenderer {

    private static final double CAP_PX = 4;

    private final Map<Comparable<?>, Map<Comparable<?>, Interval>> intervals = new HashMap<>();

    IntervalLineRenderer() {
        super(true, true);
    }

    /** Draws {@code interval} as the error bar of series {@code row} at category {@code column}. */
    void interval(Comparable<?> row, Comparable<?> column, Interval interval) {
        intervals.computeIfAbsent(row, r -> new HashMap<>()).put(column, interval);
    }

    /** The interval drawn at series {@code row}, category {@code column}, if one is. */
    Optional<Interval> interval(Comparable<?> row, Comparable<?> column) {
        return Optional.ofNullable(intervals.getOrDefault(row, Map.of()).get(column));
    }

    @Override
    public Range findRangeBounds(CategoryDataset dataset) {
        Range range = super.findRangeBounds(dataset);
        for (Map<Comparable<?>, Interval> byColumn : intervals.values()) {
            for (Interval i : byColumn.values()) {
                range = Range.expandToInclude(Range.expandToInclude(range, i.ci95Low()), i.ci95High());
            }
        }
        return range;
    }

    @Override
    public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                         CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column,
                         int pass) {
        super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
        Interval interval = intervals.getOrDefault(dataset.getRowKey(row), Map.of())
                .get(dataset.getColumnKey(column));
        // on the shapes' pass, so the bar lies over every line
        if (pass != 1 || interval == null || !getItemVisible(row, column)) {
            return;
        }
        double x = domainAxis.getCategoryMiddle(column, getColumnCount(), dataArea, plot.getDomainAxisEdge());
        double low = rangeAxis.valueToJava2D(interval.ci95Low(), dataArea, plot.getRangeAxisEdge());
        double high = rangeAxis.valueToJava2D(interval.ci95High(), dataArea, plot.getRangeAxisEdge());
        g2.setPaint(Color.BLACK);
        g2.setStroke(new BasicStroke(1f));
        g2.draw(new Line2D.Double(x, low, x, high));
        g2.draw(new Line2D.Double(x - CAP_PX, low, x + CAP_PX, low));
        g2.draw(new Line2D.Double(x - CAP_PX, high, x + CAP_PX, high));
    }
}
