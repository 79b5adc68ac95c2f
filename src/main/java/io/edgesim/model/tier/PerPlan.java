package io.edgesim.model.tier;

import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.key.KeyIds;

import java.util.Arrays;
import java.util.function.Function;

/**
 * Something a tier builds from its algorithm once per plan (a scratch counter, a counter factory, a limit), found
 * by key number: key k gets the one built from {@code algorithm.forPlan(keys.plan(k))}. Each plan's is built on its
 * first key and kept in an array indexed by the run's plan numbers ({@link KeyIds#planNumber}), so a lookup is two
 * array reads; an algorithm without plans answers its one value without reading the key's plan. Not thread-safe.
 *
 * @param <T> what is built per plan
 */
public final class PerPlan<T> {

    private final AlgorithmSpec algorithm;
    private final KeyIds keys;
    private final Function<AlgorithmSpec, T> build;
    private final T own;
    // by plan number, null until that plan's first key; null altogether for an algorithm without plans
    private Object[] byPlan;

    public PerPlan(AlgorithmSpec algorithm, KeyIds keys, Function<AlgorithmSpec, T> build) {
        this.algorithm = algorithm;
        this.keys = keys;
        this.build = build;
        this.own = build.apply(algorithm);
        this.byPlan = algorithm.plans().isEmpty() ? null : new Object[] {own};
    }

    /** The value built for keys with no plan, or of a plan the algorithm does not list. */
    public T own() {
        return own;
    }

    /** True when the algorithm has plans, so that keys may get another value than {@link #own()}. */
    public boolean planned() {
        return byPlan != null;
    }

    /** The value for key number {@code keyId}. */
    @SuppressWarnings("unchecked")
    public T of(int keyId) {
        Object[] values = byPlan;
        if (values == null) {
            return own;
        }
        int plan = keys.planNumber(keyId);
        if (plan >= values.length) {
            values = Arrays.copyOf(values, plan + 1);
            byPlan = values;
        }
        Object value = values[plan];
        if (value == null) {
            AlgorithmSpec spec = algorithm.forPlan(keys.planName(plan));
            value = spec == algorithm ? own : build.apply(spec);
            values[plan] = value;
        }
        return (T) value;
    }
}
