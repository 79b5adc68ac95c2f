package io.edgesim.report;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.Figure;
import io.edgesim.result.Replications;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.ScenarioLoader;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test fixture: small virtual-engine runs for the charts, and a chart rendered at the size reports use, with what
 * can be measured on it.
 */
final class ChartRuns {

    /** Two Durable Objects that decide alike (their lines coincide), a cache counter, and a binding (no latency). */
    static final String EXACT = "durable-object-homed-in-frankfurt-exact-count";
    static final String TWIN = "durable-object-homed-in-frankfurt-second-copy";
    static final String CACHE = "per-location-cache-api-counter";
    static final String BINDING = "binding";

    private ChartRuns() {
    }

    /** 20 s of 40 light keys and one heavy key over FRA, AMS and SYD, through the four limiters above. */
    static RunResult fourLimiters(Path dir) {
        return run(dir, """
                name = charts
                duration = 20s
                seed = 3
                regions = [FRA, AMS, SYD]
                clients = [
                  { name = light, key = "user-{i}", count = 40, rate = 1 }
                  { name = heavy, key = "heavy", rate = 30 }
                ]
                limiters = [
                  { name = %s, tier = durable-object, limit = 20, window = 10s, key = api-key,
                    placement { policy = fixed, region = FRA } }
                  { name = %s, tier = durable-object, limit = 20, window = 10s, key = api-key,
                    placement { policy = fixed, region = FRA } }
                  { name = %s, tier = cache, limit = 20, window = 10s, key = api-key }
                  { name = %s, tier = binding, limit = 20, period = 10, key = api-key }
                ]
                """.formatted(EXACT, TWIN, CACHE, BINDING));
    }

    /** The 16 regions of regions.conf. */
    static final List<String> REGIONS = List.of("FRA", "AMS", "LHR", "MAD", "IAD", "DFW", "YYZ", "YUL", "GRU", "NRT",
            "KIX", "SIN", "SYD", "BOM", "MAA", "SJC");

    /** 10 s of 40 keys over every region, through ten Durable Objects homed in ten different regions. */
    static RunResult tenLimitersEverywhere(Path dir) {
        StringBuilder limiters = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            limiters.append("{ name = durable-object-homed-in-").append(REGIONS.get(i))
                    .append(", tier = durable-object, limit = 20, window = 10s, key = api-key, ")
                    .append("placement { policy = fixed, region = ").append(List.of("FRA", "IAD", "SIN", "SYD",
                            "NRT", "SJC", "LHR", "AMS", "BOM", "DFW").get(i)).append(" } }\n");
        }
        return run(dir, """
                name = wide
                duration = 10s
                regions = [%s]
                clients = [ { name = light, key = "user-{i}", count = 40, rate = 3 } ]
                limiters = [
                %s]
                """.formatted(String.join(", ", REGIONS), limiters));
    }

    /** A run of {@code scenario} (HOCON) in the virtual engine. */
    static RunResult run(Path dir, String scenario) {
        Path file = dir.resolve("charts.conf");
        try {
            Files.writeString(file, scenario);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new VirtualEngine(ScenarioLoader.load(file, Path.of("regions.conf"))).run();
    }

    // the whole-run figures a [limiter][figure] sample gives, in this order
    private static final List<String> FIGURES = List.of("let_through", "multiplication", "wrongly_accepted",
            "wrongly_rejected", "keys_over_limit", "wrongly_throttled");

    /**
     * {@code run} with replications whose samples are {@code samples}: one [limiter][figure] array per seed, the
     * figures let through, multiplication, wrongly accepted, wrongly rejected, keys over limit, wrongly throttled.
     */
    static RunResult replicated(RunResult run, List<double[][]> samples) {
        List<Long> seeds = new ArrayList<>();
        List<Map<Figure, Double>> values = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            seeds.add(run.seed() + i);
            Map<Figure, Double> one = new LinkedHashMap<>();
            for (int l = 0; l < run.limiters().size(); l++) {
                for (int f = 0; f < FIGURES.size(); f++) {
                    one.put(Figure.whole(run.limiters().get(l).name(), FIGURES.get(f)), samples.get(i)[l][f]);
                }
            }
            values.add(one);
        }
        return run.withReplications(Replications.of(seeds, values));
    }

    /** {@code chart} drawn at the size of a report's PNG. */
    static Rendered render(JFreeChart chart) {
        BufferedImage image = new BufferedImage(Charts.WIDTH, Charts.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle(Charts.WIDTH, Charts.HEIGHT), info);
        return new Rendered(chart, image, g2, info.getPlotInfo().getDataArea());
    }

    /**
     * A chart drawn into {@code image}, the plot's data area where it was drawn.
     */
    record Rendered(JFreeChart chart, BufferedImage image, Graphics2D g2, Rectangle2D dataArea) {

        /** The width in pixels of {@code text} in {@code font}, as the chart measures it. */
        double width(String text, Font font) {
            FontMetrics metrics = g2.getFontMetrics(font);
            return metrics.getStringBounds(text, g2).getWidth();
        }

        /** Each axis label's width less the length of the data area along its axis: all at most 0 when they fit. */
        List<Double> axisLabelOverhang() {
            List<Double> overhang = new ArrayList<>();
            boolean horizontal;
            List<Axis> along = new ArrayList<>();
            List<Axis> across = new ArrayList<>();
            if (chart.getPlot() instanceof CategoryPlot p) {
                horizontal = p.getOrientation() == PlotOrientation.HORIZONTAL;
                (horizontal ? across : along).add(p.getDomainAxis());
                (horizontal ? along : across).add(p.getRangeAxis());
            } else {
                XYPlot p = (XYPlot) chart.getPlot();
                along.add(p.getDomainAxis());
                across.add(p.getRangeAxis());
            }
            // along: drawn along the bottom, as wide as the data area; across: drawn up the side, as tall
            along.stream().filter(a -> a.getLabel() != null)
                    .forEach(a -> overhang.add(width(a.getLabel(), a.getLabelFont()) - dataArea.getWidth()));
            across.stream().filter(a -> a.getLabel() != null)
                    .forEach(a -> overhang.add(width(a.getLabel(), a.getLabelFont()) - dataArea.getHeight()));
            return overhang;
        }

        /** The legend's entries, in order. */
        List<String> legend() {
            LegendItemCollection items = chart.getPlot().getLegendItems();
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < items.getItemCount(); i++) {
                LegendItem item = items.get(i);
                labels.add(item.getLabel());
            }
            return labels;
        }

        /** How many pixels have exactly {@code paint}'s colour. */
        long pixels(Paint paint) {
            int rgb = ((Color) paint).getRGB();
            long count = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    if (image.getRGB(x, y) == rgb) {
                        count++;
                    }
                }
            }
            return count;
        }
    }
}
