package io.edgesim.report;

import io.edgesim.result.LimiterResult;
import io.edgesim.result.RegionResult;
import io.edgesim.result.RunResult;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import java.util.Map;

/** Requests let through per region, a bar per limiter side by side: bars never hide each other. */
final class RegionChart {

    static final String FILE = "accepted-by-region.png";
    static final String CAPTION = "Requests let through per region (accepted + failed open)";

    private RegionChart() {
    }

    static JFreeChart chart(RunResult run) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (LimiterResult limiter : run.limiters()) {
            for (Map.Entry<String, RegionResult> e : limiter.regions().entrySet()) {
                data.addValue(e.getValue().counts().letThrough(), limiter.name(), e.getKey());
            }
        }
        String title = run.scenario() + ": requests let through per region";
        return ChartStyle.apply(ChartFactory.createBarChart(title, "region (PoP)", Charts.LET_THROUGH, data,
                PlotOrientation.VERTICAL, true, false, false));
    }
}
