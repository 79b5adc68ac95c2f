package io.edgesim.report;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.util.SortOrder;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.TexturePaint;
import java.awt.image.BufferedImage;

/**
 * One look for every chart: white background, light grid, a colour-blind-safe palette. Lines that may coincide
 * stay apart: each series has its own dash pattern and marker, the first drawn widest and at the back, so a line
 * on top of another leaves the one beneath showing at its edges and in its gaps.
 */
final class ChartStyle {

    // Okabe-Ito palette, its yellow replaced by Tol's wine (a yellow line barely shows on white)
    private static final Paint[] PALETTE = {new Color(0, 114, 178), new Color(230, 159, 0), new Color(0, 158, 115),
            new Color(204, 121, 167), new Color(86, 180, 233), new Color(213, 94, 0), new Color(136, 34, 85),
            new Color(0, 0, 0)};
    private static final float[][] DASHES = {null, {10f, 4f}, {3f, 3f}, {12f, 4f, 3f, 4f}, {6f, 6f}, {2f, 6f},
            {16f, 4f}, {8f, 3f, 2f, 3f, 2f, 3f}};
    private static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();
    // a line under a chart's title that says what the chart shows or leaves out
    private static final Font NOTE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Color GRID = new Color(210, 210, 210);

    private ChartStyle() {
    }

    /** The colour of series {@code series}. */
    static Paint paint(int series) {
        return PALETTE[series % PALETTE.length];
    }

    /**
     * The fill of bar series {@code series}: its colour, and beyond the palette's eight the colour in stripes on white
     * (crossed beyond sixteen), so that bars, which have no dash or marker, never share a look.
     */
    static Paint barPaint(int series) {
        Color colour = (Color) PALETTE[series % PALETTE.length];
        int round = series / PALETTE.length;
        if (round == 0) {
            return colour;
        }
        BufferedImage tile = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = tile.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 8, 8);
        g.setColor(colour);
        g.setStroke(new BasicStroke(2.5f));
        g.drawLine(0, 8, 8, 0);
        g.drawLine(-4, 4, 4, -4);
        g.drawLine(4, 12, 12, 4);
        if (round > 1) {
            g.drawLine(0, 0, 8, 8);
            g.drawLine(-4, 4, 4, 12);
            g.drawLine(4, -4, 12, 4);
        }
        g.dispose();
        return new TexturePaint(tile, new Rectangle(0, 0, 8, 8));
    }

    /** The marker of series {@code series}. */
    static Shape marker(int series) {
        return SHAPES[series % SHAPES.length];
    }

    /**
     * The line of series {@code series} of {@code count}: its own dash pattern, and narrower than every series drawn
     * before it (from 4.5 px for the first down to 2 px for the last).
     */
    static BasicStroke line(int series, int count) {
        float width = count <= 1 ? 2.5f : 2f + 2.5f * Math.max(0, count - 1 - series) / (count - 1);
        float[] dash = DASHES[series % DASHES.length];
        return dash == null ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND)
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /** Styles {@code chart} in place, fonts as ChartFactory's charts have them, and returns it. */
    static JFreeChart apply(JFreeChart chart) {
        ChartFactory.getChartTheme().apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(4, 4, 4, 12));
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        if (plot instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(GRID);
            category.setRowRenderingOrder(SortOrder.ASCENDING);
            for (int r = 0; r < category.getRendererCount(); r++) {
                CategoryItemRenderer renderer = category.getRenderer(r);
                if (renderer != null) {
                    style(renderer, category.getDataset(r) == null ? 0 : category.getDataset(r).getRowCount());
                }
            }
        } else if (plot instanceof XYPlot xy) {
            xy.setRangeGridlinePaint(GRID);
            xy.setDomainGridlinePaint(GRID);
            // series 0 first, at the back: it has the widest line
            xy.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
            for (int r = 0; r < xy.getRendererCount(); r++) {
                XYItemRenderer renderer = xy.getRenderer(r);
                if (renderer != null) {
                    style(renderer, xy.getDataset(r) == null ? 0 : xy.getDataset(r).getSeriesCount());
                }
            }
        }
        return chart;
    }

    private static void style(CategoryItemRenderer renderer, int count) {
        if (renderer instanceof BarRenderer bars) {
            bars.setBarPainter(new StandardBarPainter());
            bars.setShadowVisible(false);
            bars.setItemMargin(0.05);
        }
        if (renderer instanceof LineAndShapeRenderer lines) {
            lines.setDefaultShapesVisible(true);
        }
        for (int i = 0; i < Math.max(count, PALETTE.length); i++) {
            renderer.setSeriesPaint(i, renderer instanceof BarRenderer ? barPaint(i) : paint(i));
            if (renderer instanceof LineAndShapeRenderer) {
                renderer.setSeriesStroke(i, line(i, count));
                renderer.setSeriesShape(i, marker(i));
            }
        }
    }

    private static void style(XYItemRenderer renderer, int count) {
        for (int i = 0; i < Math.max(count, PALETTE.length); i++) {
            renderer.setSeriesPaint(i, paint(i));
            renderer.setSeriesStroke(i, line(i, count));
            renderer.setSeriesShape(i, marker(i));
        }
    }

    /**
     * Lines with a marker on every {@code every}-th point, each series' markers shifted along the line, so that on
     * lines that coincide each series' markers still show.
     */
    static final class MarkedLines extends XYLineAndShapeRenderer {

        private final int every;
        private final int count;

        MarkedLines(int every, int count) {
            super(true, true);
            this.every = Math.max(1, every);
            this.count = Math.max(1, count);
        }

        @Override
        public boolean getItemShapeVisible(int series, int item) {
            // a series of one point is nothing but its marker (a limiter with one key on the per-key chart)
            if (getPlot() != null && getPlot().getDataset() != null
                    && getPlot().getDataset().getItemCount(series) <= 2) {
                return true;
            }
            return (item + series * every / count) % every == 0;
        }

        @Override
        public boolean equals(Object other) {
            return super.equals(other) && other instanceof MarkedLines m && m.every == every && m.count == count;
        }

        @Override
        public int hashCode() {
            return 31 * super.hashCode() + every * 7 + count;
        }
    }

    /** A line of {@code text} to put under a chart's title, in the notes' font. */
    static TextTitle note(String text) {
        return new TextTitle(text, NOTE_FONT);
    }
}
