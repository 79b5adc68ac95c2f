package io.edgesim.report;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import java.util.List;

/**
 * Requests let through per region, a bar per limiter side by side: bars never hide each other. With more regions than
 * a chart can name, the busiest ({@link Charts#regionsShown}).
 */
final class RegionChart {

    static final String FILE = "accepted-by-region.png";
    static final String CAPTION = "Requests let through per region (accepted + failed open)";

    private RegionChart() {
    }

    /** {@link #CAPTION}, and which regions it shows when not all ({@link Charts#regionsShown}). */
    static String caption(RunResult run) {
        return CAPTION + Charts.regionsShownNote(run);
    }

    static JFreeChart chart(RunResult run) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        List<String> shown = Charts.regionsShown(run);
        for (LimiterResult limiter : run.limiters()) {
            for (String region : shown) {
                data.addValue(limiter.regions().get(region).counts().letThrough(), limiter.name(), region);
            }
        }
        String title = run.scenario() + ": requests let through per region";
        return Charts.regionNamesFit(ChartStyle.apply(ChartFactory.createBarChart(title, Charts.regionAxisLabel(run),
                Charts.LET_THROUGH, data, PlotOrientation.VERTICAL, true, false, false)), shown.size());
    }
}
