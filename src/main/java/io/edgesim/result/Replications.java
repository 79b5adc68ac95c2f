package io.edgesim.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A scenario run at n seeds (seed, seed + 1, ..., seed + n - 1): for each limiter, the mean and 95 % interval of
 * each of its {@link #FIGURES} over the n runs.
 *
 * @param n        how many runs
 * @param seeds    their seeds, in order
 * @param limiters per limiter (scenario order), per figure ({@link #FIGURES} order), the interval; empty for a
 *                 figure that at least one run did not have (a multiplication where the exact count accepted
 *                 nothing)
 */
public record Replications(int n, List<Long> seeds, Map<String, Map<String, Optional<Interval>>> limiters) {

    /**
     * A figure of a limiter that replications average: its name (as result.json writes it), how people read it, and
     * how to read it from one run's result (NaN when that run has none).
     */
    public record Figure(String name, String label, ToDoubleFunction<LimiterResult> value) {
    }

    /** The figures averaged, in the order reports show them. */
    public static final List<Figure> FIGURES = List.of(
            new Figure("let_through", "let through", l -> l.totals().letThrough()),
            new Figure("multiplication", "multiplication", l -> l.multiplication().orElse(Double.NaN)),
            new Figure("wrongly_accepted", "wrongly accepted", l -> l.exact().wronglyAccepted()),
            new Figure("wrongly_rejected", "wrongly rejected", l -> l.exact().wronglyRejected()),
            new Figure("keys_over_limit", "keys over limit", l -> l.keys().overLimit()),
            new Figure("wrongly_throttled", "keys wrongly throttled", l -> l.keys().wronglyThrottled()));

    public Replications {
        seeds = List.copyOf(seeds);
        Map<String, Map<String, Optional<Interval>>> copy = new LinkedHashMap<>();
        limiters.forEach((name, figures) -> copy.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(figures))));
        limiters = Collections.unmodifiableMap(copy);
        if (seeds.size() != n) {
            throw new IllegalArgumentException(n + " replications but " + seeds.size() + " seeds");
        }
    }

    /** One run's figures: [limiter][figure], limiters in scenario order, figures in {@link #FIGURES} order. */
    public static double[][] sample(RunResult run) {
        double[][] values = new double[run.limiters().size()][FIGURES.size()];
        for (int l = 0; l < values.length; l++) {
            for (int f = 0; f < FIGURES.size(); f++) {
                values[l][f] = FIGURES.get(f).value().applyAsDouble(run.limiters().get(l));
            }
        }
        return values;
    }

    /**
     * The intervals over {@code samples} ({@link #sample} of each run, in seed order).
     *
     * @param limiters the limiters' names, in scenario order
     */
    public static Replications of(List<Long> seeds, List<String> limiters, List<double[][]> samples) {
        Map<String, Map<String, Optional<Interval>>> intervals = new LinkedHashMap<>();
        for (int l = 0; l < limiters.size(); l++) {
            Map<String, Optional<Interval>> figures = new LinkedHashMap<>();
            for (int f = 0; f < FIGURES.size(); f++) {
                double[] values = new double[samples.size()];
                boolean everyRunHasIt = true;
                for (int r = 0; r < values.length; r++) {
                    values[r] = samples.get(r)[l][f];
                    everyRunHasIt &= !Double.isNaN(values[r]);
                }
                figures.put(FIGURES.get(f).name(), everyRunHasIt ? Optional.of(Interval.of(values))
                        : Optional.empty());
            }
            intervals.put(limiters.get(l), figures);
        }
        return new Replications(seeds.size(), seeds, intervals);
    }

    /** The interval of {@code figure} (a {@link Figure#name()}) for {@code limiter}. */
    public Optional<Interval> interval(String limiter, String figure) {
        return limiters.get(limiter).get(figure);
    }
}
