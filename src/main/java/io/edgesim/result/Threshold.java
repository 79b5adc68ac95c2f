package io.edgesim.result;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A threshold on one figure of a run, as {@code --fail-if} writes it: {@code durable-object.latency_p99_ms.SYD <
 * 300ms}. The figure is a {@link Figure} of {@link RunFigures} (a limiter's whole-run figure, or one in a region or
 * for a plan); the limit is in the figure's own unit (milliseconds for a latency, a fraction for a share). For a run
 * with replications the threshold reads the mean over the runs, or the end of its 95 % interval it names; for a
 * single run, the run's value. A figure the run does not have (a latency in a region without requests, a multiplication
 * where the exact count accepted nothing) fails the threshold: a check that cannot be made does not pass.
 *
 * @param expression the threshold as written
 * @param figure     the figure it reads
 * @param bound      which value of the figure it reads
 * @param op         how the value is compared with the limit
 * @param limit      the limit, in the figure's unit
 */
public record Threshold(String expression, Figure figure, Bound bound, Op op, double limit) {

    /** Which value of a figure a threshold reads. */
    public enum Bound {
        /** The mean over the replications, or the run's value without them. */
        VALUE(""),
        /** The mean over the replications. */
        MEAN("mean"),
        /** The low end of the 95 % interval of the mean. */
        LOWER("lower"),
        /** The high end of the 95 % interval of the mean. */
        UPPER("upper");

        private final String word;

        Bound(String word) {
            this.word = word;
        }

        /** How an expression names it ("upper"); "" for {@link #VALUE}. */
        public String word() {
            return word;
        }

        /** The bounds an expression may name, by their words. */
        public static final List<Bound> NAMED = List.of(MEAN, LOWER, UPPER);
    }

    /** A comparison, by its symbol. */
    public enum Op {
        LE("<="), GE(">="), EQ("=="), NE("!="), LT("<"), GT(">");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** True when {@code value op limit} holds. */
        public boolean holds(double value, double limit) {
            return switch (this) {
                case LT -> value < limit;
                case LE -> value <= limit;
                case GT -> value > limit;
                case GE -> value >= limit;
                case EQ -> value == limit;
                case NE -> value != limit;
            };
        }
    }

    /**
     * A threshold checked against a run.
     *
     * @param threshold the threshold
     * @param value     the value it read; NaN when the run has none
     * @param passed    true when the value holds against the limit
     */
    public record Outcome(Threshold threshold, double value, boolean passed) {
    }

    public Threshold {
        Objects.requireNonNull(expression);
        Objects.requireNonNull(figure);
        Objects.requireNonNull(bound);
        Objects.requireNonNull(op);
    }

    /** This threshold checked against {@code run}. */
    public Outcome check(RunResult run) {
        double value = value(run);
        return new Outcome(this, value, !Double.isNaN(value) && op.holds(value, limit));
    }

    /** Each of {@code thresholds} checked against {@code run}, in order. */
    public static List<Outcome> check(List<Threshold> thresholds, RunResult run) {
        return thresholds.stream().map(t -> t.check(run)).toList();
    }

    private double value(RunResult run) {
        if (run.replications().isEmpty()) {
            if (bound != Bound.VALUE) {
                throw new IllegalStateException(expression + " names an interval, but the run has no replications");
            }
            Map<Figure, Double> figures = RunFigures.of(run);
            return figures.getOrDefault(figure, Double.NaN);
        }
        Optional<Interval> interval = run.replications().get().estimate(figure)
                .flatMap(Replications.Estimate::interval);
        if (interval.isEmpty()) {
            return Double.NaN;
        }
        Interval i = interval.get();
        return switch (bound) {
            case VALUE, MEAN -> i.mean();
            case LOWER -> i.ci95Low();
            case UPPER -> i.ci95High();
        };
    }
}
