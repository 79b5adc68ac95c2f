package io.edgesim.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;

/** One look for every chart: white background, light grid, a colour-blind-safe palette, thick lines. */
final class ChartStyle {

    // Okabe-Ito palette
    private static final Paint[] PALETTE = {new Color(0, 114, 178), new Color(230, 159, 0), new Color(0, 158, 115),
            new Color(204, 121, 167), new Color(86, 180, 233), new Color(213, 94, 0), new Color(240, 228, 66),
            new Color(0, 0, 0)};
    private static final Color GRID = new Color(210, 210, 210);

    private ChartStyle() {
    }

    static JFreeChart apply(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        if (plot instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(GRID);
            if (category.getRenderer() instanceof BarRenderer bars) {
                bars.setBarPainter(new StandardBarPainter());
                bars.setShadowVisible(false);
                bars.setItemMargin(0.05);
            }
            if (category.getRenderer() instanceof LineAndShapeRenderer lines) {
                lines.setDefaultShapesVisible(true);
            }
            for (int i = 0; i < PALETTE.length; i++) {
                category.getRenderer().setSeriesPaint(i, PALETTE[i]);
                category.getRenderer().setSeriesStroke(i, new BasicStroke(2.5f));
            }
        } else if (plot instanceof XYPlot xy) {
            xy.setRangeGridlinePaint(GRID);
            xy.setDomainGridlinePaint(GRID);
            if (xy.getRenderer() instanceof XYLineAndShapeRenderer lines) {
                lines.setDefaultShapesVisible(false);
            }
            for (int i = 0; i < PALETTE.length; i++) {
                xy.getRenderer().setSeriesPaint(i, PALETTE[i]);
                xy.getRenderer().setSeriesStroke(i, new BasicStroke(2.5f));
            }
        }
        return chart;
    }
}
