package io.edgesim.model.algorithm;

/**
 * Fresh counters of one algorithm that all share one copy of its configuration: each is a {@link RateCounter#copy()}
 * of a blank counter that never decides anything, and copies share their original's immutable configuration. A
 * tier holding a counter per key uses one, so that a million keys carry the configuration once, not a million
 * times. Counters it makes decide exactly as {@link AlgorithmSpec#newCounter()} ones do.
 */
public final class CounterFactory {

    private final RateCounter blank;

    public CounterFactory(AlgorithmSpec algorithm) {
        this.blank = algorithm.newCounter();
    }

    /** A fresh counter for one key, full allowance. */
    public RateCounter newCounter() {
        return blank.copy();
    }
}
