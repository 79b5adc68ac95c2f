package io.edgesim.report;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A log axis that ticks at round values only: 1, 2 and 5 times a power of ten over up to four decades, powers of
 * ten over more (every other one beyond eight), never at the 10^(k/2) steps (316.23) JFreeChart's own log axis
 * picks. {@link #fit} sets the range to the round values around the data, so both ends carry a tick.
 */
final class RoundLogAxis extends LogAxis {

    private static final double[] ONE_TWO_FIVE = {1, 2, 5};
    private static final double[] ONE = {1};

    private final NumberFormat format;

    /** An axis whose tick labels read as plain numbers ("0.01", "2", "1,000"). */
    static RoundLogAxis plain(String label) {
        return new RoundLogAxis(label,
                new DecimalFormat("#,##0.######", DecimalFormatSymbols.getInstance(Locale.ROOT)));
    }

    /** An axis of shares whose tick labels read as percentages (0.01 reads "1 %"). */
    static RoundLogAxis percent(String label) {
        DecimalFormat format = new DecimalFormat("#,##0.####' %'", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setMultiplier(100);
        return new RoundLogAxis(label, format);
    }

    private RoundLogAxis(String label, NumberFormat format) {
        super(label);
        this.format = format;
        setNumberFormatOverride(format);
    }

    /**
     * Sets the range to the round values below {@code min} and above {@code max} (both above 0), a little way off
     * each, so that a marker at either value is not cut by the edge of the plot.
     */
    RoundLogAxis fit(double min, double max) {
        setRange(roundDown(min * 0.9), roundUp(Math.max(max, min) * 1.1));
        return this;
    }

    /** The largest of 1, 2, 5 x 10^k at or below {@code value}. */
    static double roundDown(double value) {
        double decade = Math.pow(10, Math.floor(Math.log10(value)));
        double step = 1;
        for (double m : ONE_TWO_FIVE) {
            if (m * decade <= value * (1 + 1e-9)) {
                step = m;
            }
        }
        return step * decade;
    }

    /** The smallest of 1, 2, 5 x 10^k at or above {@code value}. */
    static double roundUp(double value) {
        double decade = Math.pow(10, Math.floor(Math.log10(value)));
        for (double m : ONE_TWO_FIVE) {
            if (m * decade >= value * (1 - 1e-9)) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    /** The tick values within [{@code lower}, {@code upper}], ascending; none unless 0 < lower <= upper. */
    static List<Double> ticks(double lower, double upper) {
        if (!(lower > 0 && lower <= upper && Double.isFinite(upper))) {
            return List.of();
        }
        double decades = Math.log10(upper / lower);
        double[] multiples = decades <= 4 ? ONE_TWO_FIVE : ONE;
        int every = decades > 8 ? 2 : 1;
        List<Double> values = new ArrayList<>();
        for (int k = (int) Math.floor(Math.log10(lower)); k <= (int) Math.ceil(Math.log10(upper)); k++) {
            if (Math.floorMod(k, every) != 0) {
                continue;
            }
            for (double m : multiples) {
                // parsing the decimal text keeps 0.1 from becoming 0.10000000000000002
                double value = Double.parseDouble(m + "E" + k);
                if (value >= lower * (1 - 1e-9) && value <= upper * (1 + 1e-9)) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    @Override
    public List<Tick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        TextAnchor anchor = edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT
                : edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT
                : edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        List<Tick> ticks = new ArrayList<>();
        for (double value : ticks(getLowerBound(), getUpperBound())) {
            ticks.add(new NumberTick(value, format.format(value), anchor, vertical ? anchor : TextAnchor.CENTER, 0));
        }
        return ticks;
    }
}
