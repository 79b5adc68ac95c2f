package io.edgesim.model.algorithm;

/** Creates the counter that implements an {@link AlgorithmSpec}. */
final class Algorithms {

    private Algorithms() {
    }

    static RateCounter newCounter(AlgorithmSpec spec) {
        return switch (spec.kind()) {
            case FIXED_WINDOW -> spec.anchor() == WindowAnchor.FIRST_REQUEST
                    ? new FirstRequestWindowCounter(spec.limit(), spec.windowNanos(), spec.count())
                    : new FixedWindowCounter(spec.limit(), spec.windowNanos(), spec.count());
            case SLIDING_WINDOW -> new SlidingWindowCounter(spec.limit(), spec.windowNanos(), spec.count());
            case SLIDING_LOG -> new SlidingLogCounter(spec.limit(), spec.windowNanos(), spec.count());
            case TOKEN_BUCKET -> new TokenBucketCounter(spec.ratePerSecond(), spec.burst());
            case GCRA -> new GcraCounter(spec.ratePerSecond(), spec.burst());
        };
    }
}
