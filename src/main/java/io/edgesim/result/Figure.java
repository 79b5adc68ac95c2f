package io.edgesim.result;

import java.util.Objects;

/**
 * The name of one figure of a run, as replications summarise it: a limiter's figure over the whole run, or in one
 * region, for the keys of one plan, or over one fault window ({@link PeriodResult}), or in one region over one fault
 * window. An empty string stands for "none" ({@code region = ""}: over all regions).
 *
 * @param limiter the limiter's name
 * @param region  a region code, or ""
 * @param plan    a plan's name, or ""
 * @param period  a period's label ({@link PeriodResult#label()}), or ""
 * @param name    what is measured, as result.json writes it ({@link RunFigures#MEASURES})
 */
public record Figure(String limiter, String region, String plan, String period, String name) {

    public Figure {
        Objects.requireNonNull(limiter);
        Objects.requireNonNull(region);
        Objects.requireNonNull(plan);
        Objects.requireNonNull(period);
        Objects.requireNonNull(name);
    }

    /** A figure of the limiter over the whole run. */
    public static Figure whole(String limiter, String name) {
        return new Figure(limiter, "", "", "", name);
    }

    /** True for a figure over the whole run and every region. */
    public boolean isWholeRun() {
        return region.isEmpty() && plan.isEmpty() && period.isEmpty();
    }

    /** Where the figure was measured, as reports say it: "in SYD", "plan pro", "during region-outage ...", or "". */
    public String where() {
        StringBuilder out = new StringBuilder();
        if (!plan.isEmpty()) {
            out.append("plan ").append(plan);
        }
        if (!region.isEmpty()) {
            out.append(out.isEmpty() ? "" : " ").append("in ").append(region);
        }
        if (!period.isEmpty()) {
            out.append(out.isEmpty() ? "" : " ").append(period.equals(PeriodResult.OUTSIDE) ? period
                    : "during " + period);
        }
        return out.toString();
    }

    /** "durable-object latency p99 in SYD": the limiter, the measure's label and where. */
    public String describe() {
        String where = where();
        return limiter + " " + RunFigures.label(name) + (where.isEmpty() ? "" : " " + where);
    }
}
