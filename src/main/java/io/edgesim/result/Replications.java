package io.edgesim.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A scenario run at n seeds (seed, seed + 1, ..., seed + n - 1): every figure of {@link RunFigures} with each run's
 * value, their mean, 95 % interval, median and range ({@link Interval}), and the runs furthest from the others
 * ({@link Outlier}).
 *
 * @param n        how many runs
 * @param seeds    their seeds, in order
 * @param figures  every figure some run has, in report order
 * @param outliers the figures on which one run is far from the others, in report order
 */
public record Replications(int n, List<Long> seeds, List<Estimate> figures, List<Outlier> outliers) {

    /**
     * One figure over the runs.
     *
     * @param figure   which figure
     * @param values   each run's value, in seed order; NaN where that run had none
     * @param interval the mean and interval; empty when some run had no value
     */
    public record Estimate(Figure figure, List<Double> values, Optional<Interval> interval) {

        public Estimate {
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    public Replications {
        seeds = List.copyOf(seeds);
        figures = List.copyOf(figures);
        outliers = List.copyOf(outliers);
        if (seeds.size() != n) {
            throw new IllegalArgumentException(n + " replications but " + seeds.size() + " seeds");
        }
    }

    /**
     * The estimates over {@code samples} ({@link RunFigures#of} of each run, in seed order). A figure one run lacks
     * counts as NaN for it. Each interval's bootstrap is seeded from the first seed and the values, so that two figures
     * with the same values in every run have the same interval.
     */
    public static Replications of(List<Long> seeds, List<Map<Figure, Double>> samples) {
        if (seeds.size() != samples.size()) {
            throw new IllegalArgumentException(seeds.size() + " seeds but " + samples.size() + " samples");
        }
        Set<Figure> all = new LinkedHashSet<>();
        samples.forEach(s -> all.addAll(s.keySet()));
        List<Estimate> estimates = new ArrayList<>();
        List<Outlier> outliers = new ArrayList<>();
        for (Figure figure : all) {
            double[] values = new double[samples.size()];
            List<Double> kept = new ArrayList<>();
            boolean everyRunHasIt = true;
            for (int r = 0; r < values.length; r++) {
                values[r] = samples.get(r).getOrDefault(figure, Double.NaN);
                kept.add(values[r]);
                everyRunHasIt &= !Double.isNaN(values[r]);
            }
            estimates.add(new Estimate(figure, kept, everyRunHasIt
                    ? Optional.of(Interval.of(values, seeds.get(0) * 0x9E3779B97F4A7C15L ^ Arrays.hashCode(values)))
                    : Optional.empty()));
            OptionalInt furthest = Outlier.furthest(values);
            if (furthest.isPresent()) {
                outliers.add(outlier(figure, seeds, values, furthest.getAsInt()));
            }
        }
        return new Replications(seeds.size(), seeds, estimates, outliers);
    }

    private static Outlier outlier(Figure figure, List<Long> seeds, double[] values, int at) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < values.length; r++) {
            if (r != at) {
                min = Math.min(min, values[r]);
                max = Math.max(max, values[r]);
            }
        }
        double z = Outlier.robustZ(values)[at];
        return new Outlier(figure, seeds.get(at), values[at], min, max, Math.round(z * 100) / 100.0);
    }

    /** The estimate of {@code figure}, if some run has it. */
    public Optional<Estimate> estimate(Figure figure) {
        return figures.stream().filter(e -> e.figure().equals(figure)).findFirst();
    }

    /** The interval of the whole-run figure {@code name} (a {@link RunFigures#LIMITER} name) of {@code limiter}. */
    public Optional<Interval> interval(String limiter, String name) {
        return estimate(Figure.whole(limiter, name)).flatMap(Estimate::interval);
    }

    /** Per limiter (scenario order), its whole-run figures ({@link RunFigures#LIMITER} order) and their intervals. */
    public Map<String, Map<String, Optional<Interval>>> limiters() {
        Map<String, Map<String, Optional<Interval>>> out = new LinkedHashMap<>();
        for (Estimate e : figures) {
            if (e.figure().isWholeRun()) {
                out.computeIfAbsent(e.figure().limiter(), l -> new LinkedHashMap<>())
                        .put(e.figure().name(), e.interval());
            }
        }
        return out;
    }
}
